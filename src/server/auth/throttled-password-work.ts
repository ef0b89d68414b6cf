import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { addressNetwork } from '../http/client-address.ts';
import { errorResponse } from '../http/errors.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { WorkLimiter } from './work-limiter.ts';

export interface PasswordWorkDeps {
  throttle: LoginThrottle;
  hashLimiter: WorkLimiter;
  clientAddress: (c: Context<AppEnv>) => string;
}

/** What a throttled password check or hash answers: refused with a 429, or its value. */
export type PasswordWork<T> =
  | { refused: Response }
  | {
      value: T;
      /** The password was right: the throttle gives this attempt back. */
      succeeded: () => Promise<void>;
    };

/**
 * Any password check or hash outside sign-in (a link's new password, one's current password) goes the
 * sign-in's way: counted by the sign-in throttle for (email, address) before the work, then run in the
 * sign-in's queue of password work, so no route is a cheaper way to guess a password or to keep the
 * processor busy. Throws ThrottleUnavailableError when the throttle's store does not answer.
 */
export async function throttledPasswordWork<T>(
  deps: PasswordWorkDeps,
  c: Context<AppEnv>,
  email: string,
  work: () => Promise<T>,
): Promise<PasswordWork<T>> {
  const address = deps.clientAddress(c);
  const verdict = await deps.throttle.begin(email, address);
  if (!verdict.allowed)
    return {
      refused: errorResponse(
        429,
        'rate_limited',
        `Too many attempts. Try again in ${verdict.retryAfterSeconds} seconds.`,
        {},
        { 'retry-after': String(verdict.retryAfterSeconds) },
      ),
    };
  const ran = await deps.hashLimiter.run(`network:${addressNetwork(address)}`, work, 0);
  if (!ran)
    return {
      refused: errorResponse(
        429,
        'rate_limited',
        'Too many attempts at once. Try again in a second.',
        {},
        { 'retry-after': '1' },
      ),
    };
  return { value: ran.value, succeeded: () => verdict.attempt.succeeded() };
}
