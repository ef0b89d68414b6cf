import { describe, expect, it } from 'vitest';
import { BACKFILL_READS_MAX, backfillReadsFor, DEFAULT_FEED_TIMING } from './pacing.ts';

describe('backfillReadsFor', () => {
  const timing = DEFAULT_FEED_TIMING;

  it('reads as many transcripts a step as the budget left allows, up to the most a step takes', () => {
    // A generous store (the simulator's default, 20 000 a minute): the most a step takes.
    expect(backfillReadsFor(timing, { limit: 20_000, remaining: 20_000, resetS: 60 })).toBe(
      BACKFILL_READS_MAX,
    );
    // 1 000 a minute: 750 spendable after the dashboards' quarter, over 60 steps, less the step's own two.
    expect(backfillReadsFor(timing, { limit: 1_000, remaining: 1_000, resetS: 60 })).toBe(10);
    // Later in the same window, with less left: fewer a step.
    expect(backfillReadsFor(timing, { limit: 1_000, remaining: 550, resetS: 30 })).toBe(8);
  });

  it('reads one a step when the budget is tight or spent (the wait after the step spreads it)', () => {
    expect(backfillReadsFor(timing, { limit: 120, remaining: 100, resetS: 60 })).toBe(1);
    expect(backfillReadsFor(timing, { limit: 120, remaining: 10, resetS: 20 })).toBe(1);
  });

  it('takes the most a step takes when the store announces no budget', () => {
    expect(backfillReadsFor(timing, undefined)).toBe(BACKFILL_READS_MAX);
  });
});
