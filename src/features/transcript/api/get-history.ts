import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { historyListSchema, type HistoryEntry } from '@/schemas/history';

/** GET /bff/conversations/{id}/history: the dashboard's own record of the conversation, oldest first. */
export const getHistory = ({ conversationId, signal }: { conversationId: string; signal?: AbortSignal }) =>
  apiRequest(`/bff/conversations/${encodeURIComponent(conversationId)}/history`, {
    schema: historyListSchema,
    signal,
  });

export const historyQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.history(conversationId),
    queryFn: ({ signal }) => getHistory({ conversationId, signal }).then((list) => list.data),
    // New entries arrive with the live `history` event (use-transcript.ts); a re-read follows a resync.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Puts entries just recorded (or attributed to a person since) into the cached history, once each. */
export function addHistoryEntries(
  queryClient: QueryClient,
  conversationId: string,
  entries: readonly HistoryEntry[],
) {
  // In order already: a new entry is the newest, a known one (named since) keeps its place.
  queryClient.setQueryData(
    historyQueryOptions(conversationId).queryKey,
    (current) => current && [...new Map([...current, ...entries].map((entry) => [entry.id, entry])).values()],
  );
}
