/**
 * Slows password guessing: failed sign-ins are counted per email (guessing one account) and per client
 * address (spraying many accounts from one place) in a sliding window. Once a key reaches its limit,
 * sign-ins for it are refused with 429 and Retry-After until the oldest failure leaves the window,
 * without checking the password at all (so a blocked guess cannot succeed, and costs no scrypt).
 *
 * Failures for unknown emails count exactly like failures for known ones, so the 429 says nothing about
 * which emails exist. A success clears the email's count but not the address's (only its own attempt is
 * taken back), or one valid account would let an attacker reset their address's budget between guesses.
 */
export interface ThrottleLimit {
  maxFailures: number;
  windowMs: number;
}

export interface LoginThrottleOptions {
  perEmail: ThrottleLimit;
  perAddress: ThrottleLimit;
  now: () => number;
  /** Bound on remembered keys, so a flood of made-up emails cannot grow memory without limit. */
  maxKeys?: number;
}

export const DEFAULT_LOGIN_LIMITS = {
  perEmail: { maxFailures: 5, windowMs: 15 * 60_000 },
  perAddress: { maxFailures: 20, windowMs: 15 * 60_000 },
} as const;

class SlidingWindowCounter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: ThrottleLimit,
    private readonly maxKeys: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const live = times.filter((time) => now - time < this.limit.windowMs);
    if (live.length === 0) this.failures.delete(key);
    else if (live.length !== times.length) this.failures.set(key, live);
    return live;
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  blockedFor(key: string, now: number): number {
    const live = this.recent(key, now);
    if (live.length < this.limit.maxFailures) return 0;
    return live[live.length - this.limit.maxFailures]! + this.limit.windowMs - now;
  }

  record(key: string, now: number): void {
    const live = this.recent(key, now);
    live.push(now);
    // Only the newest maxFailures timestamps matter for the decision.
    this.failures.set(key, live.slice(-this.limit.maxFailures));
    if (this.failures.size > this.maxKeys) this.prune(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Takes back the most recent entry (an attempt that turned out to succeed). */
  removeLatest(key: string): void {
    const times = this.failures.get(key);
    if (!times) return;
    times.pop();
    if (times.length === 0) this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const key of this.failures.keys()) this.recent(key, now);
    // Still too many live keys: forget the oldest-inserted ones (Map keeps insertion order).
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }
}

export class LoginThrottle {
  private readonly byEmail: SlidingWindowCounter;
  private readonly byAddress: SlidingWindowCounter;

  constructor(private readonly options: LoginThrottleOptions) {
    const maxKeys = options.maxKeys ?? 10_000;
    this.byEmail = new SlidingWindowCounter(options.perEmail, maxKeys);
    this.byAddress = new SlidingWindowCounter(options.perAddress, maxKeys);
  }

  /** Seconds to wait (at least 1) when this attempt must be refused, otherwise undefined. */
  retryAfterSeconds(email: string, address: string): number | undefined {
    const now = this.options.now();
    const wait = Math.max(this.byEmail.blockedFor(email, now), this.byAddress.blockedFor(address, now));
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  /**
   * Counts an attempt as a failure before its password is even checked, so a burst of concurrent guesses
   * cannot all pass the limit check while the first ones are still being verified.
   */
  recordAttempt(email: string, address: string): void {
    const now = this.options.now();
    this.byEmail.record(email, now);
    this.byAddress.record(address, now);
  }

  /** The attempt succeeded: the email starts afresh, and the address gets this attempt back. */
  recordSuccess(email: string, address: string): void {
    this.byEmail.clear(email);
    this.byAddress.removeLatest(address);
  }
}
