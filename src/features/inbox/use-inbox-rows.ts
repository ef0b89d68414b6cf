import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Conversation } from '@/schemas/conversation';
import { DEFAULT_WAITING_THRESHOLD_MINUTES, type InboxRow } from '@/schemas/inbox';
import { conversationsQueryOptions } from './api/get-conversations';
import { useInbox } from './api/get-inbox';
import { flattenUnique } from './conversation-cache';
import {
  matchesFilters,
  toListFilter,
  toModelQuery,
  type InboxFilters,
  type ListOptions,
} from './inbox-filters';

/** Shopper name or email contains the search, ignoring case (the BFF's rule, for the fallback list). */
function matchesSearch(conversation: Conversation, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [conversation.display_name, conversation.email].some(
    (field) => field?.toLocaleLowerCase().includes(needle) ?? false,
  );
}

/**
 * The rows of one list. From the BFF's read model once it is ready (previews, unread, waiting order,
 * search over everything); until then, or when the BFF cannot serve it, from the API's own list as
 * before (newest first, filtered and searched over what is loaded).
 */
export function useInboxRows(filters: InboxFilters, options: ListOptions, myUserId: string) {
  const model = useInbox(toModelQuery(filters, options));
  const fromModel = model.data?.pages[0]?.ready === true;
  const fallback = useInfiniteQuery({
    ...conversationsQueryOptions(toListFilter(filters, myUserId)),
    enabled: model.data !== undefined ? !fromModel : model.isError,
  });
  const query = fromModel ? model : fallback;

  const { rows, summaries } = useMemo(() => {
    if (fromModel) {
      const byId = new Map<string, InboxRow>();
      for (const page of model.data?.pages ?? [])
        for (const row of page.data) byId.set(row.conversation.id, row);
      return { rows: [...byId.values()].map((row) => row.conversation), summaries: byId };
    }
    const loaded = flattenUnique(fallback.data).filter(
      (conversation) => matchesFilters(conversation, filters) && matchesSearch(conversation, options.q),
    );
    return { rows: loaded, summaries: new Map<string, InboxRow>() };
  }, [fromModel, model.data, fallback.data, filters, options.q]);

  const first = model.data?.pages[0];
  return {
    rows,
    summaries,
    fromModel,
    counts: fromModel ? first?.counts : undefined,
    thresholdMinutes: first?.waiting_threshold_minutes ?? DEFAULT_WAITING_THRESHOLD_MINUTES,
    // A disabled fallback counts as pending: that is the model's first answer still on its way.
    isPending: fromModel ? false : fallback.isPending,
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
