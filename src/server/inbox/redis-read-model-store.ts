import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ReadModelRecord } from './read-model.ts';
import { MODEL_STAGES, type ModelStage, type ReadModelStore } from './read-model-store.ts';
import { shared } from '../redis/connection.ts';
import { conversationOf, NEXT_VERSION, parseRecord, parseUntil } from './redis-read-model-entries.ts';

export interface RedisReadModelOptions {
  client: Redis;
  key: (name: string) => string;
  /** How long a replica serves its copy before asking Redis whether the model changed. */
  checkEveryMs?: number;
  /**
   * How many versions the change log keeps, and so how far behind a replica reads the changes rather than
   * the whole model (READ_MODEL_CHANGES_KEPT). Tests trim the log sooner; 0 makes every load a whole one.
   */
  changesKept?: number;
  now?: () => number;
}

export const READ_MODEL_CHECK_EVERY_MS = 1000;

/** How many versions the change log keeps: a replica further behind loads the whole model again. */
export const READ_MODEL_CHANGES_KEPT = 10_000;

/**
 * The inbox read model shared by every replica. The replica holding the feed lease writes it, and any
 * replica applies the store's answers to the writes it relays (applyWrittenConversation): each
 * put/delete goes to a Redis hash (field = conversation id, value = the record's JSON), and in the same MULTI
 * INCRs a version key and records in a change log (a sorted set scored by version) which conversation that
 * version changed. Every replica serves get()/all() from a local copy. When the version in Redis differs
 * from the copy's, a replica reads the log's entries after its version and HMGETs just the conversations
 * they name (missing from the hash: deleted); it loads the whole hash (HGETALL) only for its first load, a
 * takeover, or when the log does not hold one entry for each version it missed (trimmed away, written by an
 * older release without its entry, or Redis restarted empty).
 *
 * Cost: per replica, at most one MGET (the version and the reader's current-until) a second while requests
 * come (a burst of dashboards shares it), and per change of the model the changed records only, never per
 * dashboard or per request, and never in proportion to the model's size. The writer never reloads after its
 * own writes (it knows the version its write returned), and a replica that takes the lease over loads what
 * Redis holds before its first write (takeOver).
 */
export class RedisReadModelStore implements ReadModelStore {
  private records = new Map<string, ReadModelRecord>();
  private current: ModelStage = 'listing';
  /** The reader's current-until as last read (or written) here: as old as the copy at most. */
  private until = Number.NEGATIVE_INFINITY;
  /** The version the local copy matches; -1: never loaded, or known to be behind. */
  private version = -1;
  /** Which model the version counts the changes of (null: one begun before epochs were kept). */
  private epoch: string | null = null;
  /** The epoch this store gives a model it begins. */
  private readonly newEpoch = randomUUID();
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** One refresh at a time: concurrent requests wait for the same one. */
  private refreshing: Promise<void> | undefined;
  /** Writes made by this process; a load that overlapped one may predate it. */
  private writes = 0;
  private readonly checkEveryMs: number;
  private readonly changesKept: number;
  private readonly now: () => number;
  private readonly hashKey: string;
  private readonly versionKey: string;
  private readonly changesKey: string;
  private readonly epochKey: string;
  private readonly stageKey: string;
  private readonly currentKey: string;

  constructor(private readonly options: RedisReadModelOptions) {
    this.checkEveryMs = options.checkEveryMs ?? READ_MODEL_CHECK_EVERY_MS;
    this.changesKept = options.changesKept ?? READ_MODEL_CHANGES_KEPT;
    this.now = options.now ?? Date.now;
    this.hashKey = options.key('inbox:model');
    this.versionKey = options.key('inbox:model:version');
    this.changesKey = options.key('inbox:model:changes');
    this.epochKey = options.key('inbox:model:epoch');
    this.stageKey = options.key('inbox:model:stage');
    this.currentKey = options.key('inbox:model:current-until');
  }

  /**
   * Read with the version check, so it costs no command of its own and at most one per interval however
   * many dashboards read the inbox. The value is then at most `checkEveryMs` (1 s) old, and that never
   * makes a stale model pass as current: a reader that stalls writes nothing, so the copy holds its last
   * promise and lapses exactly when Redis's would; and any newer promise reaches at least StoreFeed's
   * CURRENT_MARGIN_MS (5 s) past its writing, so whenever an older copy still vouches, the newer one does too.
   */
  async currentUntil(): Promise<number> {
    await this.fresh();
    return this.until;
  }

  async setCurrentUntil(untilMs: number): Promise<void> {
    // Expires by itself shortly after: a reader that died leaves no promise behind.
    const ttlMs = Math.max(Math.ceil(untilMs - this.now()) + 60_000, 1000);
    await shared(() => this.options.client.set(this.currentKey, String(untilMs), 'PX', ttlMs));
    this.until = untilMs;
  }

  async get(conversationId: string): Promise<ReadModelRecord | undefined> {
    await this.fresh();
    return this.records.get(conversationId);
  }

  async all(): Promise<ReadModelRecord[]> {
    await this.fresh();
    return [...this.records.values()];
  }

  async stage(): Promise<ModelStage> {
    await this.fresh();
    return this.current;
  }

  async put(record: ReadModelRecord): Promise<void> {
    const id = record.conversation.id;
    await this.write((multi) => multi.hset(this.hashKey, id, JSON.stringify(record)), id);
    this.records.set(id, record);
  }

  async delete(conversationId: string): Promise<void> {
    await this.write((multi) => multi.hdel(this.hashKey, conversationId), conversationId);
    this.records.delete(conversationId);
  }

  async setStage(stage: ModelStage): Promise<void> {
    await this.write((multi) => multi.set(this.stageKey, stage));
    this.current = stage;
  }

