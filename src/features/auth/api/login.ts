import { apiRequest } from '@/lib/api-client';
import { loginResponseSchema, type SessionUser } from '@/schemas/bff';

export type LoginInput = { email: string; password: string; remember?: boolean };

/**
 * POST /bff/login. Never retried automatically: a 401 (wrong credentials) or a 429 (too many attempts)
 * is for the person to read, and a 401 here is not an expired session.
 */
export async function login(input: LoginInput): Promise<SessionUser> {
  const response = await apiRequest('/bff/login', {
    method: 'POST',
    body: input,
    schema: loginResponseSchema,
    retry: false,
    onSessionExpired: 'fail',
  });
  return response.data.user;
}
