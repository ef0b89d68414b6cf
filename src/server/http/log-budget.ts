import { TokenBuckets } from './token-buckets.ts';

/**
 * Rate limits log lines that strangers can cause (refused sign-ins, CSP reports), so a flood cannot fill
 * the disk or bury the lines that matter: each key (an address group) gets `perKeyPerMinute` lines and
 * all keys together `perMinute`. Lines beyond are counted, and the next line logged says how many were
 * left out (`suppressed_since_last`), so the volume stays visible.
 */
export interface LogBudget {
  /** The extra fields of a line that may be logged now, or undefined when it must be left out (counted). */
  admit(key: string): { suppressed_since_last?: number } | undefined;
}

export function logBudget(now: () => number, perKeyPerMinute: number, perMinute: number): LogBudget {
  const perKey = new TokenBuckets({ burst: perKeyPerMinute, perMinute: perKeyPerMinute }, now);
  const all = new TokenBuckets({ burst: perMinute, perMinute }, now);
  let suppressed = 0;
  return {
    admit(key) {
      if (all.waitSeconds('all') > 0 || perKey.waitSeconds(key) > 0) {
        suppressed += 1;
        return undefined;
      }
      all.take('all');
      perKey.take(key);
      const fields = suppressed > 0 ? { suppressed_since_last: suppressed } : {};
      suppressed = 0;
      return fields;
    },
  };
}
