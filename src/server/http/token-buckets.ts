/** A token bucket's size and refill: the burst allowed, and the steady rate. */
export interface BucketLimit {
  /** Tokens the bucket holds: the burst allowed. */
  burst: number;
  /** Tokens added per minute. */
  perMinute: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets in this process's memory, one per key, refilled continuously from `now`. */
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

  /** Seconds until `cost` tokens are there (0: available now); takes nothing. */
  waitSeconds(key: string, cost = 1): number {
    const bucket = this.refill(key, this.now());
    if (bucket.tokens >= cost) return 0;
    return Math.max(1, Math.ceil(((cost - bucket.tokens) * 60) / this.limit.perMinute));
  }

  take(key: string, cost = 1): void {
    this.refill(key, this.now()).tokens -= cost;
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
