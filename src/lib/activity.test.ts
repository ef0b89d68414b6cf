import { describe, expect, it } from 'vitest';
import { IDLE_AFTER_MS, createActivityTracker } from './activity';

describe('activity tracker', () => {
  it('becomes idle after two minutes without input and active again on input', () => {
    let now = 0;
    const target = new EventTarget();
    const tracker = createActivityTracker({ now: () => now, target, isHidden: () => false });
    const stop = tracker.start();
    expect(tracker.isIdle()).toBe(false);
    now = IDLE_AFTER_MS - 1;
    expect(tracker.isIdle()).toBe(false);
    now = IDLE_AFTER_MS;
    expect(tracker.isIdle()).toBe(true);
    target.dispatchEvent(new Event('keydown'));
    expect(tracker.isIdle()).toBe(false);
    stop();
    now += IDLE_AFTER_MS;
    target.dispatchEvent(new Event('pointerdown'));
    expect(tracker.isIdle()).toBe(true);
  });

  it('counts a hidden tab as idle', () => {
    let hidden = true;
    const tracker = createActivityTracker({
      now: () => 0,
      target: new EventTarget(),
      isHidden: () => hidden,
    });
    expect(tracker.isIdle()).toBe(true);
    hidden = false;
    expect(tracker.isIdle()).toBe(false);
  });
});
