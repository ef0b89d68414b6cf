import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { conversationKeys } from '@/lib/query-keys';
import type { Conversation } from '@/schemas/conversation';
import { buildConversation } from '@/testing/factories';
import {
  cachedConversation,
  cachedConversations,
  conversationDetailsOnly,
  flattenUnique,
  holdsConversationState,
  mergeIntoNeedsPerson,
  mergeIntoPages,
  newestById,
  type ConversationPages,
} from './conversation-cache';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

function conversation(id: string, createdMinute: number, fields: Partial<Conversation> = {}): Conversation {
  const created = at(createdMinute);
  return buildConversation({
    id,
    created_at: created,
    updated_at: created,
    display_name: id,
    handoff_state: 'human',
    ...fields,
  });
}

/** Newest created first, as the API lists them. */
function pages(rows: Conversation[][], hasMoreAfterLast = false): ConversationPages {
  return {
    pageParams: rows.map((_, index) => (index === 0 ? undefined : `c${index}`)),
    pages: rows.map((data, index) => ({
      data,
      page:
        index < rows.length - 1 || hasMoreAfterLast
          ? { has_more: true, next_cursor: `c${index + 1}` }
          : { has_more: false },
    })),
  };
}

const ids = (data: ConversationPages) => flattenUnique(data).map((row) => row.id);
const needs = { status: 'active', handoff_state: 'human' } as const;

describe('mergeIntoPages', () => {
  const c50 = conversation('c50', 50);
  const c40 = conversation('c40', 40);
  const c30 = conversation('c30', 30);
  const c20 = conversation('c20', 20);

  it('replaces a row by a newer version and keeps the untouched pages as they were', () => {
    const data = pages([
      [c50, c40],
      [c30, c20],
    ]);
    const newer = { ...c30, assigned_to: 'usr_staff2', updated_at: at(55) };
    const merged = mergeIntoPages(data, newestById([newer]), needs, 'newer');
    expect(flattenUnique(merged).find((row) => row.id === 'c30')?.assigned_to).toBe('usr_staff2');
    expect(merged.pages[0]).toBe(data.pages[0]);
  });

  it('ignores a version that is not newer under the live-sync policy, so an optimistic row stays', () => {
    const optimistic = { ...c40, handoff_state: 'human' as const, assigned_to: 'usr_owner' };
    const data = pages([[c50, optimistic]]);
    expect(mergeIntoPages(data, newestById([c40]), needs, 'newer')).toBe(data);
    expect(ids(mergeIntoPages(data, newestById([c40]), needs, 'not-older'))).toEqual(['c50', 'c40']);
  });

  it('drops a row whose newer version no longer matches the filter', () => {
    const closed = { ...c40, status: 'closed' as const, updated_at: at(56) };
    expect(ids(mergeIntoPages(pages([[c50, c40, c30]]), newestById([closed]), needs, 'newer'))).toEqual([
      'c50',
      'c30',
    ]);
  });

  it('inserts a new matching conversation at its created_at place', () => {
    const c45 = conversation('c45', 45);
    const c60 = conversation('c60', 60);
    const merged = mergeIntoPages(pages([[c50, c40], [c30]]), newestById([c45, c60]), needs, 'newer');
    expect(ids(merged)).toEqual(['c60', 'c50', 'c45', 'c40', 'c30']);
  });

  it('leaves a conversation that belongs beyond the loaded pages to the next page', () => {
    const c10 = conversation('c10', 10);
    expect(ids(mergeIntoPages(pages([[c50, c40]], true), newestById([c10]), needs, 'newer'))).toEqual([
      'c50',
      'c40',
    ]);
    expect(ids(mergeIntoPages(pages([[c50, c40]], false), newestById([c10]), needs, 'newer'))).toEqual([
      'c50',
      'c40',
      'c10',
    ]);
  });

  it('does not insert a conversation that does not match', () => {
    const bot = conversation('c45', 45, { handoff_state: 'bot' });
    const data = pages([[c50, c40]]);
    expect(mergeIntoPages(data, newestById([bot]), needs, 'newer')).toBe(data);
  });
});

describe('newestById and flattenUnique', () => {
  it('keeps the newest version of a conversation the walk returned twice', () => {
    const first = conversation('c1', 1);
    const second = { ...first, assigned_to: 'usr_owner', updated_at: at(9) };
    expect(newestById([second, first]).get('c1')).toBe(second);
  });

  it('shows a row once when a later page brings an inserted row again', () => {
    const c1 = conversation('c1', 1);
    expect(ids(pages([[c1], [c1]]))).toEqual(['c1']);
  });
});

describe('mergeIntoNeedsPerson', () => {
  it('adds new handoffs, drops conversations that no longer need a person, keeps the rest', () => {
    const waiting = conversation('w', 1);
    const taken = conversation('t', 2);
    const data = { conversations: [waiting, taken], complete: true };
    const closed = { ...taken, status: 'closed' as const, updated_at: at(30) };
    const handoff = conversation('h', 3);
    const merged = mergeIntoNeedsPerson(data, newestById([closed, handoff]), 'newer');
    expect(merged.conversations.map((row) => row.id).sort()).toEqual(['h', 'w']);
    expect(data.conversations).toHaveLength(2);
  });
});

describe('the caches of conversation state, beside the transcripts under the details', () => {
  const open = conversation('conv_1', 10);
  const listed = { ...open, assigned_to: 'usr_owner', updated_at: at(20) };
  const transcript = { pages: [{ data: [{ id: 'msg_1' }], page: { has_more: false } }], pageParams: [null] };

  function seeded() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationKeys.detail('conv_1'), open);
    queryClient.setQueryData(conversationKeys.messages('conv_1'), transcript);
    queryClient.setQueryData(conversationKeys.list({ status: 'active' }), pages([[listed]]));
    return queryClient;
  }

  it('reads conversations from lists and details, never a transcript as a conversation', () => {
    const queryClient = seeded();
    expect([...cachedConversations(queryClient).entries()]).toEqual([['conv_1', listed]]);
    expect(cachedConversation(queryClient, 'conv_1')).toBe(listed);
  });

  it("re-reads an open conversation's detail without its transcript", async () => {
    const queryClient = seeded();
    await queryClient.invalidateQueries(conversationDetailsOnly);
    expect(queryClient.getQueryState(conversationKeys.detail('conv_1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(conversationKeys.messages('conv_1'))?.isInvalidated).toBe(false);
  });

  it('lays live changes over lists, details and the needs-a-person set only', () => {
    expect(holdsConversationState(conversationKeys.list({ status: 'active' }))).toBe(true);
    expect(holdsConversationState(conversationKeys.detail('conv_1'))).toBe(true);
    expect(holdsConversationState(conversationKeys.needsPerson())).toBe(true);
    expect(holdsConversationState(conversationKeys.messages('conv_1'))).toBe(false);
    expect(holdsConversationState(['inbox', 'list', {}])).toBe(false);
  });
});
