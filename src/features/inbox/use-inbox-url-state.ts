import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentSession } from '@/lib/session-context';
import {
  DEFAULT_FILTERS,
  filtersToParams,
  LIST_OPTION_PARAMS,
  listOptionsToParams,
  parseFilters,
  parseListOptions,
  type InboxFilters,
  type ListOptions,
} from './inbox-filters';

/**
 * What the inbox shows, kept in the address: the filters (a view), the sort, the search, a report's
 * filter (the conversations behind one of its figures), and the
 * addresses of a conversation and of the list that keep them. An address without a view shows the
 * default one, written into the URL (replacing: a bare /inbox is not a step anyone goes back to).
 */
export function useInboxUrlState() {
  const { roster } = useCurrentSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = parseFilters(searchParams, roster);
  const filters = parsed ?? DEFAULT_FILTERS;
  const optionsKey = LIST_OPTION_PARAMS.map((name) => searchParams.get(name) ?? '').join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same options while the URL says the same
  const listOptions = useMemo(() => parseListOptions(searchParams), [optionsKey]);
  const search = filtersToParams(filters, searchParams).toString();

  useEffect(() => {
    if (parsed === null) setSearchParams(filtersToParams(DEFAULT_FILTERS, searchParams), { replace: true });
  }, [parsed, searchParams, setSearchParams]);

  const changeListOptions = useCallback(
    (next: ListOptions) => setSearchParams((current) => listOptionsToParams(next, current)),
    [setSearchParams],
  );
  return {
    filters,
    listOptions,
    // A view or filter chosen replaces a report's filter: it lists its own conversations.
    changeFilters: (next: InboxFilters) =>
      setSearchParams(
        listOptionsToParams({ ...listOptions, report: undefined }, filtersToParams(next, searchParams)),
      ),
    changeListOptions,
    clearReport: () => changeListOptions({ ...listOptions, report: undefined }),
    linkTo: (conversationId: string) => `/inbox/${encodeURIComponent(conversationId)}?${search}`,
    backTo: `/inbox?${search}`,
  };
}
