import type { ReadModelRecord } from './read-model.ts';

/**
 * How far the model got over the store. `listing`: the store is being listed (its first pass, or again
 * after a restore), so lists come from the API's own. `listed`: every conversation is known, so lists,
 * counts and search are served from the model while the first pass still reads transcripts (previews,
 * waiting times). `ready`: every active conversation's transcript is read too.
 */
export const MODEL_STAGES = ['listing', 'listed', 'ready'] as const;
export type ModelStage = (typeof MODEL_STAGES)[number];

/** Whether the model knows every conversation (lists, counts and search can be served from it). */
export const isListed = (stage: ModelStage) => stage !== 'listing';

/**
 * The inbox's read model, one record per conversation (active and closed). Async so that a shared
 * (Redis) implementation can replace the memory one for replicas; records are plain JSON.
 */
export interface ReadModelStore {
  get(conversationId: string): Promise<ReadModelRecord | undefined>;
  /**
   * A change is always a new record object, never an edit of the one held: the inbox keeps what it
   * derives from a record by the record's identity (InboxIndex).
   */
  put(record: ReadModelRecord): Promise<void>;
  /** A conversation the store no longer has (a restored store). */
  delete(conversationId: string): Promise<void>;
  /** Every record (the BFF filters, sorts and counts them per request). */
  all(): Promise<ReadModelRecord[]>;
  stage(): Promise<ModelStage>;
  setStage(stage: ModelStage): Promise<void>;
  /**
   * This process just took the feed lease and is about to write: a shared store loads what the previous
   * writer left (another replica's model) before the first write. A memory store has nothing to load.
   */
  takeOver?(): Promise<void>;
  /**
   * Until when (ms since epoch) the reading feed vouches for the model: it steps again before then. Written
   * by the reader after each step, read by the replicas that do not read the store (see StoreFeed.isCurrent).
   */
  currentUntil(): Promise<number>;
  setCurrentUntil(untilMs: number): Promise<void>;
}

export class MemoryReadModelStore implements ReadModelStore {
  private readonly records = new Map<string, ReadModelRecord>();
  private current: ModelStage = 'listing';
  private until = Number.NEGATIVE_INFINITY;

  get(conversationId: string): Promise<ReadModelRecord | undefined> {
    return Promise.resolve(this.records.get(conversationId));
  }

  put(record: ReadModelRecord): Promise<void> {
    this.records.set(record.conversation.id, record);
    return Promise.resolve();
  }

  delete(conversationId: string): Promise<void> {
    this.records.delete(conversationId);
    return Promise.resolve();
  }

  all(): Promise<ReadModelRecord[]> {
    return Promise.resolve([...this.records.values()]);
  }

  stage(): Promise<ModelStage> {
    return Promise.resolve(this.current);
  }

  setStage(stage: ModelStage): Promise<void> {
    this.current = stage;
    return Promise.resolve();
  }

  currentUntil(): Promise<number> {
    return Promise.resolve(this.until);
  }

  setCurrentUntil(untilMs: number): Promise<void> {
    this.until = untilMs;
    return Promise.resolve();
  }
}
