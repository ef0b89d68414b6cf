import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import type { SessionInfo } from '@/schemas/bff';

/**
 * The session, from the cache or the one request for it (every screen's loader asks; only the first
 * asks the BFF). Null when nobody is signed in, and also when the check failed: the session guard shows
 * that error, so the screens' own requests simply wait for the next navigation. Null too while the
 * person must set up a second factor first: the BFF refuses the screens' requests until then.
 */
export function loadSession(queryClient: QueryClient): Promise<SessionInfo | null> {
  return queryClient
    .ensureQueryData(sessionQueryOptions())
    .then((session) => (session?.second_factor_setup_required ? null : session))
    .catch(() => null);
}
