import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys } from '@/lib/query-keys';
import { inboxResponseSchema, type InboxQuery, type InboxResponse } from '@/schemas/inbox';

export type InboxModelQuery = Omit<InboxQuery, 'limit' | 'after'>;

const PAGE = 100;

/** GET /bff/inbox: one page of a view (or a search) from the BFF's read model, with the view counts. */
export const getInbox = ({
  query,
  after,
  signal,
}: {
  query: InboxModelQuery;
  after?: string;
  signal?: AbortSignal;
}): Promise<InboxResponse> =>
  apiRequest('/bff/inbox', {
    query: { ...query, limit: PAGE, after },
    schema: inboxResponseSchema,
    signal,
  });

/**
 * A view of the read model, page after page. It costs the store nothing (the BFF answers from memory), so
 * the live sync simply reads it again when a `conversation` event arrives, and every second while the
 * model is not ready (`ready: false`: its first pass, or the catch-up of a reader that had stopped; the
 * list then comes from the API, without previews or unread markers, which appear as soon as it is).
 */
export const inboxQueryOptions = (query: InboxModelQuery) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: ({ pageParam, signal }) => getInbox({ query, after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: InboxResponse) =>
      last.page.has_more ? (last.page.next_cursor ?? undefined) : undefined,
    refetchInterval: (query) => (query.state.data?.pages[0]?.ready === false ? 1_000 : false),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export function useInbox(query: InboxModelQuery) {
  return useInfiniteQuery(inboxQueryOptions(query));
}
