import type { QueryClient } from '@tanstack/react-query';
import { conversationQueryOptions } from '@/features/inbox/api/get-conversation';
import { inboxQueryOptions } from '@/features/inbox/api/get-inbox';
import {
  DEFAULT_FILTERS,
  parseFilters,
  parseListOptions,
  toModelQuery,
} from '@/features/inbox/inbox-filters';
import { messagesQueryOptions } from '@/features/transcript/api/get-messages';
import { loadSession } from './load-session';

/**
 * The inbox's first requests, started by the route loader while the inbox's code downloads: the list's
 * first page for the view in the address (which carries the counts for the title and the latest
 * handoffs) and, when one is open, the conversation and its transcript. The screen's queries pick up the same
 * requests. Nothing is sent without a session: a visitor who is not signed in goes to sign-in instead.
 */
export async function loadInboxData(queryClient: QueryClient, url: URL, conversationId?: string) {
  const session = await loadSession(queryClient);
  if (!session) return;
  const filters = parseFilters(url.searchParams, session.roster) ?? DEFAULT_FILTERS;
  const ignore = () => undefined; // A failure is the screen's to show, through its own query.
  const listOptions = parseListOptions(url.searchParams);
  void queryClient
    .ensureInfiniteQueryData(inboxQueryOptions(toModelQuery(filters, listOptions)))
    .catch(ignore);
  if (conversationId) {
    void queryClient.ensureQueryData(conversationQueryOptions(conversationId)).catch(ignore);
    void queryClient.ensureInfiniteQueryData(messagesQueryOptions(conversationId)).catch(ignore);
  }
}
