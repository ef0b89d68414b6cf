import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { loginResponseSchema, sessionUserSchema, type SessionUser } from '@/schemas/bff';

export type LoginInput = { email: string; password: string; remember?: boolean };

/** Signed in (`user`), or a right password of someone with a second factor (`second_factor`: the code next). */
const loginAnswerSchema = z.looseObject({
  data: z.looseObject({ user: z.optional(sessionUserSchema), second_factor: z.optional(z.string()) }),
});

export type LoginOutcome = { user: SessionUser } | { secondFactor: true };

/**
 * POST /bff/login. Never retried automatically: a 401 (wrong credentials) or a 429 (too many attempts)
 * is for the person to read, and a 401 here is not an expired session.
 */
export async function login(input: LoginInput): Promise<LoginOutcome> {
  const response = await apiRequest('/bff/login', {
    method: 'POST',
    body: input,
    schema: loginAnswerSchema,
    retry: false,
    onSessionExpired: 'fail',
  });
  return response.data.user ? { user: response.data.user } : { secondFactor: true };
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
