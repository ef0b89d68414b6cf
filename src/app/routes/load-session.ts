import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import type { SessionInfo } from '@/schemas/bff';

/**
 * The session, from the cache or the one request for it (every screen's loader asks; only the first
 * asks the BFF). Null when nobody is signed in, and also when the check failed: the session guard shows
 * that error, so the screens' own requests simply wait for the next navigation.
 */
export function loadSession(queryClient: QueryClient): Promise<SessionInfo | null> {
  return queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
}
