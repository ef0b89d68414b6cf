/**
 * Bounds concurrent password checks. One scrypt at OWASP's parameters holds 128 MiB for ~0.1-0.3 s;
 * without a bound, a burst of logins (honest or not) would exhaust memory and the libuv thread pool that
 * the rest of the server shares. Excess callers wait in a short queue; beyond it they are refused at once
 * (the login route answers 429) instead of piling up.
 *
 * Fair per client and ordered by standing:
 * - each client key (an address group, or an email for a browser that signed in to it before) may hold at
 *   most `maxQueuedPerKey` of the queue's places, and freed slots go to the keys in turn (round robin);
 * - a waiter with a higher priority is served before every lower one, and when the queue is full it takes
 *   the place of the newest waiter of the lowest priority (that one is refused). Among equals, a key with
 *   no place yet takes one from the key holding the most, so a flood from a few keys cannot keep a new key
 *   out; a flood from more keys than the queue has places fills it one place each.
 */
export interface WorkLimiterOptions {
  maxConcurrent: number;
  maxQueued: number;
  /** Queue places one client key may hold; default a quarter of the queue (at least 1). */
  maxQueuedPerKey?: number;
}

/** Resolves true when the waiter got a slot, false when it lost its place to a higher priority. */
type Waiter = (admitted: boolean) => void;

/** The waiters of one priority: per key, in Map order (the round-robin order; a served key moves back). */
type Lane = Map<string, Waiter[]>;

export class WorkLimiter {
  private running = 0;
  private queued = 0;
  private readonly lanes = new Map<number, Lane>();
  private readonly perKey: number;

  constructor(private readonly options: WorkLimiterOptions) {
    this.perKey = options.maxQueuedPerKey ?? Math.max(1, Math.floor(options.maxQueued / 4));
  }

  /**
   * Runs task when a slot is free; returns undefined (without running it) when its key's share of the
   * queue is full, the queue is full of equal or higher priorities, or a higher priority took its place.
   */
  async run<T>(key: string, task: () => Promise<T>, priority = 0): Promise<{ value: T } | undefined> {
    if (this.running >= this.options.maxConcurrent) {
      const lane = this.laneOf(priority);
      const mine = lane.get(key) ?? [];
      if (mine.length >= this.perKey) return undefined;
      if (this.queued >= this.options.maxQueued && !this.evictFor(priority, mine.length)) return undefined;
      this.queued += 1;
      const admitted = await new Promise<boolean>((resolve) => {
        mine.push(resolve);
        lane.set(key, mine);
      });
      if (!admitted) return undefined;
    } else {
      this.running += 1;
    }
    try {
      return { value: await task() };
    } finally {
      this.handOver();
    }
  }

  private laneOf(priority: number): Lane {
    let lane = this.lanes.get(priority);
    if (!lane) {
      lane = new Map();
      this.lanes.set(priority, lane);
    }
    return lane;
  }

  /**
   * Frees a place for a newcomer of `priority` whose key already waits `held` times: refuses the newest
   * waiter of the lowest priority below it, or, among equals, of the key holding the most places (when it
   * holds at least two more than the newcomer). False when nobody may be displaced.
   */
  private evictFor(priority: number, held: number): boolean {
    const ascending = [...this.lanes.keys()].sort((a, b) => a - b);
    for (const level of ascending) {
      if (level > priority) return false;
      const lane = this.lanes.get(level)!;
      let victimKey: string | undefined;
      let victimCount = 0;
      for (const [key, waiters] of lane) {
        if (waiters.length > victimCount) [victimKey, victimCount] = [key, waiters.length];
      }
      if (victimKey === undefined) continue;
      if (level === priority && victimCount < held + 2) return false;
      const waiters = lane.get(victimKey)!;
      const resolve = waiters.pop()!;
      if (waiters.length === 0) lane.delete(victimKey);
      this.queued -= 1;
      resolve(false);
      return true;
    }
    return false;
  }

  /** Hands the slot straight to the next waiter (highest priority, keys in turn), so `running` never dips. */
  private handOver(): void {
    const levels = [...this.lanes.keys()].sort((a, b) => b - a);
    for (const level of levels) {
      const lane = this.lanes.get(level)!;
      const next = lane.entries().next();
      if (next.done) continue;
      const [key, queue] = next.value;
      const resolve = queue.shift()!;
      lane.delete(key);
      if (queue.length > 0) lane.set(key, queue);
      this.queued -= 1;
      resolve(true);
      return;
    }
    this.running -= 1;
  }
}
