import type { RateBudget } from '../store-api/rate-budget.ts';

/** The feed's cadence knobs (milliseconds). */
export interface FeedTiming {
  /** Between walks while the budget is healthy, and after a walk that found a change. */
  fastMs: number;
  /**
   * Between walks while the budget is tight and the last walk found nothing: a change made meanwhile
   * still reaches the screen within 3 s at p95 (it waits for the next walk, half this on average).
   */
  quietMs: number;
  /** The first pass's reads stop this long after a step began, so the next walk is not held up. */
  firstPassStepMs: number;
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
  quietMs: 2500,
  firstPassStepMs: 1000,
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
 * What the walks are kept per walk to come: the walk itself and, now and then, a changed conversation's
 * tail, the agent config or the newest page's check.
 */
const WALK_COST = 1.75;
/** Kept besides, for the fast walks that follow a change (the first pass pays for them). */
const FOLLOW_UPS = 3;
/** Walking at the fast pace may take at most this share of what the feed may still spend, or it is tight. */
const WALK_SHARE = 0.5;

/** What the walks until the window resets need: one every `quietMs`, WALK_COST each. */
function walksNeed(timing: FeedTiming, budget: RateBudget): number {
  return Math.ceil(Math.ceil((budget.resetS * 1000) / timing.quietMs) * WALK_COST);
}

/**
 * Whether walking every `fastMs` until the window resets would take more than WALK_SHARE of what the
 * feed may still spend (a real store's 120 a minute: yes; the simulator's 20 000: no).
 */
export function isTight(timing: FeedTiming, budget: RateBudget | undefined): boolean {
  if (!budget) return false;
  const fastWalks = (budget.resetS * 1000) / timing.fastMs;
  return spendable(timing, budget) * WALK_SHARE < fastWalks;
}

/**
 * The wait before the next walk. A walk a second while the budget allows; when it is tight, every
 * `quietMs` while walks find nothing, and a second after a walk that found a change (a conversation that
 * moves often moves again: a bot's answer follows the shopper's message) as long as what is left still
 * covers the quiet walks until the reset. Never faster than what is left spreads over the time to the
 * reset (a burst of changes spent more); with nothing spendable it waits for the reset.
 */
export function nextDelayMs(
  timing: FeedTiming,
  budget: RateBudget | undefined,
  foundChanges: boolean,
  random: () => number,
): number {
  if (!budget || !isTight(timing, budget)) return timing.fastMs;
  const left = spendable(timing, budget);
  const resetMs = budget.resetS * 1000;
  if (left <= 0) return Math.min(resetMs + Math.floor(random() * 1000), timing.slowestMs);
  if (foundChanges && left > walksNeed(timing, budget)) return timing.fastMs;
  const spread = (resetMs * WALK_COST) / left;
  return Math.round(Math.min(Math.max(timing.quietMs, spread), timing.slowestMs));
}

/** The first pass's reads per step at most (listing pages, then transcripts): a step stays short. */
export const BACKFILL_READS_MAX = 25;

/**
 * How many of the first pass's reads (listing pages, then transcripts) one step may make: everything the
 * feed may still spend in this window but what its walks until the reset need (walksNeed, and FOLLOW_UPS
 * fast walks after changes), so a tight budget goes to the first pass as soon as it is there, and a
 * change still finds a walk within `quietMs`. At most BACKFILL_READS_MAX, and that many when the store
 * announces no budget; none when nothing is left beyond the walks' share (the next window brings more).
 */
export function backfillReadsFor(timing: FeedTiming, budget: RateBudget | undefined): number {
  if (!budget) return BACKFILL_READS_MAX;
  const reads = spendable(timing, budget) - walksNeed(timing, budget) - FOLLOW_UPS;
  return Math.min(Math.max(reads, 0), BACKFILL_READS_MAX);
}

/** After a failure (network, 5xx, refused key): exponential, capped, with jitter so replicas do not align. */
export function failureDelayMs(failures: number, timing: FeedTiming, random: () => number): number {
  const base = Math.min(1000 * 2 ** Math.max(failures - 1, 0), timing.slowestMs);
  return Math.round(base * (0.5 + random() / 2));
}
