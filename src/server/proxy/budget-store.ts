import { TokenBuckets, type BucketLimit } from './token-buckets.ts';

/** One token bucket to draw from: its key (a user or a session) and its limit. */
export interface BucketDraw {
  key: string;
  limit: BucketLimit;
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
  const of = ({ key, limit }: BucketDraw) => {
    const name = `${limit.burst}/${limit.perMinute}`;
    let set = buckets.get(name);
    if (!set) {
      set = new TokenBuckets(limit, () => now);
      buckets.set(name, set);
    }
    return { set, key };
  };
  return {
    take(draws, nowMs) {
      now = nowMs;
      const picked = draws.map(of);
      const wait = Math.max(0, ...picked.map(({ set, key }) => set.waitSeconds(key)));
      if (wait === 0) for (const { set, key } of picked) set.take(key);
      return Promise.resolve(wait);
    },
  };
}
