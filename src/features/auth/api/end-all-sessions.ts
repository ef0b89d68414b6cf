import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { endAllSessionsResponseSchema } from '@/schemas/bff';
import { useSignedOutCleanup } from './logout';

/** POST /bff/sessions/end-all: ends every session of the signed-in person, this browser's included. */
export async function endAllSessions(): Promise<number> {
  const body = await apiRequest('/bff/sessions/end-all', {
    method: 'POST',
    onSessionExpired: 'fail',
    schema: endAllSessionsResponseSchema,
  });
  return body.data.ended;
}

/** "Sign out everywhere": the server ends every session; this browser then forgets the user as on sign-out. */
export function useEndAllSessions() {
  const cleanup = useSignedOutCleanup();
  return useMutation({ mutationFn: endAllSessions, onSuccess: cleanup });
}
