import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { conversationSchema } from '../../schemas/conversation.ts';
import { driverErrorSummary, isUnavailable, withDatabase, type Db } from '../db/database.ts';
import { inboxModelRecords, inboxModelState } from '../db/schema.ts';
import type { FeedCheckpoint, FeedState } from './feed-checkpoint.ts';
import type { Logger } from '../log/logger.ts';
import type { ReadModelRecord } from './read-model.ts';
import {
  MemoryReadModelStore,
  MODEL_STAGES,
  type ModelStage,
  type ReadModelStore,
} from './read-model-store.ts';

const STATE_ID = 'inbox';
/** Rows per INSERT: a first pass's page of a hundred is one statement; a bigger backlog a few. */
const WRITE_BATCH = 500;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** What a stored row must hold to be served; anything else is left out and the store listed again. */
const storedRecordSchema = z.looseObject({
  conversation: conversationSchema,
  fold: z.looseObject({ botMessages: z.number() }),
  read: z.boolean(),
});

const feedStateSchema = z.object({
  watermark: z.string(),
  seen: z.array(z.tuple([z.string(), z.string()])),
  configUpdatedAt: z.string().nullable().optional(),
});

export interface DatabaseReadModelOptions {
  /** The dashboard's database, once open (it opens in the background at start). */
  database: () => Promise<Db>;
  logger: Logger;
  /** The first wait before writing again after a failed write (doubling up to 30 s). */
  retryMs?: number;
}

/**
 * The inbox's read model and the store feed's checkpoint in the dashboard's database, for one process
 * (no Redis): a restart loads them and the feed resumes where it stopped, with no listing of the store
 * and no transcript read again.
 *
 * Served from memory as the memory store is; the database is written behind it. Every change marks its
 * record, and the feed's checkpoint after each step writes the marked ones (an upsert or a delete each,
 * in batches), then the stage and the checkpoint itself, in that order: the checkpoint stored never
 * runs ahead of the records stored, so a crash at any point resumes from a checkpoint whose changes are
 * all in the rows (at worst it walks again over a few it already has). A write that fails (the database is
 * down or full) keeps its records marked and is tried again, later and less often: the model in memory
 * and the feed carry on meanwhile.
 */
export class DatabaseReadModelStore implements ReadModelStore, FeedCheckpoint {
  /** What is served: the whole model, in memory; the database is written behind it. */
  private readonly memory = new MemoryReadModelStore();
  /** Kept here rather than in `memory`: a write reads it with the checkpoint, in the same instant. */
  private current: ModelStage = 'listing';
  private checkpoint: FeedState | undefined;
  private loading: Promise<void> | undefined;
  /** Changed since the last write that succeeded: the record, or null once deleted. */
  private readonly unwritten = new Map<string, ReadModelRecord | null>();
  private stateUnwritten = false;
  private writing: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private failing = false;

  constructor(private readonly options: DatabaseReadModelOptions) {
    this.retryMs = options.retryMs ?? RETRY_FIRST_MS;
  }

  get(conversationId: string): Promise<ReadModelRecord | undefined> {
    return this.memory.get(conversationId);
  }

  all(): Promise<ReadModelRecord[]> {
    return this.memory.all();
  }

  stage(): Promise<ModelStage> {
    return Promise.resolve(this.current);
  }

  put(record: ReadModelRecord): Promise<void> {
    this.unwritten.set(record.conversation.id, record);
    return this.memory.put(record);
  }

  delete(conversationId: string): Promise<void> {
    this.unwritten.set(conversationId, null);
    return this.memory.delete(conversationId);
  }

  setStage(stage: ModelStage): Promise<void> {
    if (this.current !== stage) this.stateUnwritten = true;
    this.current = stage;
    return Promise.resolve();
  }

  /** Only this process reads the store: the reader's promise needs no sharing. */
  currentUntil(): Promise<number> {
    return this.memory.currentUntil();
  }

  setCurrentUntil(untilMs: number): Promise<void> {
    return this.memory.setCurrentUntil(untilMs);
  }

