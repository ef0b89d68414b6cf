import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from '../http/security-events.ts';
import { memoryBudgetStore, type BucketDraw, type BudgetStore } from '../http/budget-store.ts';
import type { BucketLimit } from '../http/token-buckets.ts';

/**
 * Each person's share of the store key's upstream budget on /api: one token bucket per user, the real
 * cap, over all their sessions and (with Redis) all replicas, so N people at their limit stay within what
 * the operator sized for N; a bucket per session (at most the user's) so one runaway tab does not spend
 * the person's whole share; and a cap on a session's requests in flight (per process). The dashboard's own
 * traffic (polling every few seconds, a burst when a screen opens) stays far below it; a runaway tab or a
 * script with a stolen cookie meets it long before the store's key does, so the other staff keep working.
 */
export interface ApiBudgetLimits {
  session: BucketLimit;
  user: BucketLimit;
  /** Upstream requests one session may have in flight at once. */
  concurrentPerSession: number;
}

/**
 * A user may burst half a minute's share, and a session as much as its user (never more: the user's bucket
 * is the cap). `sessionPerMinute` defaults to the user's (one browser may use the person's whole share).
 */
export function apiBudgetFor(userPerMinute: number, sessionPerMinute = userPerMinute): ApiBudgetLimits {
  const burst = (perMinute: number) => Math.max(20, Math.ceil(perMinute / 2));
  const session = Math.min(sessionPerMinute, userPerMinute);
  return {
    session: { burst: Math.min(burst(session), burst(userPerMinute)), perMinute: session },
    user: { burst: burst(userPerMinute), perMinute: userPerMinute },
    concurrentPerSession: 8,
  };
}

export const DEFAULT_API_BUDGET: ApiBudgetLimits = apiBudgetFor(120);

/** A /bff route would read the store beyond the person's budget: answered 429 with Retry-After. */
export class StoreBudgetSpentError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("the person's store budget is spent");
    this.name = 'StoreBudgetSpentError';
  }
}

/**
 * The buckets one request draws from: its person's (the real cap) and its session's; `requests` store
 * requests at once take as many tokens, at most a whole burst.
 */
function drawsOf(c: Context<AppEnv>, limits: ApiBudgetLimits, requests = 1): BucketDraw[] {
  // A digest, not the token: like the session store, this map holds nothing usable as a cookie.
  const session = createHash('sha256').update(c.get('sessionToken')).digest('base64url');
  return [
    { key: `u:${c.get('user').id}`, limit: limits.user, cost: Math.min(requests, limits.user.burst) },
    { key: `s:${session}`, limit: limits.session, cost: Math.min(requests, limits.session.burst) },
  ];
}

/**
 * For /bff/*: sets `chargeStore`, with which a route charges each store request it makes (looking up a
 * conversation the inbox's model does not hold, listing while the model is not ready, handing a person's
 * conversations back) to the same buckets as /api. A person cannot spend the store key's rate limit through the dashboard's own routes.
 */
export function storeCharge(
  limits: ApiBudgetLimits,
  now: () => number,
  logger: Logger,
  store: BudgetStore,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('chargeStore', async (requests) => {
      const wait = await store.take(drawsOf(c, limits, requests), now());
      if (wait === 0) return;
      securityEvent(logger, c, 'api.rate_limited', { user_id: c.get('user').id, reason: 'bff_budget' });
      throw new StoreBudgetSpentError(wait);
    });
    await next();
  };
}

export function apiBudget(
  limits: ApiBudgetLimits,
  now: () => number,
  logger: Logger,
  store: BudgetStore = memoryBudgetStore(),
): MiddlewareHandler<AppEnv> {
  const inFlight = new Map<string, number>();
  const limited = (retryAfter: number, message: string) =>
    errorResponse(429, 'rate_limited', message, {}, { 'retry-after': String(retryAfter) });

  return async (c, next) => {
    const draws = drawsOf(c, limits);
    const session = draws[1]!.key;
    const user = c.get('user').id;
    const running = inFlight.get(session) ?? 0;
    if (running >= limits.concurrentPerSession) {
      securityEvent(logger, c, 'api.rate_limited', { user_id: user, reason: 'concurrency' });
      return limited(1, 'Too many requests at once from this dashboard. Try again in a second.');
    }
    // Counted in flight from here, before the budget's (possibly remote) answer, so a burst of requests
    // cannot all pass the check above while the first ones wait for it.
    inFlight.set(session, running + 1);
    try {
      const wait = await store.take(draws, now());
      if (wait > 0) {
        securityEvent(logger, c, 'api.rate_limited', { user_id: user, reason: 'budget' });
        return limited(wait, `Too many requests from this dashboard. Try again in ${wait} seconds.`);
      }
      await next();
    } finally {
      const left = (inFlight.get(session) ?? 1) - 1;
      if (left <= 0) inFlight.delete(session);
      else inFlight.set(session, left);
    }
  };
}
