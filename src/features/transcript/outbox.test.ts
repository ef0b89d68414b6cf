import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { putOutboxEntry, readOutbox, removeOutboxEntry, useUnsentReplies, type OutboxEntry } from './outbox';

const entry = (key: string, userId = 'usr_staff1'): OutboxEntry => ({
  conversationId: 'conv_1',
  idempotencyKey: key,
  content: `Reply ${key}`,
  authorUserId: userId,
  createdAt: '2026-03-01T09:00:00.000Z',
  status: 'sending',
});

beforeEach(() => localStorage.clear());

describe('outbox', () => {
  it('keeps replies per user, replaces by key and removes by key', () => {
    putOutboxEntry(entry('k1'));
    putOutboxEntry(entry('k2'));
    putOutboxEntry(entry('k9', 'usr_staff2'));
    putOutboxEntry({ ...entry('k1'), status: 'failed' });
    expect(readOutbox('usr_staff1').map((item) => [item.idempotencyKey, item.status])).toEqual([
      ['k1', 'failed'],
      ['k2', 'sending'],
    ]);
    removeOutboxEntry('usr_staff1', 'k1');
    expect(readOutbox('usr_staff1').map((item) => item.idempotencyKey)).toEqual(['k2']);
    expect(readOutbox('usr_staff2').map((item) => item.idempotencyKey)).toEqual(['k9']);
  });

  it('gives the same array while nothing changed', () => {
    putOutboxEntry(entry('k1'));
    expect(readOutbox('usr_staff1')).toBe(readOutbox('usr_staff1'));
  });

  it('survives storage it cannot read: an unreadable entry costs only itself', () => {
    localStorage.setItem('sales-dashboard:reply-outbox:usr_staff1', '{not json');
    expect(readOutbox('usr_staff1')).toEqual([]);
    localStorage.setItem(
      'sales-dashboard:reply-outbox:usr_staff1',
      JSON.stringify([{ content: 'no key' }, entry('k1')]),
    );
    expect(readOutbox('usr_staff1').map((item) => item.idempotencyKey)).toEqual(['k1']);
  });

  it("shows every change to the user's outbox, made in this page or in another tab", () => {
    const { result } = renderHook(() => useUnsentReplies('usr_staff1'));
    expect(result.current).toEqual([]);
    act(() => putOutboxEntry(entry('k1')));
    expect(result.current.map((item) => item.idempotencyKey)).toEqual(['k1']);
    act(() => putOutboxEntry(entry('k9', 'usr_staff2')));
    expect(result.current.map((item) => item.idempotencyKey)).toEqual(['k1']);
    act(() => {
      // Another tab sent k1 and queued k2: the browser tells this one through a storage event.
      localStorage.setItem('sales-dashboard:reply-outbox:usr_staff1', JSON.stringify([entry('k2')]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'sales-dashboard:reply-outbox:usr_staff1' }));
    });
    expect(result.current.map((item) => item.idempotencyKey)).toEqual(['k2']);
  });
});
