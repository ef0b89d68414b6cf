import { beforeEach, describe, expect, it } from 'vitest';
import { putOutboxEntry, readOutbox, removeOutboxEntry, type OutboxEntry } from './outbox';

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
});