  /** The feed starts reading: what the previous process left is loaded first (once per process). */
  takeOver(): Promise<void> {
    this.loading ??= this.loadStored().catch((error: unknown) => {
      // The feed's step fails and is tried again; so is the load.
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /** FeedCheckpoint: where the feed stopped, in this process or the one before it. */
  async load(): Promise<FeedState | undefined> {
    await this.takeOver();
    return this.checkpoint;
  }

  /** FeedCheckpoint, after each step: the step's changes go to the database, then the checkpoint. */
  save(state: FeedState): Promise<void> {
    this.checkpoint = state;
    this.stateUnwritten = true;
    // The step does not wait for the database: a slow one must not hold up the feed (and the inbox).
    if (!this.failing) void this.write();
    return Promise.resolve();
  }

  /** Writes what is left (at shutdown, before the database closes); never throws. */
  async flush(): Promise<void> {
    await this.write();
    // Nothing is tried again after the last attempt: the database closes next.
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async loadStored(): Promise<void> {
    const db = await this.options.database();
    const [rows, states] = await withDatabase(() =>
      Promise.all([
        db.select().from(inboxModelRecords),
        db.select().from(inboxModelState).where(eq(inboxModelState.id, STATE_ID)),
      ]),
    );
    let unusable = 0;
    for (const row of rows) {
      const parsed = storedRecordSchema.safeParse(row.record);
      if (!parsed.success || parsed.data.conversation.id !== row.conversationId) {
        unusable += 1;
        // Removed at the next write, unless the listing brings the conversation back first.
        this.unwritten.set(row.conversationId, null);
        continue;
      }
      // A change made here before the load (none is expected: the feed loads first) is the newer one.
      if (!(await this.memory.get(row.conversationId)))
        await this.memory.put(parsed.data as unknown as ReadModelRecord);
    }
    const state = states[0];
    const checkpoint = feedStateSchema.safeParse(state?.checkpoint);
    this.checkpoint ??= checkpoint.success ? checkpoint.data : undefined;
    // A record left out may be missing from the model: the first pass lists the store again (its
    // transcripts already read are not read again).
    const stored = z.enum(MODEL_STAGES).safeParse(state?.stage);
    this.current = stored.success && unusable === 0 ? stored.data : 'listing';
    this.options.logger.info(
      { event: 'inbox.model_loaded', records: rows.length - unusable, unusable, stage: this.current },
      'inbox model loaded from the database',
    );
  }

  private write(): Promise<void> {
    this.writing ??= this.writeUnwritten().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  private async writeUnwritten(): Promise<void> {
    while (this.unwritten.size > 0 || this.stateUnwritten) {
      const batch: [string, ReadModelRecord | null][] = [];
      for (const entry of this.unwritten) {
        batch.push(entry);
        if (batch.length === WRITE_BATCH) break;
      }
      for (const [id] of batch) this.unwritten.delete(id);
      // The checkpoint goes with the batch that leaves nothing unwritten: never ahead of the records.
      const state =
        this.unwritten.size === 0 && this.stateUnwritten
          ? { stage: this.current, checkpoint: this.checkpoint }
          : undefined;
      if (state) this.stateUnwritten = false;
      try {
        await this.writeBatch(batch, state);
      } catch (error) {
        // A newer change of the same record, marked meanwhile, is the one to write.
        for (const [id, record] of batch) if (!this.unwritten.has(id)) this.unwritten.set(id, record);
        if (state) this.stateUnwritten = true;
        this.failed(error);
        return;
      }
      if (this.failing) {
        this.failing = false;
        this.retryMs = this.options.retryMs ?? RETRY_FIRST_MS;
        this.options.logger.info({ event: 'inbox.model_written' }, 'inbox model written again');
      }
    }
  }

  private async writeBatch(
    batch: [string, ReadModelRecord | null][],
    state: { stage: ModelStage; checkpoint: FeedState | undefined } | undefined,
  ): Promise<void> {
    const db = await this.options.database();
    const upserts = batch.flatMap(([conversationId, record]) =>
      record ? [{ conversationId, record: record as unknown as Record<string, unknown> }] : [],
    );
    const deletes = batch.flatMap(([conversationId, record]) => (record ? [] : [conversationId]));
    // One statement at a time, no transaction: the order alone keeps the checkpoint behind the records
    // (an upsert written before a failure is written again, the same), and a connection lost between the
    // statements of a transaction would surface as an error event nobody listens to.
    if (upserts.length > 0)
      await withDatabase(() =>
        db
          .insert(inboxModelRecords)
          .values(upserts)
          .onConflictDoUpdate({
            target: inboxModelRecords.conversationId,
            set: { record: sql.raw(`excluded.${inboxModelRecords.record.name}`) },
          }),
      );
    if (deletes.length > 0)
      await withDatabase(() =>
        db.delete(inboxModelRecords).where(inArray(inboxModelRecords.conversationId, deletes)),
      );
    if (!state) return;
    const values = {
      stage: state.stage,
      checkpoint: (state.checkpoint ?? null) as Record<string, unknown> | null,
    };
    await withDatabase(() =>
      db
        .insert(inboxModelState)
        .values({ id: STATE_ID, ...values })
        .onConflictDoUpdate({ target: inboxModelState.id, set: values }),
    );
  }

  private failed(error: unknown): void {
    const cause = driverErrorSummary(error);
    if (!this.failing)
      this.options.logger.warn(
        {
          event: 'inbox.model_write_failed',
          outage: isUnavailable(error),
          err_code: cause.code,
          err_message: cause.message,
          unwritten: this.unwritten.size,
        },
        'writing the inbox model failed; it is kept in memory and written later',
      );
    this.failing = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.write();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}
