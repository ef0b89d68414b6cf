/**
 * Bounds concurrent password checks. One scrypt at OWASP's parameters holds 128 MiB for ~0.1-0.3 s;
 * without a bound, a burst of logins (honest or not) would exhaust memory and the libuv thread pool that
 * the rest of the server shares. Excess callers wait in a short queue; beyond it they are refused at once
 * (the login route answers 429) instead of piling up.
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueued: number,
  ) {}

  /** Runs task when a slot is free; returns undefined (without running it) when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueued) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return { value: await task() };
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      if (next) next();
      else this.running -= 1;
    }
  }
}
