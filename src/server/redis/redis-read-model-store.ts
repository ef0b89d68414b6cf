import type { Redis } from 'ioredis';
import type { EventLog } from '../live/event-log.ts';
import type { ReadModelRecord } from '../inbox/read-model.ts';
import { MODEL_STAGES, type ModelStage, type ReadModelStore } from '../inbox/read-model-store.ts';
import { shared } from './connection.ts';

export interface RedisReadModelOptions {
  client: Redis;
  key: (name: string) => string;
  /** How long a replica serves its copy before asking Redis whether the model changed. */
  checkEveryMs?: number;
  now?: () => number;
}

export const READ_MODEL_CHECK_EVERY_MS = 1000;

/**
 * The inbox read model shared by every replica. Only the replica holding the feed lease writes it: each
 * put/delete goes to a Redis hash (field = conversation id, value = the record's JSON) and INCRs a version
 * key in the same MULTI. Every replica serves get()/all() from a local copy, reloaded (one HGETALL) when the
 * version in Redis differs from the one it last loaded.
 *
 * Cost: per replica, at most one MGET (the version and the reader's current-until) a second while requests
 * come (a burst of dashboards shares it), and one HGETALL per change of the model, never per dashboard or per
 * request. The writer never
 * reloads after its own writes (it knows the version its INCR returned), and a replica that takes the lease
 * over loads what Redis holds before its first write (takeOver).
 */
export class RedisReadModelStore implements ReadModelStore {
  private records = new Map<string, ReadModelRecord>();
  private current: ModelStage = 'listing';
  /** The reader's current-until as last read (or written) here: as old as the copy at most. */
  private until = Number.NEGATIVE_INFINITY;
  /** The version the local copy matches; -1: never loaded, or known to be behind. */
  private version = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** One refresh at a time: concurrent requests wait for the same one. */
  private refreshing: Promise<void> | undefined;
  /** Writes made by this process; a load that overlapped one may predate it. */
  private writes = 0;
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  private readonly hashKey: string;
  private readonly versionKey: string;
  private readonly stageKey: string;
  private readonly currentKey: string;

  constructor(private readonly options: RedisReadModelOptions) {
    this.checkEveryMs = options.checkEveryMs ?? READ_MODEL_CHECK_EVERY_MS;
    this.now = options.now ?? Date.now;
    this.hashKey = options.key('inbox:model');
    this.versionKey = options.key('inbox:model:version');
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
    await this.write((multi) => multi.hset(this.hashKey, id, JSON.stringify(record)));
    this.records.set(id, record);
  }

  async delete(conversationId: string): Promise<void> {
    await this.write((multi) => multi.hdel(this.hashKey, conversationId));
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

  private async write(change: (multi: ReturnType<Redis['multi']>) => unknown): Promise<void> {
    this.writes += 1;
    const multi = this.options.client.multi();
    change(multi);
    multi.incr(this.versionKey);
    const results = await shared(() => multi.exec());
    const incr = results?.at(-1);
    const version = incr && !incr[0] ? Number(incr[1]) : Number.NaN;
    // Our own write on top of what we hold: no reload. Anything else (another writer got in between, or our
    // copy was behind): the next read loads it all again.
    this.version = version === this.version + 1 && this.version >= 0 ? version : -1;
    if (this.version === -1) this.checkedAt = Number.NEGATIVE_INFINITY;
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
    const client = this.options.client;
    const writesBefore = this.writes;
    if (!force && this.version >= 0) {
      const [current, until] = await shared(() => client.mget(this.versionKey, this.currentKey));
      this.checkedAt = this.now();
      this.until = parseUntil(until ?? null);
      if (Number(current ?? 0) === this.version) return;
    }
    // Version, records, readiness and current-until in one MULTI: a consistent snapshot while the writer writes.
    const results = await shared(() =>
      client
        .multi()
        .get(this.versionKey)
        .hgetall(this.hashKey)
        .get(this.stageKey)
        .get(this.currentKey)
        .exec(),
    );
    const [version, hash, stage, until] = (results ?? []).map(([error, value]) => {
      if (error) throw new Error(`read model load failed: ${error.message}`);
      return value;
    }) as [string | null, Record<string, string>, string | null, string | null];
    this.until = parseUntil(until);
    const records = new Map<string, ReadModelRecord>();
    for (const [id, raw] of Object.entries(hash ?? {})) {
      try {
        records.set(id, JSON.parse(raw) as ReadModelRecord);
      } catch {
        // A record that does not parse is left out; the writer rewrites it at its next change.
      }
    }
    this.records = records;
    this.current = MODEL_STAGES.find((known) => known === stage) ?? 'listing';
    // A write of ours that overlapped the load may be missing from the snapshot: check again next read.
    this.version = this.writes === writesBefore ? Number(version ?? 0) : -1;
    this.checkedAt = this.now();
  }
}

function parseUntil(value: string | null): number {
  const until = value === null ? Number.NaN : Number(value);
  return Number.isFinite(until) ? until : Number.NEGATIVE_INFINITY;
}

/**
 * The event log as the hub sees it on a replica: every `conversation` or `resync` event reaching this
 * replica's streams expires its copy of the model first, so the inbox read that the event prompts sees the
 * change (the writer publishes only after writing it).
 */
export function expiringOnChanges(log: EventLog, model: RedisReadModelStore): EventLog {
  return {
    append: log.append.bind(log),
    broadcast: log.broadcast.bind(log),
    readSince: log.readSince.bind(log),
    headId: log.headId.bind(log),
    subscribe: (listener) =>
      log.subscribe((event) => {
        if (event.name === 'conversation' || event.name === 'resync') model.expire();
        listener(event);
      }),
  };
}
