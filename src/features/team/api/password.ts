import { apiRequest } from '@/lib/api-client';
import { loginResponseSchema } from '@/schemas/bff';

/** PUT /bff/account/password: one's own password; the answer is the session signed in again. */
export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiRequest('/bff/account/password', { method: 'PUT', body, schema: loginResponseSchema, retry: false });
