import { apiRequest } from '@/lib/api-client';
import { accountSessionsAnswerSchema } from '@/schemas/team';

/** GET /bff/account/sessions: one's signed-in sessions. */
export const sessionsQuery = {
  queryKey: ['account', 'sessions'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest('/bff/account/sessions', { schema: accountSessionsAnswerSchema, signal }).then(
      (answer) => answer.data,
    ),
};

/** DELETE /bff/account/sessions/{id}: ends one of them (not retried: the list is read again after). */
export const endSession = (id: string) =>
  apiRequest(`/bff/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', retry: false });
