import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { cursorPagination, getNextPageParam, withCursor } from '@/lib/pagination';
import { conversationSchema, type Conversation, type ConversationListQuery } from '@/schemas/conversation';
import { listSchema } from '@/schemas/page';
import { INBOX_PAGE_SIZE, type ConversationListFilter } from '../inbox-filters';

/** The list's query as sent (ConversationListQuery is what the server parses, with limit as text). */
export type ConversationsQuery = Omit<ConversationListQuery, 'limit'> & { limit?: number };

/** GET /api/v1/agent-conversations: one page. */
export const getConversations = ({ query, signal }: { query: ConversationsQuery; signal?: AbortSignal }) =>
  apiRequest('/api/v1/agent-conversations', { query, schema: listSchema(conversationSchema), signal });

/** Prefix of every cached inbox list (the live sync merges changes into all of them). */

/**
 * The inbox list of one filter set, newest first by created_at, page after page. The live sync keeps
 * every cached list current (see use-live-sync.ts), so a list is never refetched behind the user's back:
 * refetching an infinite list re-reads every loaded page, and the scroll position would jump.
 */
export const conversationsQueryOptions = (filter: ConversationListFilter) =>
  infiniteQueryOptions({
    ...cursorPagination,
    queryKey: conversationKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      getConversations({ query: withCursor({ ...filter, limit: INBOX_PAGE_SIZE }, pageParam), signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useConversations(filter: ConversationListFilter) {
  return useInfiniteQuery(conversationsQueryOptions(filter));
}

export type ConversationsWalk = {
  conversations: Conversation[];
  /** false when the walk stopped after `maxPages` with more left to read. */
  complete: boolean;
};

/** Reads one list query page after page (the largest pages the API allows), up to `maxPages`. */
export async function walkConversations({
  query,
  maxPages,
  signal,
}: {
  query: Omit<ConversationsQuery, 'after' | 'limit'>;
  maxPages: number;
  signal?: AbortSignal;
}): Promise<ConversationsWalk> {
  const conversations: Conversation[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const response = await getConversations({
      query: withCursor({ ...query, limit: INBOX_PAGE_SIZE }, cursor),
      signal,
    });
    conversations.push(...response.data);
    cursor = getNextPageParam(response);
    if (cursor === undefined) return { conversations, complete: true };
  }
  return { conversations, complete: false };
}

/**
 * Every conversation touched at or after `since` (GET ...?updated_after=, ascending by updated_at), walked
 * to the last page or `maxPages`. The walk is at least once: a conversation that changes mid-walk comes
 * again, so callers dedupe by id and keep the newest. Its cursors are only ever sent back with the same
 * updated_after, never to the default (created_at) ordering.
 */
export function getChangedConversations({
  since,
  maxPages,
  signal,
}: {
  since: string;
  maxPages: number;
  signal?: AbortSignal;
}): Promise<ConversationsWalk> {
  return walkConversations({ query: { updated_after: since }, maxPages, signal });
}
