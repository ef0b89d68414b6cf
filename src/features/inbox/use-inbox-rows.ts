import { useMemo } from 'react';
import { DEFAULT_WAITING_THRESHOLD_MINUTES, type InboxRow } from '@/schemas/inbox';
import { useInbox } from './api/get-inbox';
import { toModelQuery, type InboxFilters, type ListOptions } from './inbox-filters';

/**
 * The rows of one list, from the BFF's `GET /bff/inbox`: its read model once ready (previews, unread,
 * waiting order, search over everything), and until then the API's own list in the same shape.
 */
export function useInboxRows(filters: InboxFilters, options: ListOptions) {
  const query = useInbox(toModelQuery(filters, options));
  const { rows, summaries } = useMemo(() => {
    const byId = new Map<string, InboxRow>();
    for (const page of query.data?.pages ?? [])
      for (const row of page.data) byId.set(row.conversation.id, row);
    return { rows: [...byId.values()].map((row) => row.conversation), summaries: byId };
  }, [query.data]);

  const first = query.data?.pages[0];
  return {
    rows,
    summaries,
    thresholdMinutes: first?.waiting_threshold_minutes ?? DEFAULT_WAITING_THRESHOLD_MINUTES,
    /** With a tag filter: how many conversations with those tags the list leaves out as snoozed. */
    snoozedTagged: first?.snoozed_tagged,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
    isFetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: () => void query.fetchNextPage(),
  };
}
