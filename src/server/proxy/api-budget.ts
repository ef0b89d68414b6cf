import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { securityEvent } from '../http/security-events.ts';

/**
 * Each session's (and each user's) share of the store key's upstream budget on /api: one token bucket
 * per session and one per user (a person with several tabs or devices), plus a cap on the session's
 * requests in flight. The dashboard's own traffic (polling every few seconds, a burst when a screen opens)
 * stays far below it; a runaway tab or a script with a stolen cookie meets it long before the store's key
 * does, so the other staff keep working.
 */
export interface BucketLimit {
  /** Tokens the bucket holds: the burst allowed. */
  burst: number;
  /** Tokens added per minute. */
  perMinute: number;
}

export interface ApiBudgetLimits {
  session: BucketLimit;
  user: BucketLimit;
  /** Upstream requests one session may have in flight at once. */
  concurrentPerSession: number;
}

/** A session may burst half a minute's share; a user (several tabs or devices) gets twice a session's. */
export function apiBudgetFor(sessionPerMinute: number): ApiBudgetLimits {
  return {
    session: { burst: Math.max(20, Math.ceil(sessionPerMinute / 2)), perMinute: sessionPerMinute },
    user: { burst: sessionPerMinute, perMinute: sessionPerMinute * 2 },
    concurrentPerSession: 8,
  };
}

export const DEFAULT_API_BUDGET: ApiBudgetLimits = apiBudgetFor(120);

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly limit: BucketLimit,
    private readonly now: () => number,
  ) {}

  private refill(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    const added = ((now - bucket.at) / 60_000) * this.limit.perMinute;
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + added);
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Seconds until a token is there (0: one is available now); takes nothing. */
  waitSeconds(key: string): number {
    const bucket = this.refill(key, this.now());
    if (bucket.tokens >= 1) return 0;
    return Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / this.limit.perMinute));
  }

  take(key: string): void {
    this.refill(key, this.now()).tokens -= 1;
    // Full buckets carry no information: forget them so ended sessions do not accumulate.
    if (this.buckets.size > 10_000) this.sweep();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key] of this.buckets) {
      if (this.refill(key, now).tokens >= this.limit.burst) this.buckets.delete(key);
    }
  }
}

export function apiBudget(
  limits: ApiBudgetLimits,
  now: () => number,
  logger: Logger,
): MiddlewareHandler<AppEnv> {
  const sessions = new TokenBuckets(limits.session, now);
  const users = new TokenBuckets(limits.user, now);
  const inFlight = new Map<string, number>();
  const limited = (retryAfter: number, message: string) =>
    errorResponse(429, 'rate_limited', message, {}, { 'retry-after': String(retryAfter) });

  return async (c, next) => {
    // A digest, not the token: like the session store, this map holds nothing usable as a cookie.
    const session = createHash('sha256').update(c.get('sessionToken')).digest('base64url');
    const user = c.get('user').id;
    const wait = Math.max(sessions.waitSeconds(session), users.waitSeconds(user));
    if (wait > 0) {
      securityEvent(logger, c, 'api.rate_limited', { user_id: user, reason: 'budget' });
      return limited(wait, `Too many requests from this dashboard. Try again in ${wait} seconds.`);
    }
    const running = inFlight.get(session) ?? 0;
    if (running >= limits.concurrentPerSession) {
      securityEvent(logger, c, 'api.rate_limited', { user_id: user, reason: 'concurrency' });
      return limited(1, 'Too many requests at once from this dashboard. Try again in a second.');
    }
    sessions.take(session);
    users.take(user);
    inFlight.set(session, running + 1);
    try {
      await next();
    } finally {
      const left = (inFlight.get(session) ?? 1) - 1;
      if (left <= 0) inFlight.delete(session);
      else inFlight.set(session, left);
    }
  };
}
