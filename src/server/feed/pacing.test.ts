import { describe, expect, it } from 'vitest';
import { BACKFILL_READS_MAX, backfillReadsFor, DEFAULT_FEED_TIMING, nextDelayMs } from './pacing.ts';

const timing = DEFAULT_FEED_TIMING;
const random = () => 0.5;

describe('backfillReadsFor', () => {
  it('gives the first pass all the feed may spend but what its walks until the reset need, up to the most a step takes', () => {
    // A generous store (the simulator's default, 20 000 a minute): the most a step takes.
    expect(backfillReadsFor(timing, { limit: 20_000, remaining: 20_000, resetS: 60 })).toBe(
      BACKFILL_READS_MAX,
    );
    // A real store's 120 a minute at the window's start: 90 spendable, 42 kept for 24 quiet walks, 3 for fast ones.
    expect(backfillReadsFor(timing, { limit: 120, remaining: 120, resetS: 60 })).toBe(BACKFILL_READS_MAX);
    // Half-way with 60 left: 30 spendable, 21 kept for the 12 walks to come and 3 for fast ones after changes.
    expect(backfillReadsFor(timing, { limit: 120, remaining: 60, resetS: 30 })).toBe(6);
  });

  it('reads none when what is left belongs to the walks (the next window brings more)', () => {
    expect(backfillReadsFor(timing, { limit: 120, remaining: 45, resetS: 40 })).toBe(0);
    expect(backfillReadsFor(timing, { limit: 120, remaining: 10, resetS: 20 })).toBe(0);
  });

  it('takes the most a step takes when the store announces no budget', () => {
    expect(backfillReadsFor(timing, undefined)).toBe(BACKFILL_READS_MAX);
  });
});

describe('nextDelayMs', () => {
  it('walks every second while the budget allows, found a change or not', () => {
    expect(nextDelayMs(timing, undefined, false, random)).toBe(timing.fastMs);
    expect(nextDelayMs(timing, { limit: 20_000, remaining: 19_000, resetS: 50 }, false, random)).toBe(
      timing.fastMs,
    );
  });

  it('walks less often when the budget is tight and the last walk found nothing, and fast again after a change', () => {
    const tight = { limit: 120, remaining: 100, resetS: 50 };
    expect(nextDelayMs(timing, tight, false, random)).toBe(timing.quietMs);
    expect(nextDelayMs(timing, tight, true, random)).toBe(timing.fastMs);
    // After a change, but what is left is what the quiet walks until the reset need: quiet.
    expect(nextDelayMs(timing, { limit: 120, remaining: 65, resetS: 50 }, true, random)).toBe(timing.quietMs);
  });

  it('spreads what is left over the window, and waits for the reset when only the reserve is left', () => {
    // 5 spendable for 50 s, 1.75 requests a walk: a walk every 17.5 s.
    expect(nextDelayMs(timing, { limit: 120, remaining: 35, resetS: 50 }, true, random)).toBe(17_500);
    expect(nextDelayMs(timing, { limit: 120, remaining: 30, resetS: 20 }, false, random)).toBe(20_500);
  });
});
