import type { InfiniteData } from '@tanstack/react-query';
import type { ListOf, PageInfo } from '@/schemas/page';

/**
 * Cursor pagination for `useInfiniteQuery` (spec, Common rules): a list answers
 * `{data, page: {has_more, next_cursor}}` and the next page is read by passing next_cursor as `after`.
 * Cursors are opaque: never parse, build or compare them. A cursor belongs to one ordering (for example
 * with or without updated_after), so every parameter that changes the order must be part of the query key:
 * a new filter then starts again from the first page instead of reusing a cursor of the other ordering.
 */

/** The page param of the first page: no `after`. */
export const FIRST_PAGE_PARAM: string | undefined = undefined;

/** `getNextPageParam` for `infiniteQueryOptions`: the next cursor, or undefined on the last page. */
export function getNextPageParam(lastPage: { page: PageInfo }): string | undefined {
  if (!lastPage.page.has_more) return undefined;
  return lastPage.page.next_cursor === '' ? undefined : lastPage.page.next_cursor;
}

/** Spread into `infiniteQueryOptions({...cursorPagination, queryKey, queryFn})`. */
export const cursorPagination = {
  initialPageParam: FIRST_PAGE_PARAM,
  getNextPageParam,
};

/** The query of one page: the filters plus `after` (left out on the first page). */
export function withCursor<Query extends Record<string, unknown>>(
  query: Query,
  pageParam: string | undefined,
): Query & { after?: string } {
  return pageParam === undefined ? query : { ...query, after: pageParam };
}

/** Every item of the loaded pages, in order. */
export function flattenPages<Item>(data: InfiniteData<ListOf<Item>, unknown> | undefined): Item[] {
  return data ? data.pages.flatMap((page) => page.data) : [];
}
