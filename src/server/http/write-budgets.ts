import type { MiddlewareHandler } from 'hono';
import { memoryBudgetStore, type BucketDraw, type BudgetStore } from './budget-store.ts';
import type { BucketLimit } from './token-buckets.ts';
import type { AppEnv, WriteSpend } from './app-env.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from './security-events.ts';

/**
 * Each person's budgets for the dashboard's own writes (its database, never the store): how many notes
 * and how many bytes of them a minute, how many times a minute they may mention one teammate, and how
 * many tag, snooze, saved-reply and availability changes. A person at work stays far below them; a script with a
 * stolen cookie, or a stuck key, meets them before it can fill the database or bury a teammate in alerts.
 * Token buckets like the /api budget's, in Redis when replicas share it.
 */
export interface WriteBudgetLimits {
  notes: BucketLimit;
  /** The notes' text in UTF-8 bytes; its burst must hold the longest note (NOTE_BODY_MAX × 4 bytes). */
  noteBytes: BucketLimit;
  /** Notes one person may mention one teammate in (each note is an alert for them). */
  mentionsPerRecipient: BucketLimit;
  tags: BucketLimit;
  snoozes: BucketLimit;
  savedReplies: BucketLimit;
  /** Choices of one's availability (each change tells every dashboard). */
  availability: BucketLimit;
}

export const DEFAULT_WRITE_BUDGETS: WriteBudgetLimits = {
  notes: { burst: 20, perMinute: 20 },
  noteBytes: { burst: 128 * 1024, perMinute: 64 * 1024 },
  mentionsPerRecipient: { burst: 10, perMinute: 10 },
  tags: { burst: 60, perMinute: 60 },
  snoozes: { burst: 60, perMinute: 60 },
  savedReplies: { burst: 30, perMinute: 30 },
  availability: { burst: 20, perMinute: 20 },
};

const WHAT: Record<WriteSpend['kind'], string> = {
  notes: 'notes',
  tags: 'tag changes',
  snoozes: 'snoozes',
  savedReplies: 'saved reply changes',
  availability: 'availability changes',
};

/** A write beyond the person's budget: answered 429 with Retry-After, nothing written. */
export class WriteBudgetSpentError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly what: string,
  ) {
    super(`the write budget for ${what} is spent`);
    this.name = 'WriteBudgetSpentError';
  }
}

function drawsFor(userId: string, spend: WriteSpend, limits: WriteBudgetLimits): BucketDraw[] {
  if (spend.kind !== 'notes') return [{ key: `w:${spend.kind}:${userId}`, limit: limits[spend.kind] }];
  return [
    { key: `w:notes:${userId}`, limit: limits.notes },
    {
      key: `w:note-bytes:${userId}`,
      limit: limits.noteBytes,
      cost: Math.min(spend.bytes, limits.noteBytes.burst),
    },
    ...[...new Set(spend.mentioned)]
      .filter((recipient) => recipient !== userId)
      .map((recipient) => ({
        key: `w:mentions:${userId}:${recipient}`,
        limit: limits.mentionsPerRecipient,
      })),
  ];
}

/**
 * For /bff/*: sets `spendWrite`, which a write route calls once its body is valid and before it writes.
 * It takes from every bucket the write draws on, or from none and throws WriteBudgetSpentError.
 */
export function writeBudgets(
  limits: WriteBudgetLimits,
  now: () => number,
  logger: Logger,
  store: BudgetStore = memoryBudgetStore(),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('spendWrite', async (spend) => {
      const userId = c.get('user').id;
      const wait = await store.take(drawsFor(userId, spend, limits), now());
      if (wait === 0) return;
      securityEvent(logger, c, 'api.rate_limited', {
        user_id: userId,
        reason: 'write_budget',
        kind: spend.kind,
      });
      throw new WriteBudgetSpentError(wait, WHAT[spend.kind]);
    });
    await next();
  };
}
