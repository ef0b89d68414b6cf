import { afterEach, describe, expect, it } from 'vitest';
import { clearUserStorage } from './user-storage';

afterEach(() => window.localStorage.clear());

describe('clearUserStorage', () => {
  it("removes exactly the user's items, whatever feature wrote them", () => {
    const mine = [
      'sales-dashboard:reply-draft:usr_staff1:conv_1',
      'sales-dashboard:reply-outbox:usr_staff1',
      'assistant-config-draft:usr_staff1',
      'knowledge-source-draft:usr_staff1',
    ];
    const others = [
      'sales-dashboard:reply-draft:usr_staff2:conv_1',
      'assistant-config-draft:usr_staff10',
      'inbox:desktop-notifications',
    ];
    for (const name of [...mine, ...others]) window.localStorage.setItem(name, 'x');
    clearUserStorage('usr_staff1');
    const left = Object.keys(window.localStorage).sort();
    expect(left).toEqual([...others].sort());
  });
});

describe("the features' stored drafts follow the naming rule", () => {
  it('reply drafts, the outbox, config and knowledge drafts are all cleared for their user only', async () => {
    const { writeDraft, readDraft } = await import('@/features/transcript/drafts');
    const { putOutboxEntry, readOutbox } = await import('@/features/transcript/outbox');
    const { draftStorageKey } = await import('@/features/config/config-draft');
    const { saveDraft, loadDraft } = await import('@/features/knowledge/source-draft');
    for (const user of ['usr_a', 'usr_b']) {
      writeDraft(user, 'conv_1', 'typed by someone');
      putOutboxEntry({
        conversationId: 'conv_1',
        idempotencyKey: `key-${user}`,
        content: 'unsent',
        authorUserId: user,
        createdAt: '2026-11-23T10:00:00Z',
        status: 'failed',
      });
      window.localStorage.setItem(draftStorageKey(user), '{}');
      saveDraft(user, { kind: 'faq', title: 'Returns', text: 'Q: how?', pending: null });
    }
    clearUserStorage('usr_a');
    expect(readDraft('usr_a', 'conv_1')).toBe('');
    expect(readOutbox('usr_a')).toEqual([]);
    expect(window.localStorage.getItem(draftStorageKey('usr_a'))).toBeNull();
    expect(loadDraft('usr_a')).toBeNull();
    expect(readDraft('usr_b', 'conv_1')).toBe('typed by someone');
    expect(readOutbox('usr_b')).toHaveLength(1);
    expect(loadDraft('usr_b')).not.toBeNull();
    window.sessionStorage.clear();
  });
});
