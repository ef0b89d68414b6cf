import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationKeys } from '@/lib/query-keys';
import { NEEDS_PERSON_FILTER } from '../inbox-filters';
import { walkConversations, type ConversationsWalk } from './get-conversations';

/** At most this many pages are read for the count (beyond 1,000 waiting, the title says "1000+"). */
export const NEEDS_PERSON_MAX_PAGES = 10;

/**
 * Every conversation waiting for a person (active and handed to a human), read page after page: the API
 * has no count, and the tab title shows how many there are. The live sync keeps it current afterwards,
 * and tells a new handoff from a known one by looking here.
 */
export const needsPersonQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.needsPerson(),
    queryFn: ({ signal }): Promise<ConversationsWalk> =>
      walkConversations({ query: NEEDS_PERSON_FILTER, maxPages: NEEDS_PERSON_MAX_PAGES, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useNeedsPerson() {
  return useQuery(needsPersonQueryOptions());
}
