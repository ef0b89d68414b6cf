import { walkConversations, type ConversationsWalk } from './get-conversations';

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
