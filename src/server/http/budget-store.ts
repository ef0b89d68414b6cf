import { TokenBuckets, type BucketLimit } from './token-buckets.ts';

/** One token bucket to draw from: its key (a user or a session) and its limit. */
export interface BucketDraw {
  key: string;
  limit: BucketLimit;
  /** Tokens to take (1 unless said: a note's bytes take as many); at most the limit's burst. */
  cost?: number;
}

/**
 * Token buckets that every replica draws from alike (Redis), or this process's (memory). `take` takes one
 * token from each bucket when all have one, atomically, and answers 0; otherwise it takes nothing and
 * answers the seconds until all have one.
 */
export interface BudgetStore {
  take(draws: BucketDraw[], nowMs: number): Promise<number>;
}

export function memoryBudgetStore(): BudgetStore {
  const buckets = new Map<string, TokenBuckets>();
  let now = 0;
  const of = ({ key, limit, cost = 1 }: BucketDraw) => {
    const name = `${limit.burst}/${limit.perMinute}`;
    let set = buckets.get(name);
    if (!set) {
      set = new TokenBuckets(limit, () => now);
      buckets.set(name, set);
    }
    return { set, key, cost };
  };
  return {
    take(draws, nowMs) {
      now = nowMs;
      const picked = draws.map(of);
      const wait = Math.max(0, ...picked.map(({ set, key, cost }) => set.waitSeconds(key, cost)));
      if (wait === 0) for (const { set, key, cost } of picked) set.take(key, cost);
      return Promise.resolve(wait);
    },
  };
}
