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
 * A view of the inbox, page after page: the browser's one cache of lists, counts and handoffs. From the
 * read model it costs the store nothing, so the inbox sync simply reads it again after events, or every
 * few seconds while polling (see use-inbox-sync.ts). While the store is being listed (`listed: false`:
 * the model's first pass, or the catch-up of a reader that had stopped) the BFF answers from the API's own
 * list, without counts, previews or unread markers; once listed, from the model, whose previews and waiting
 * times fill in until it is `ready`: the stream's `previews` events say when to read again (and polling
 * does while the stream is down).
 */
export const inboxQueryOptions = (query: InboxModelQuery) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: ({ pageParam, signal }) => getInbox({ query, after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: InboxResponse) =>
      last.page.has_more ? (last.page.next_cursor ?? undefined) : undefined,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export function useInbox(query: InboxModelQuery) {
  return useInfiniteQuery(inboxQueryOptions(query));
}
