import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cursorPagination, withCursor } from '@/lib/pagination';
import { configVersionListSchema } from '@/schemas/config-versions';

/**
 * GET /bff/config-versions: the versions of the assistant's settings the dashboard keeps, newest first,
 * page by page.
 */
export const configVersionsQueryOptions = () =>
  infiniteQueryOptions({
    ...cursorPagination,
    queryKey: ['config-versions', 'list'],
    // Each opening reads it again: a save here or a change elsewhere adds a version.
    staleTime: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/bff/config-versions', {
        query: withCursor({}, pageParam),
        schema: configVersionListSchema,
        signal,
      }),
  });
