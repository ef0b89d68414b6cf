import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { DEFAULT_RETRY_POLICY, backoffDelayMs, decideRetry, retryReasonFor } from './retry-policy';

function apiError(
  status: number,
  code: string,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) {
  return new ApiError({ status, code, message: code, isEnvelope: code !== 'proxy_error', ...extra });
}

describe('what is retried', () => {
  it.each([
    ['a network error', apiError(0, 'network_error'), 'network_error'],
    ['a 500 from the API', apiError(500, 'internal_error'), 'server_error'],
    ['a 502 from a proxy', apiError(502, 'proxy_error'), 'server_error'],
    ['a 502 upstream_unreachable from the BFF', apiError(502, 'upstream_unreachable'), 'server_error'],
    ['a 503 from a proxy', apiError(503, 'proxy_error'), 'server_error'],
    ['a 504 upstream_timeout from the BFF', apiError(504, 'upstream_timeout'), 'server_error'],
    ['a 409 idempotency_key_in_progress', apiError(409, 'idempotency_key_in_progress'), 'in_progress'],
    ['a 429 with Retry-After', apiError(429, 'rate_limited', { retryAfterSeconds: 3 }), 'rate_limited'],
    ['a 429 without Retry-After', apiError(429, 'proxy_error'), 'rate_limited'],
  ])('retries %s', (_label, error, reason) => {
    expect(retryReasonFor(error)).toBe(reason);
  });

  it.each([
    ['409 idempotency_key_reused', apiError(409, 'idempotency_key_reused')],
    ['409 config_modified', apiError(409, 'config_modified')],
    ['503 agent_disabled', apiError(503, 'agent_disabled')],
    ['400 invalid_body', apiError(400, 'invalid_body')],
    ['400 from a proxy', apiError(400, 'proxy_error')],
    ['401 session_required (the session gate handles it)', apiError(401, 'session_required')],
    ['403 insufficient_scope', apiError(403, 'insufficient_scope')],
    ['403 role_forbidden', apiError(403, 'role_forbidden')],
    ['403 csrf_failed', apiError(403, 'csrf_failed')],
    ['404 not_found', apiError(404, 'not_found')],
    ['422 unprocessable_reference', apiError(422, 'unprocessable_reference')],
    ['a 402 with a code the client has never seen', apiError(402, 'plan_limit_reached')],
    ['a 429 asking for more than the cap', apiError(429, 'rate_limited', { retryAfterSeconds: 61 })],
    ['an unreadable 200', apiError(200, 'invalid_response')],
  ])('never retries %s', (_label, error) => {
    expect(retryReasonFor(error)).toBeNull();
    expect(decideRetry(error, 1)).toEqual({ retry: false });
  });
});

describe('backoff', () => {
  it.each([
    [1, 0.5],
    [2, 1],
    [3, 2],
    [4, 4],
    [5, 5],
    [9, 5],
  ])('waits min(0.5 * 2^(n-1), 5) s times [0.5, 1) before retry %i', (retryNumber, baseSeconds) => {
    expect(backoffDelayMs(retryNumber, () => 0)).toBe(baseSeconds * 500);
    const longest = backoffDelayMs(retryNumber, () => 0.999_999_9);
    expect(longest).toBeLessThan(baseSeconds * 1000);
    expect(longest).toBeGreaterThanOrEqual(baseSeconds * 1000 - 1);
    expect(backoffDelayMs(retryNumber, () => 0.5)).toBe(baseSeconds * 750);
  });

  it('stays in bounds for any random source, even a faulty one', () => {
    for (const value of [-1, 0, 0.3, 0.99, 1, 2]) {
      const delay = backoffDelayMs(2, () => value);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThan(1000);
    }
  });
});

describe('decideRetry', () => {
  it(`allows ${DEFAULT_RETRY_POLICY.maxRetries} retries and then gives up`, () => {
    const error = apiError(503, 'proxy_error');
    expect(decideRetry(error, 1, { random: () => 0 })).toEqual({
      retry: true,
      reason: 'server_error',
      delayMs: 250,
    });
    expect(decideRetry(error, 2, { random: () => 0 })).toEqual({
      retry: true,
      reason: 'server_error',
      delayMs: 500,
    });
    expect(decideRetry(error, 3)).toEqual({ retry: false });
  });

  it('waits exactly Retry-After on a 429', () => {
    expect(decideRetry(apiError(429, 'rate_limited', { retryAfterSeconds: 12 }), 1)).toEqual({
      retry: true,
      reason: 'rate_limited',
      delayMs: 12_000,
    });
  });

  it('accepts Retry-After up to the 60 s cap', () => {
    expect(decideRetry(apiError(429, 'rate_limited', { retryAfterSeconds: 60 }), 1)).toMatchObject({
      retry: true,
      delayMs: 60_000,
    });
  });
});
