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
 * While the model is not ready, how often the list asks again: while the store is being listed each read
 * costs the store one; afterwards none, and each brings the previews read meanwhile.
 */
const NOT_READY_RECHECK_MS = 5_000;

/**
 * A view of the inbox, page after page: the browser's one cache of lists, counts and handoffs. From the
 * read model it costs the store nothing, so the inbox sync simply reads it again after events, or every
 * few seconds while polling (see use-inbox-sync.ts). While the store is being listed (`listed: false`:
 * the model's first pass, or the catch-up of a reader that had stopped) the BFF answers from the API's own
 * list, without counts, previews or unread markers; once listed, from the model, whose previews and waiting
 * times fill in until it is `ready` (the first pass reads them quietly, so the list asks again meanwhile).
 */
export const inboxQueryOptions = (query: InboxModelQuery) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: ({ pageParam, signal }) => getInbox({ query, after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: InboxResponse) =>
      last.page.has_more ? (last.page.next_cursor ?? undefined) : undefined,
    refetchInterval: (query) => (query.state.data?.pages[0]?.ready === false ? NOT_READY_RECHECK_MS : false),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export function useInbox(query: InboxModelQuery) {
  return useInfiniteQuery(inboxQueryOptions(query));
}
