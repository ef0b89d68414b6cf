/**
 * Where the store feed is in the store's history, kept outside the process so that when the reading
 * replica dies the next reader resumes from there (replicas on Redis). One process needs none.
 */
export interface FeedState {
  /** The greatest updated_at seen. */
  watermark: string;
  /** id -> updated_at of the conversations at the watermark (they come back at the next walk). */
  seen: [string, string][];
  /** The agent config's updated_at when last read, so a change is reported once. */
  configUpdatedAt?: string | null;
}

export interface FeedCheckpoint {
  load(): Promise<FeedState | undefined>;
  /** Saved after each step; ignored unless this process still holds the feed lease. */
  save(state: FeedState): Promise<void>;
}