  /**
   * The writer published a change (a `conversation` event reached this replica): the dashboards that got it
   * read the inbox now, so the next read asks Redis for the version rather than serve a copy up to a second
   * old. Still one GET per burst of reads.
   */
  expire(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** This replica now holds the feed lease: start from what Redis holds, whatever its copy says. */
  async takeOver(): Promise<void> {
    await this.refresh(true);
  }

  /**
   * One change and its version, atomically. `conversationId` names the record changed; without it, the change
   * is to a flag, which every load reads anyway (the stage).
   */
  private async write(
    change: (multi: ReturnType<Redis['multi']>) => unknown,
    conversationId = '',
  ): Promise<void> {
    this.writes += 1;
    const multi = this.options.client.multi();
    change(multi);
    multi.eval(
      NEXT_VERSION,
      3,
      this.versionKey,
      this.changesKey,
      this.epochKey,
      conversationId,
      String(this.changesKept),
      this.newEpoch,
    );
    const results = await shared(() => multi.exec());
    const next = results?.at(-1);
    const version = next && !next[0] ? Number(next[1]) : Number.NaN;
    if (version === 1) this.epoch = this.newEpoch;
    // Our own write on top of what we hold: no reload.
    if (version === this.version + 1 && this.version >= 0) {
      this.version = version;
      return;
    }
    // Another replica wrote in between (the store's answer to a write it relayed), or our copy was behind:
    // the next read brings the copy up from its version through the change log, which names this write
    // too. A model begun afresh, or no version in the answer: the next read loads it all.
    if (version === 1 || !Number.isFinite(version)) this.version = -1;
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private fresh(): Promise<void> {
    if (this.version >= 0 && this.now() - this.checkedAt < this.checkEveryMs) return Promise.resolve();
    return this.refresh(false);
  }

  private refresh(force: boolean): Promise<void> {
    this.refreshing ??= this.load(force).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async load(force: boolean): Promise<void> {
    const writesBefore = this.writes;
    let loaded = false;
    if (!force && this.version >= 0) {
      const [current, until, epoch] = await shared(() =>
        this.options.client.mget(this.versionKey, this.currentKey, this.epochKey),
      );
      this.checkedAt = this.now();
      this.until = parseUntil(until ?? null);
      const latest = Number(current ?? 0);
      const sameModel = epoch === this.epoch;
      if (sameModel && latest === this.version) return;
      if (sameModel && latest > this.version && latest - this.version <= this.changesKept)
        loaded = await this.loadChanges();
    }
    if (!loaded) await this.loadWhole();
    // A write of ours that overlapped the load may be missing from what it read: check again next read.
    if (this.writes !== writesBefore) this.version = -1;
    this.checkedAt = this.now();
  }

  /**
   * Brings the copy from its version to Redis's by reading only what changed; false (nothing touched) when
   * the log cannot say what that is. The version, the log's entries after ours, and the flags come from one
   * MULTI, so they describe one moment; the records named are read after it, and may be newer still. The
   * version adopted therefore never claims a change that was not read: a write landing in between is either
   * read already, or after the adopted version and read at the next change.
   */
  private async loadChanges(): Promise<boolean> {
    const client = this.options.client;
    const [epoch, version, entries, ...flags] = await this.transaction(
      this.withFlags(
        client
          .multi()
          .get(this.epochKey)
          .get(this.versionKey)
          .zrangebyscore(this.changesKey, `(${this.version}`, '+inf'),
      ),
    );
    const latest = Number(version ?? 0);
    const changed = entries as string[];
    // One entry per version missed, or some change went unlogged (trimmed, or written without its entry).
    if (epoch !== this.epoch || changed.length !== latest - this.version) return false;
    const ids = [...new Set(changed.map(conversationOf).filter((id) => id !== undefined))];
    const raws = ids.length > 0 ? await shared(() => client.hmget(this.hashKey, ...ids)) : [];
    ids.forEach((id, i) => {
      const record = parseRecord(raws[i] ?? null);
      if (record) this.records.set(id, record);
      else this.records.delete(id);
    });
    this.setFlags(flags);
    this.version = latest;
    return true;
  }

  /** The whole model, with its version, readiness and current-until: one consistent snapshot. */
  private async loadWhole(): Promise<void> {
    const [epoch, version, hash, ...flags] = await this.transaction(
      this.withFlags(
        this.options.client.multi().get(this.epochKey).get(this.versionKey).hgetall(this.hashKey),
      ),
    );
    const records = new Map<string, ReadModelRecord>();
    for (const [id, raw] of Object.entries((hash ?? {}) as Record<string, string>)) {
      const record = parseRecord(raw);
      if (record) records.set(id, record);
    }
    this.records = records;
    this.setFlags(flags);
    this.epoch = (epoch ?? null) as string | null;
    this.version = Number(version ?? 0);
  }

  /**
   * Every load reads the model's flags (its stage and current-until) in its MULTI, after its own commands;
   * setFlags takes the replies.
   */
  private withFlags(multi: ReturnType<Redis['multi']>): ReturnType<Redis['multi']> {
    return multi.get(this.stageKey).get(this.currentKey);
  }

  private setFlags([stage, until]: unknown[]): void {
    this.current = MODEL_STAGES.find((known) => known === stage) ?? 'listing';
    this.until = parseUntil((until ?? null) as string | null);
  }

  /** The replies of a MULTI's commands, in order; the first error fails the load. */
  private async transaction(multi: ReturnType<Redis['multi']>): Promise<unknown[]> {
    const results = await shared(() => multi.exec());
    return (results ?? []).map(([error, value]) => {
      if (error) throw new Error(`read model load failed: ${error.message}`);
      return value;
    });
  }
}
