import {
  partialMatchKey,
  type InfiniteData,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import type { Conversation } from '@/schemas/conversation';
import type { ListOf } from '@/schemas/page';
import { conversationKeys } from '@/lib/query-keys';
import type { ConversationsWalk } from './api/get-conversations';
import { needsPersonQueryOptions } from './api/get-needs-person';
import { matchesListFilter, needsPerson, type ConversationListFilter } from './inbox-filters';

/**
 * One place that writes conversations into every cached copy: the inbox lists (one per filter set), the
 * open conversation and the set of conversations needing a person. The live sync, the optimistic updates
 * of the actions and the answers of their writes all go through `writeConversations`.
 */

export type ConversationPages = InfiniteData<ListOf<Conversation>, unknown>;

/**
 * Every open conversation's detail, not the transcript under it: a conversation's state is re-read or
 * walked here, and its messages (other data, read page by page) must neither be refetched nor mistaken
 * for a conversation.
 */
export const conversationDetailsOnly = {
  queryKey: conversationKeys.details(),
  predicate: (query) => conversationKeys.isDetail(query.queryKey),
} satisfies QueryFilters;

/** The caches that hold conversation state: each list, each open conversation, the needs-a-person set. */
export function holdsConversationState(queryKey: QueryKey): boolean {
  return (
    partialMatchKey(queryKey, conversationKeys.lists()) ||
    conversationKeys.isDetail(queryKey) ||
    partialMatchKey(queryKey, conversationKeys.needsPerson())
  );
}

/**
 * When an incoming version replaces a cached one:
 * - `newer`: only a strictly newer updated_at (the live sync, so it never undoes an optimistic change
 *   with the state that change was based on);
 * - `not-older`: the same or a newer updated_at (the answer of a write, a rollback, a fresh read);
 * - `always`: an optimistic change (it keeps the updated_at it was based on).
 */
export type ReplacePolicy = 'newer' | 'not-older' | 'always';

function replaces(incoming: Conversation, cached: Conversation, policy: ReplacePolicy): boolean {
  if (policy === 'always') return true;
  const difference = Date.parse(incoming.updated_at) - Date.parse(cached.updated_at);
  return policy === 'newer' ? difference > 0 : difference >= 0;
}

/** The default list order: newest created_at first, ties by id descending (as the API sorts). */
function listedBefore(a: Conversation, b: Conversation): boolean {
  const difference = Date.parse(a.created_at) - Date.parse(b.created_at);
  if (difference !== 0) return difference > 0;
  return a.id > b.id;
}

/** The newest version of each conversation (a walk is at least once: the same id may come twice). */
export function newestById(conversations: Iterable<Conversation>): Map<string, Conversation> {
  const byId = new Map<string, Conversation>();
  for (const conversation of conversations) {
    const known = byId.get(conversation.id);
    if (known === undefined || replaces(conversation, known, 'not-older'))
      byId.set(conversation.id, conversation);
  }
  return byId;
}

/**
 * Replaces the rows a change supersedes, dropping those that no longer `belong`. Returns `rows` itself
 * when nothing changed.
 */
function replaceRows(
  rows: readonly Conversation[],
  changes: ReadonlyMap<string, Conversation>,
  policy: ReplacePolicy,
  belongs: (conversation: Conversation) => boolean,
): Conversation[] {
  let touched = false;
  const next: Conversation[] = [];
  for (const row of rows) {
    const incoming = changes.get(row.id);
    if (incoming === undefined || incoming === row || !replaces(incoming, row, policy)) {
      next.push(row);
      continue;
    }
    touched = true;
    if (belongs(incoming)) next.push(incoming);
  }
  return touched ? next : (rows as Conversation[]);
}

/**
 * Merges changes into the loaded pages of one list: a newer version replaces its row, or drops it when it
 * no longer matches the list's filter; a matching conversation the list lacks is inserted at its place in
 * the created_at order, unless that place lies beyond the loaded pages (it comes with the next page).
 * Untouched pages keep their identity, so React re-renders only what changed.
 */
export function mergeIntoPages(
  data: ConversationPages,
  changes: ReadonlyMap<string, Conversation>,
  filter: ConversationListFilter,
  policy: ReplacePolicy,
): ConversationPages {
  const listed = new Set<string>();
  let pages = data.pages.map((page) => {
    const merged = replaceRows(page.data, changes, policy, (conversation) =>
      matchesListFilter(conversation, filter),
    );
    for (const row of page.data) listed.add(row.id);
    return merged === page.data ? page : { ...page, data: merged };
  });

  const additions = [...changes.values()]
    .filter((conversation) => !listed.has(conversation.id) && matchesListFilter(conversation, filter))
    .sort((a, b) => (listedBefore(a, b) ? -1 : 1));
  if (additions.length > 0) pages = insertInOrder(pages, additions);
  const unchanged = pages.every((page, index) => page === data.pages[index]);
  return unchanged ? data : { ...data, pages };
}

/**
 * Inserts conversations (sorted in list order) at their places, in one pass over the loaded rows. Those
 * that belong after the last loaded row wait for the page that holds them, unless there is none.
 */
function insertInOrder(
  pages: ConversationPages['pages'],
  additions: Conversation[],
): ConversationPages['pages'] {
  let next = 0;
  return pages.map((page, pageIndex) => {
    if (next >= additions.length) return page;
    const rows: Conversation[] = [];
    for (const row of page.data) {
      while (next < additions.length && listedBefore(additions[next]!, row)) rows.push(additions[next++]!);
      rows.push(row);
    }
    if (pageIndex === pages.length - 1 && !page.page.has_more) rows.push(...additions.slice(next));
    return rows.length === page.data.length ? page : { ...page, data: rows };
  });
}

/** Merges changes into the set of conversations needing a person (order does not matter there). */
export function mergeIntoNeedsPerson(
  data: ConversationsWalk,
  changes: ReadonlyMap<string, Conversation>,
  policy: ReplacePolicy,
): ConversationsWalk {
  const present = new Set(data.conversations.map((row) => row.id));
  let conversations = replaceRows(data.conversations, changes, policy, needsPerson);
  let touched = conversations !== data.conversations;
  for (const incoming of changes.values()) {
    if (present.has(incoming.id) || !needsPerson(incoming)) continue;
    if (!touched) conversations = [...conversations];
    touched = true;
    conversations.unshift(incoming);
  }
  return touched ? { ...data, conversations } : data;
}

/** Writes conversations into every cached list, open conversation and the needs-a-person set. */
export function writeConversations(
  queryClient: QueryClient,
  conversations: Iterable<Conversation>,
  policy: ReplacePolicy,
): void {
  const changes = newestById(conversations);
  if (changes.size === 0) return;

  for (const [queryKey, data] of queryClient.getQueriesData<ConversationPages>({
    queryKey: conversationKeys.lists(),
  })) {
    if (data === undefined) continue;
    const filter = queryKey[conversationKeys.lists().length] as ConversationListFilter;
    const merged = mergeIntoPages(data, changes, filter, policy);
    if (merged !== data) queryClient.setQueryData(queryKey, merged);
  }

  for (const conversation of changes.values()) {
    const queryKey = conversationKeys.detail(conversation.id);
    const cached = queryClient.getQueryData<Conversation>(queryKey);
    if (cached !== undefined && cached !== conversation && replaces(conversation, cached, policy)) {
      queryClient.setQueryData(queryKey, conversation);
    }
  }

  const needsKey = needsPersonQueryOptions().queryKey;
  const needs = queryClient.getQueryData(needsKey);
  if (needs !== undefined) {
    const merged = mergeIntoNeedsPerson(needs, changes, policy);
    if (merged !== needs) queryClient.setQueryData(needsKey, merged);
  }
}

/** Every conversation the caches hold, each in its freshest cached version. */
export function cachedConversations(queryClient: QueryClient): Map<string, Conversation> {
  const freshest = new Map<string, Conversation>();
  const keep = (conversation: Conversation) => {
    const known = freshest.get(conversation.id);
    if (known === undefined || replaces(conversation, known, 'newer'))
      freshest.set(conversation.id, conversation);
  };
  for (const [, data] of queryClient.getQueriesData<Conversation>(conversationDetailsOnly)) {
    if (data !== undefined) keep(data);
  }
  for (const [, data] of queryClient.getQueriesData<ConversationPages>({
    queryKey: conversationKeys.lists(),
  })) {
    for (const page of data?.pages ?? []) page.data.forEach(keep);
  }
  return freshest;
}

/** The freshest version of one conversation any cache holds (for an optimistic change on top of it). */
export function cachedConversation(
  queryClient: QueryClient,
  conversationId: string,
): Conversation | undefined {
  let freshest = queryClient.getQueryData<Conversation>(conversationKeys.detail(conversationId));
  for (const [, data] of queryClient.getQueriesData<ConversationPages>({
    queryKey: conversationKeys.lists(),
  })) {
    for (const page of data?.pages ?? []) {
      const row = page.data.find((candidate) => candidate.id === conversationId);
      if (row !== undefined && (freshest === undefined || replaces(row, freshest, 'newer'))) freshest = row;
    }
  }
  return freshest;
}

/** The rows of the loaded pages, once each (an inserted row may come again with a later page). */
export function flattenUnique(data: ConversationPages | undefined): Conversation[] {
  if (data === undefined) return [];
  const seen = new Set<string>();
  const rows: Conversation[] = [];
  for (const page of data.pages) {
    for (const row of page.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
