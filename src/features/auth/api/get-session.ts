import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSession } from './session-request';

/**
 * Read once at start and again only after signing in or out: refetching it behind the user's back
 * could turn an expired session into a redirect, which the in-place sign-in dialog exists to avoid.
 */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getSession({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Reads the session again (user and roster), as after signing in; resolves once the cache holds it. */
export function useReloadSession() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}
