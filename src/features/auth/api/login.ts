import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { loginResponseSchema, type SessionUser } from '@/schemas/bff';

export type LoginInput = { email: string; password: string; remember?: boolean };

/** A right password of someone with a second factor: the code is asked next. */
const secondFactorAskedSchema = z.looseObject({ data: z.looseObject({ second_factor: z.literal('totp') }) });

export type LoginOutcome = { user: SessionUser } | { secondFactor: true };

/**
 * POST /bff/login. Never retried automatically: a 401 (wrong credentials) or a 429 (too many attempts)
 * is for the person to read, and a 401 here is not an expired session.
 */
export async function login(input: LoginInput): Promise<LoginOutcome> {
  const response = await apiRequest('/bff/login', {
    method: 'POST',
    body: input,
    schema: z.union([loginResponseSchema, secondFactorAskedSchema]),
    retry: false,
    onSessionExpired: 'fail',
  });
  const signedIn = loginResponseSchema.safeParse(response);
  return signedIn.success ? { user: signedIn.data.data.user } : { secondFactor: true };
}

/** POST /bff/login/second-factor: the code from the app, or a recovery code, after the password. */
export async function loginSecondFactor(code: string): Promise<SessionUser> {
  const response = await apiRequest('/bff/login/second-factor', {
    method: 'POST',
    body: { code },
    schema: loginResponseSchema,
    retry: false,
    onSessionExpired: 'fail',
  });
  return response.data.user;
}
