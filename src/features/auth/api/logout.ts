import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { sessionGate } from '@/lib/session-gate';
import { clearUserStorage } from '@/lib/user-storage';
import type { SessionInfo } from '@/schemas/bff';
import { sessionQueryOptions } from './get-session';

/** POST /bff/logout. A session that already ended counts as signed out. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/bff/logout', { method: 'POST', onSessionExpired: 'fail' });
  } catch (error) {
    if (hasErrorCode(error, 'session_required', 401)) return;
    throw error;
  }
}

/**
 * Signs out: requests waiting for a sign-in fail, the session becomes null, every other cached answer is
 * dropped and the user's stored drafts and outbox are removed (the server's Clear-Site-Data does the same
 * where the browser honours it), so the next person at this browser sees nothing of it.
 */
export function useLogout() {
  return useMutation({ mutationFn: logout, onSuccess: useSignedOutCleanup() });
}

/** What this browser does once the server ended its session (sign-out, or sign-out everywhere). */
export function useSignedOutCleanup() {
  const queryClient = useQueryClient();
  const sessionKey = sessionQueryOptions().queryKey;
  return () => {
    const previous = queryClient.getQueryData<SessionInfo | null>(sessionKey);
    if (previous) clearUserStorage(previous.user.id);
    sessionGate.cancel();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    queryClient.setQueryData(sessionKey, null);
  };
}
