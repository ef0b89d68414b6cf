import type { Logger } from '../log/logger.ts';
import type { SnoozeStore } from './snooze-store.ts';

/** How often each process looks for snoozes whose time has come. */
export const SNOOZE_WAKE_EVERY_MS = 5_000;

/**
 * Wakes the snoozes whose time has come, one look at a time. Every process with a database runs one: a
 * wake is one conditional UPDATE, so replicas looking at once wake each snooze exactly once, and no lease
 * is needed. A failure (the database unreachable) is logged once per outage; the next look tries again.
 */
export class SnoozeWaker {
  private running: Promise<number> | undefined;
  private failing = false;

  constructor(
    private readonly snoozes: () => Promise<SnoozeStore>,
    private readonly logger: Logger,
  ) {}

  /** Wakes what is due now (a look already under way is joined); answers how many woke. */
  wakeDue(): Promise<number> {
    this.running ??= this.look().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Looks every `everyMs` until the answered function is called (which waits for a look under way). */
  start(everyMs = SNOOZE_WAKE_EVERY_MS): () => Promise<void> {
    const timer = setInterval(() => void this.wakeDue(), everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.running;
    };
  }

  private async look(): Promise<number> {
    try {
      const woken = await (await this.snoozes()).wakeDue();
      if (this.failing) this.logger.info('waking snoozes works again');
      this.failing = false;
      return woken;
    } catch (error) {
      if (!this.failing) this.logger.warn({ err_message: (error as Error).message }, 'waking snoozes failed');
      this.failing = true;
      return 0;
    }
  }
}
