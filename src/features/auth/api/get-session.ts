import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { sessionResponseSchema, type SessionInfo } from '@/schemas/bff';

/**
 * GET /bff/session: the signed-in user and the store roster, or null when nobody is signed in.
 * A 401 here is an answer ("no session"), not an expiry to pause for, so it fails at once.
 */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionInfo | null> {
  try {
    const response = await apiRequest('/bff/session', {
      schema: sessionResponseSchema,
      signal,
      onSessionExpired: 'fail',
    });
    return response.data;
  } catch (error) {
    if (hasErrorCode(error, 'session_required', 401)) return null;
    throw error;
  }
}

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
