import type { RateBudget } from '../store-api/rate-budget.ts';

/** The feed's cadence knobs (milliseconds). */
export interface FeedTiming {
  /** Between walks while the budget is healthy. */
  fastMs: number;
  /** The slowest the feed goes when the budget is low (and the cap on any computed wait). */
  slowestMs: number;
  /** Watched tails are re-read this often even when `updated_at` did not move (a rating does not move it). */
  tailRefreshMs: number;
  /** At most one such slow re-read per this interval, so the cost stays flat however many are watched. */
  tailRefreshGapMs: number;
  /** GET agent-config this often. */
  configEveryMs: number;
  /** Share of the window's budget the feed leaves for the dashboards' own requests. */
  reserveShare: number;
}

export const DEFAULT_FEED_TIMING: FeedTiming = {
  // From the start of one walk to the next: a change waits half a second on average (p95 under a second).
  fastMs: 1000,
  slowestMs: 30_000,
  tailRefreshMs: 30_000,
  tailRefreshGapMs: 10_000,
  configEveryMs: 60_000,
  reserveShare: 0.25,
};

/**
 * Requests the feed may still make in this window: the remaining budget minus the reserve kept for the
 * dashboards' own saves and replies (unbounded when the store announces no budget).
 */
export function spendable(timing: FeedTiming, budget: RateBudget | undefined): number {
  if (!budget) return Number.POSITIVE_INFINITY;
  return budget.remaining - Math.ceil(budget.limit * timing.reserveShare);
}

/**
 * The wait before the next step. Fast while the budget is healthy; as RateLimit-Remaining falls the
 * feed spreads what it may still spend (the remaining budget minus a reserve kept for the dashboards' own
 * saves and replies) over the time left in the window; with nothing spendable it waits for the reset.
 */
export function nextDelayMs(
  timing: FeedTiming,
  budget: RateBudget | undefined,
  requestsLastStep: number,
  random: () => number,
): number {
  if (!budget) return timing.fastMs;
  const left = spendable(timing, budget);
  const resetMs = budget.resetS * 1000;
  if (left <= 0) return Math.min(resetMs + Math.floor(random() * 1000), timing.slowestMs);
  const spread = (resetMs * Math.max(requestsLastStep, 1)) / left;
  return Math.round(Math.min(Math.max(timing.fastMs, spread), timing.slowestMs));
}

/** The first pass's reads per step at most (listing pages, then transcripts): a step stays short, so changes are not held up. */
export const BACKFILL_READS_MAX = 25;
/** What a step costs besides the first pass's reads: the walk, and now and then a page or the config. */
const STEP_BASE_REQUESTS = 2;

/**
 * How many of the first pass's reads (listing pages, then transcripts) one step may make: the share of what the feed may still spend
 * in this window that falls to one step, when steps come every `fastMs` until the window resets, less
 * the step's own requests. At least one, so the pass always moves (the wait after the step then spreads
 * the cost, see nextDelayMs); at most BACKFILL_READS_MAX, and that many when the store announces no budget.
 */
export function backfillReadsFor(timing: FeedTiming, budget: RateBudget | undefined): number {
  if (!budget) return BACKFILL_READS_MAX;
  const stepsLeft = Math.max((budget.resetS * 1000) / timing.fastMs, 1);
  const perStep = Math.floor(spendable(timing, budget) / stepsLeft) - STEP_BASE_REQUESTS;
  return Math.min(Math.max(perStep, 1), BACKFILL_READS_MAX);
}

/** After a failure (network, 5xx, refused key): exponential, capped, with jitter so replicas do not align. */
export function failureDelayMs(failures: number, timing: FeedTiming, random: () => number): number {
  const base = Math.min(1000 * 2 ** Math.max(failures - 1, 0), timing.slowestMs);
  return Math.round(base * (0.5 + random() / 2));
}
