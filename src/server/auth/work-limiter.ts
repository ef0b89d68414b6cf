/**
 * Bounds concurrent password checks. One scrypt at OWASP's parameters holds 128 MiB for ~0.1-0.3 s;
 * without a bound, a burst of logins (honest or not) would exhaust memory and the libuv thread pool that
 * the rest of the server shares. Excess callers wait in a short queue; beyond it they are refused at once
 * (the login route answers 429) instead of piling up.
 *
 * Fair per client: each client key (an address group) may hold at most `maxQueuedPerKey` of the queue's
 * places, and a freed slot goes to the clients in turn (round robin), not to whoever queued first. So one
 * address flooding the sign-in fills its own share and waits behind everyone else's first request.
 */
export interface WorkLimiterOptions {
  maxConcurrent: number;
  maxQueued: number;
  /** Queue places one client key may hold; default a quarter of the queue (at least 1). */
  maxQueuedPerKey?: number;
}

export class WorkLimiter {
  private running = 0;
  private queued = 0;
  /** Waiters per client key; Map order is the round-robin order (a served key moves to the back). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly perKey: number;

  constructor(private readonly options: WorkLimiterOptions) {
    this.perKey = options.maxQueuedPerKey ?? Math.max(1, Math.floor(options.maxQueued / 4));
  }

  /** Runs task when a slot is free; returns undefined (without running it) when its share of the queue is full. */
  async run<T>(key: string, task: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.options.maxConcurrent) {
      const mine = this.waiting.get(key) ?? [];
      if (this.queued >= this.options.maxQueued || mine.length >= this.perKey) return undefined;
      this.queued += 1;
      await new Promise<void>((resolve) => {
        mine.push(resolve);
        this.waiting.set(key, mine);
      });
    } else {
      this.running += 1;
    }
    try {
      return { value: await task() };
    } finally {
      this.handOver();
    }
  }

  /** Hands the slot straight to the next client in turn, so `running` never dips and lets a newcomer jump the queue. */
  private handOver(): void {
    const next = this.waiting.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [key, queue] = next.value;
    const resolve = queue.shift()!;
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    this.queued -= 1;
    resolve();
  }
}
