import { apiRequest } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { optionalSessionResponseSchema, type SessionInfo } from '@/schemas/bff';

// Its own module, without react-query: the cold sign-in page (src/app/sign-in-entry.tsx) asks with it.
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
