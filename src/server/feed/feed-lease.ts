/**
 * "Who reads the store": with several replicas exactly one may run the feed (the Redis lease).
 * `acquire` is asked before every step and must be cheap when already held.
 */
export interface FeedLease {
  acquire(): Promise<boolean>;
  release(): Promise<void>;
  /** How soon a process that is not the reader asks again (default: the feed's slowest pace). */
  readonly retryMs?: number;
}

/** One process: this process is always the reader. */
export class LocalFeedLease implements FeedLease {
  acquire(): Promise<boolean> {
    return Promise.resolve(true);
  }
  release(): Promise<void> {
    return Promise.resolve();
  }
}
