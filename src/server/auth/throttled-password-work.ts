import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { addressNetwork } from '../http/client-address.ts';
import { errorResponse } from '../http/errors.ts';
import { securityEvent } from '../http/security-events.ts';
import type { Logger } from '../log/logger.ts';
import type { DirectoryUser } from '../users/directory.ts';
import { verifyPassword } from '../users/password.ts';
import { ThrottleUnavailableError } from './login-throttle.ts';
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

/**
 * One's current password, asked for before a change it guards (a new password, the second factor off),
 * checked the sign-in's way (throttledPasswordWork). Undefined when it is right; otherwise the answer:
 * 403 wrong_password (logged as a failed sign-in `via` that change), 429 when throttled, or 503 with
 * `unavailable` as its message when the throttle's store does not answer.
 */
export async function checkCurrentPassword(
  deps: PasswordWorkDeps & { logger: Logger },
  c: Context<AppEnv>,
  user: DirectoryUser,
  password: string,
  change: { via: string; unavailable: string },
): Promise<Response | undefined> {
  try {
    const checked = await throttledPasswordWork(deps, c, user.email, () =>
      verifyPassword(password, user.passwordHash),
    );
    if ('refused' in checked) return checked.refused;
    if (!checked.value) {
      securityEvent(deps.logger, c, 'auth.sign_in_failed', {
        email: user.email,
        reason: 'wrong_password',
        via: change.via,
      });
      return errorResponse(
        403,
        'wrong_password',
        'Your current password is not right. Nothing was changed.',
        {
          field: 'current_password',
        },
      );
    }
    await checked.succeeded();
    return undefined;
  } catch (error) {
    if (!(error instanceof ThrottleUnavailableError)) throw error;
    return errorResponse(503, 'sign_in_unavailable', change.unavailable, {}, { 'retry-after': '5' });
  }
}
