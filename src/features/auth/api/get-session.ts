import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { optionalSessionResponseSchema, type SessionInfo } from '@/schemas/bff';

/**
 * GET /bff/session?optional=1: the signed-in user and the store roster, or null when nobody is signed
 * in (the BFF then answers 200 with data null, so a signed-out visit logs no failed load). A 401 (a BFF
 * without the option) means the same: an answer, not an expiry to pause for, so it fails at once.
 */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionInfo | null> {
  try {
    const response = await apiRequest('/bff/session?optional=1', {
      schema: optionalSessionResponseSchema,
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
