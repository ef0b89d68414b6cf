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

/**
 * Who saved the version of the settings with this `updated_at` through the dashboard (their store user
 * id), looked up among the newest kept versions; null when unknown (saved outside the dashboard, not kept,
 * or the history cannot be read), which a caller words as "someone else".
 */
export async function savedBy(updatedAt: string): Promise<string | null> {
  const kept = await apiRequest('/bff/config-versions', {
    query: { limit: 10 },
    schema: configVersionListSchema,
  }).catch(() => null);
  const at = Date.parse(updatedAt);
  return kept?.data.find((version) => Date.parse(version.version) === at)?.actor_user_id ?? null;
}
