import { CLIENT_ERROR_CODES, type ApiError } from './api-error';

/**
 * Retry policy of the API client, after Stripe's client libraries.
 *
 * | answer                                   | retried?                                   |
 * |------------------------------------------|--------------------------------------------|
 * | network error (no answer)                | yes, backoff                               |
 * | 5xx, proxy or BFF (502/503/504)          | yes, backoff                               |
 * | 503 `agent_disabled`                     | no: shown to the user                      |
 * | 409 `idempotency_key_in_progress`        | yes, backoff, same key                     |
 * | 429                                      | yes, after Retry-After when <= the cap     |
 * | 409 `idempotency_key_reused`, other 4xx  | never                                      |
 *
 * Every retry of one call reuses its Idempotency-Key, so a write applies at most once.
 */

export type RetryReason = 'network_error' | 'server_error' | 'in_progress' | 'rate_limited';

export type RetryDecision = { retry: false } | { retry: true; delayMs: number; reason: RetryReason };

export type RetryPolicy = {
  /** Retries after the first attempt (so at most maxRetries + 1 requests). */
  maxRetries: number;
  /** Longest Retry-After the client waits for; a longer one fails at once so the user can decide. */
  maxRetryAfterSeconds: number;
  /** Longest backoff before the random factor. */
  maxBackoffSeconds: number;
  initialBackoffSeconds: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  maxRetryAfterSeconds: 60,
  maxBackoffSeconds: 5,
  initialBackoffSeconds: 0.5,
};

/**
 * Delay before retry number `retryNumber` (1-based): `min(0.5 * 2^(n-1), 5)` seconds times a random
 * factor in [0.5, 1), so concurrent clients do not retry in lockstep.
 */
export function backoffDelayMs(
  retryNumber: number,
  random: () => number = Math.random,
  policy: Pick<RetryPolicy, 'initialBackoffSeconds' | 'maxBackoffSeconds'> = DEFAULT_RETRY_POLICY,
): number {
  const base = Math.min(policy.initialBackoffSeconds * 2 ** (retryNumber - 1), policy.maxBackoffSeconds);
  const factor = 0.5 + Math.min(Math.max(random(), 0), 0.999_999) * 0.5;
  return Math.floor(base * factor * 1000);
}

/** Whether the error is worth retrying at all, regardless of how many retries were used. */
export function retryReasonFor(
  error: ApiError,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): RetryReason | null {
  if (error.code === CLIENT_ERROR_CODES.networkError) return 'network_error';
  if (error.status === 429) {
    if (error.retryAfterSeconds !== undefined && error.retryAfterSeconds > policy.maxRetryAfterSeconds) {
      return null;
    }
    return 'rate_limited';
  }
  if (error.status >= 500) {
    switch (error.code) {
      case 'agent_disabled':
        return null;
      default:
        return 'server_error';
    }
  }
  switch (error.code) {
    case 'idempotency_key_in_progress':
      return error.status === 409 ? 'in_progress' : null;
    default:
      // idempotency_key_reused, config_modified, session_required (handled by the session gate),
      // role_forbidden, insufficient_scope, not_found, invalid_body... and any code added later.
      return null;
  }
}

/** Decides retry number `retryNumber` (1-based) after `error`. */
export function decideRetry(
  error: ApiError,
  retryNumber: number,
  options: { policy?: RetryPolicy; random?: () => number } = {},
): RetryDecision {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  if (retryNumber > policy.maxRetries) return { retry: false };
  const reason = retryReasonFor(error, policy);
  if (reason === null) return { retry: false };
  if (reason === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    return { retry: true, reason, delayMs: error.retryAfterSeconds * 1000 };
  }
  return { retry: true, reason, delayMs: backoffDelayMs(retryNumber, options.random, policy) };
}
