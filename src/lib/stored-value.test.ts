import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createStoredValue } from './stored-value';

const schema = z.object({ text: z.string() });

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('createStoredValue', () => {
  it('writes, reads back and removes a value, in the storage area asked for', () => {
    const local = createStoredValue('draft:a', schema);
    const session = createStoredValue('draft:a', schema, { area: 'session' });
    expect(local.write({ text: 'hello' })).toBe(true);
    expect(local.read()).toEqual({ text: 'hello' });
    expect(session.read()).toBeNull();
    expect(local.write(null)).toBe(true);
    expect(window.localStorage.getItem('draft:a')).toBeNull();
  });

  it('drops what it cannot read: broken JSON or another shape', () => {
    const value = createStoredValue('draft:b', schema);
    window.localStorage.setItem('draft:b', '{"text":');
    expect(value.read()).toBeNull();
    expect(window.localStorage.getItem('draft:b')).toBeNull();
    window.localStorage.setItem('draft:b', JSON.stringify({ text: 3 }));
    expect(value.read()).toBeNull();
    expect(window.localStorage.getItem('draft:b')).toBeNull();
  });

  it('never throws when the browser refuses: reading finds nothing, writing says false', () => {
    const value = createStoredValue('draft:c', schema);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(value.write({ text: 'x' })).toBe(false);
    expect(value.read()).toBeNull();
  });

  it('reads what an older build stored through migrate, and stores it again in the current format', () => {
    const value = createStoredValue('draft:d', schema, { migrate: (raw) => ({ text: raw }) });
    for (const old of ['plain words', '42', '"quoted"', '{"text":']) {
      window.localStorage.setItem('draft:d', old);
      expect(value.read()).toEqual({ text: old });
      expect(JSON.parse(window.localStorage.getItem('draft:d')!)).toEqual({ text: old });
    }
    const dropping = createStoredValue('draft:e', schema, { migrate: () => null });
    window.localStorage.setItem('draft:e', 'unusable');
    expect(dropping.read()).toBeNull();
    expect(window.localStorage.getItem('draft:e')).toBeNull();
  });

  it('returns the same value while the stored text is unchanged, a new one after a change', () => {
    const value = createStoredValue('draft:f', schema);
    value.write({ text: 'one' });
    const first = value.read();
    expect(value.read()).toBe(first);
    window.localStorage.setItem('draft:f', JSON.stringify({ text: 'two' }));
    expect(value.read()).toEqual({ text: 'two' });
  });

  it('tells subscribers of writes in this page and of changes from another tab', () => {
    const value = createStoredValue('draft:g', schema);
    const other = createStoredValue('draft:h', schema);
    const listener = vi.fn();
    const stop = value.subscribe(listener);
    createStoredValue('draft:g', schema).write({ text: 'from another instance' });
    other.write({ text: 'not this name' });
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'draft:g' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'draft:h' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    value.write(null);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
