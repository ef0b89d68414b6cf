import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSession } from './session-request';
import type { SessionInfo } from '@/schemas/bff';

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

/**
 * The same query, answered first by a check already under way (a cold load's entry starts one beside
 * the app's code); a retry or a later read asks the BFF again.
 */
export function sessionQueryOptionsStartedWith(started: Promise<SessionInfo | null>) {
  let pending: Promise<SessionInfo | null> | null = started;
  return queryOptions({
    ...sessionQueryOptions(),
    queryFn: ({ signal }) => {
      const answer = pending ?? getSession({ signal });
      pending = null;
      return answer;
    },
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
