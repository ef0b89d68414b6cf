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
    const session = createStoredValue('draft:a', schema, 'session');
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
});
