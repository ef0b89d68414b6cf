import { z } from 'zod';
import { agentConfigSchema } from '../../schemas/agent-config.ts';
import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import type { Logger } from '../log/logger.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import type { EventLog } from '../live/event-log.ts';
import {
  backfillReadsFor,
  DEFAULT_FEED_TIMING,
  failureDelayMs,
  nextDelayMs,
  type FeedTiming,
} from './pacing.ts';
import type { RateBudget } from '../store-api/rate-budget.ts';
import type { PresenceStore } from '../live/presence.ts';
import type { FeedLease } from './feed-lease.ts';
import type { FeedCheckpoint } from '../inbox/feed-checkpoint.ts';
import { ReadModelUpdater } from './read-model-updater.ts';
import { MemoryReadModelStore, type ReadModelStore } from '../inbox/read-model-store.ts';
import { TranscriptTails } from './transcript-tails.ts';
import type { FeedRecorder } from './feed-recorder.ts';
import { HistoryBackfill, type TranscriptArchive } from './history-backfill.ts';
import { pageSchema, ReadOnlyStoreClient, type ReadResult } from '../store-api/read-only-store-client.ts';

export interface StoreFeedDeps {
  upstream: UpstreamClient;
  keys: KeyProvider;
  log: EventLog;
  presence: PresenceStore;
  lease: FeedLease;
  /** Where the feed is, shared so the next reader resumes there (replicas); none in one process. */
  checkpoint?: FeedCheckpoint;
  /** The inbox's read model, kept current by this feed (a memory one when not given). */
  readModel?: ReadModelStore;
  /** Told of every conversation and message the feed reads (the dashboard's own copy and history). */
  recorder?: FeedRecorder;
  /** Where the history backfill reads and keeps the store's past (none: the copy covers what the feed saw). */
  archive?: TranscriptArchive;
  logger: Logger;
  now?: () => number;
  random?: () => number;
  timing?: Partial<FeedTiming>;
  /**
   * Work done by the lease holder after each successful step (the automatic assignment), given the budget
   * the store announced; the requests it made count in the feed's pacing.
   */
  afterStep?: (
    budget: RateBudget | undefined,
  ) => Promise<{ requests: number; budget: RateBudget | undefined }>;
}

const configSchema = z.looseObject({ data: z.looseObject({ updated_at: z.string().nullable() }) });

const PAGE_SIZE = 100;
/** Pages of one walk per step; a longer walk (a catch-up) resumes from its cursor at the next step. */
const WALK_PAGES_PER_STEP = 5;
/** The first walk starts this far before the store's clock, so a change made just before is not missed. */
const FIRST_WALK_LOOKBACK_MS = 30_000;

/** A step stops at the first refusal; this says how long to wait. */
class Halt extends Error {
  constructor(readonly result: Exclude<ReadResult, { kind: 'ok' | 'not_found' }>) {
    super(result.kind);
    this.name = 'Halt';
  }
}

const ms = (timestamp: string) => Date.parse(timestamp);
/** A step this much later than planned means the feed is stuck (a slow or failing store). */
const CURRENT_MARGIN_MS = 5_000;

/**
 * The store feed: one reader of the Commerce API for every connected dashboard. Each step walks
 * `updated_after` from the feed's own watermark (at-or-after, so ties come back and are dropped by id and
 * version), reads the tails of the conversations someone is watching, and now and then the agent config.
 * It only reads, one request at a time, paced by the rate-limit headers (see pacing.ts).
 */
export class StoreFeed {
  private readonly store: ReadOnlyStoreClient;
  private readonly tails: TranscriptTails;
  private readonly model: ReadModelUpdater;
  private readonly readModel: ReadModelStore;
  private readonly history: HistoryBackfill | undefined;
  private readonly timing: FeedTiming;
  private readonly now: () => number;
  private readonly random: () => number;
  /** The greatest updated_at seen (the store's clock, never the browser's). */
  private watermark: string | undefined;
  /** A walk in progress across steps: the `updated_after` it started with and where it stopped. */
  private walk: { from: string; cursor: string } | undefined;
  /** id -> updated_at of the conversations at the watermark (they come back at the next walk). */
  private readonly seen = new Map<string, string>();
  private config: { updatedAt: string | null; readAt: number } | undefined;
  private failures = 0;
  /** Until when the read model counts as current: the next step is due by then (plus a margin). */
  private currentUntilMs = Number.NEGATIVE_INFINITY;
  private running = false;
  /** The loop may still be finishing a step after stop(); start() then lets it carry on. */
  private looping = false;
  private wake: (() => void) | undefined;
  /** Whether the last step held the feed lease: taking it over resumes from the shared checkpoint. */
  private holding = false;

  constructor(private readonly deps: StoreFeedDeps) {
    this.store = new ReadOnlyStoreClient(deps.upstream, deps.keys, deps.logger);
    this.timing = { ...DEFAULT_FEED_TIMING, ...deps.timing };
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.tails = new TranscriptTails({
      log: deps.log,
      get: (target) => this.read(target),
      now: this.now,
      timing: this.timing,
      onMessages: (id, messages, reset) => this.model.onMessages(id, messages, reset),
      ...(deps.recorder ? { onRead: (messages) => deps.recorder?.messagesRead(messages) } : {}),
    });
    this.readModel = deps.readModel ?? new MemoryReadModelStore();
    this.model = new ReadModelUpdater(this.readModel, deps.log, this.tails, this.now, deps.recorder);
    this.history =
      deps.archive &&
      new HistoryBackfill(deps.archive, this.timing, deps.logger, () => deps.recorder?.caughtUp());
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Whether the read model is current: the last step succeeded and the next one is not overdue. Not while
   * the feed is stopped, stuck on a slow store or failing: dashboards then read the API's lists directly.
   */
  async isCurrent(): Promise<boolean> {
    // The reader knows; another replica (Redis) takes the reader's word, which it writes after each step.
    const until = this.holding ? this.currentUntilMs : await this.readModel.currentUntil();
    return this.now() <= until;
  }

  /** Runs steps until stop(); the hub starts it with the first stream and stops it after the last. */
  start(): void {
    if (!this.running) {
      // Nobody watched the store while the feed was stopped: the model is not vouched for until a step has
      // run, and that step looks for a restore first (dashboards read the API's lists meanwhile).
      this.currentUntilMs = Number.NEGATIVE_INFINITY;
      this.model.checkSoon();
    }
    this.running = true;
    if (!this.looping) void this.loop();
  }

  stop(): void {
    this.running = false;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    this.looping = true;
    while (this.running) {
      const started = performance.now();
      let delay: number;
      try {
        delay = await this.step();
        // A healthy cadence counts from the start of the step; a wait after a refusal counts from now.
        if (this.failures === 0) delay = Math.max(delay - (performance.now() - started), 0);
      } catch (error) {
        this.deps.logger.error({ err_message: (error as Error).message }, 'live feed step failed');
        this.failures += 1;
        delay = failureDelayMs(this.failures, this.timing, this.random);
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    this.looping = false;
    // Another replica may read meanwhile: the next start resumes from the shared checkpoint.
    this.holding = false;
    await this.deps.lease.release();
  }

  /** One round of reads; resolves to the wait before the next one. */
  async step(): Promise<number> {
    if (!(await this.deps.lease.acquire())) {
      this.holding = false;
      return this.deps.lease.retryMs ?? this.timing.slowestMs;
    }
    if (!this.holding) await this.resume();
    this.holding = true;
    this.store.takeCount();
    try {
      if (this.watermark === undefined) await this.startWatermark();
      const walkStartedMs = this.now();
      await this.walkConversations();
      await this.tails.sync(await this.deps.presence.watched());
      // The first pass's share of the budget goes to listing the store first, the quickest way to
      // lists and counts; its transcripts are read once every conversation is known (those that need a
      // person first).
      const firstPassReads = backfillReadsFor(this.timing, this.store.budget);
      await this.model.backfillStep((target) => this.read(target), walkStartedMs, firstPassReads);
      await this.tails.readDue(this.model.isListing ? 0 : firstPassReads);
      await this.model.settle();
      if (!this.config || this.now() - this.config.readAt >= this.timing.configEveryMs)
        await this.readConfig();
    } catch (thrown) {
      await this.model.flush();
      if (!(thrown instanceof Halt)) throw thrown;
      this.failures += 1;
      const { result } = thrown;
      if (result.kind === 'throttled') {
        // Retry-After plus jitter, so that replicas or restarts do not come back in the same instant.
        const wait = result.retryAfterMs ?? this.timing.slowestMs;
        return wait + Math.floor(this.random() * 1000);
      }
      this.deps.logger.warn({ reason: result.reason }, 'live feed read failed');
      return failureDelayMs(this.failures, this.timing, this.random);
    }
    // The step's changes go out once their tails were read, with what was derived from them.
    await this.model.flush();
    this.failures = 0;
    await this.checkpoint();
    let requests = this.store.takeCount();
    if (this.deps.afterStep) {
      const after = await this.deps.afterStep(this.store.budget).catch((error: unknown) => {
        this.deps.logger.error({ err_message: (error as Error).message }, 'work after a feed step failed');
        return { requests: 0, budget: undefined };
      });
      requests += after.requests;
      this.store.budget = after.budget ?? this.store.budget;
    }
    const delay = nextDelayMs(this.timing, this.store.budget, requests, this.random);
    await this.readPast();
    this.currentUntilMs = this.now() + delay + CURRENT_MARGIN_MS;
    await this.readModel.setCurrentUntil(this.currentUntilMs);
    return delay;
  }

  /**
   * The store's past, last in the step: after its changes went out, never while the inbox's read model
   * is still being built, and from spare budget only (see HistoryBackfill).
   */
  private async readPast(): Promise<void> {
    if (!this.history || (await this.readModel.stage()) !== 'ready') return;
    try {
      await this.history.step(
        (target) => this.read(target),
        () => this.store.budget,
      );
    } catch (thrown) {
      // A refusal: the next step's walk meets it too, and waits as the store asks.
      if (!(thrown instanceof Halt)) throw thrown;
    }
  }

  /** Takes over where the previous reader (perhaps another replica) left off, when it left a checkpoint. */
  private async resume(): Promise<void> {
    // The model first: the walk below writes on top of what the previous reader left.
    await this.readModel.takeOver?.();
    await this.model.takenOver();
    const state = await this.deps.checkpoint?.load();
    if (!state) return;
    this.watermark = state.watermark;
    this.walk = undefined;
    this.seen.clear();
    for (const [id, updatedAt] of state.seen) this.seen.set(id, updatedAt);
    if (state.configUpdatedAt !== undefined) this.config = { updatedAt: state.configUpdatedAt, readAt: 0 };
  }

  private async checkpoint(): Promise<void> {
    if (!this.deps.checkpoint || this.watermark === undefined) return;
    await this.deps.checkpoint.save({
      watermark: this.watermark,
      seen: [...this.seen],
      ...(this.config ? { configUpdatedAt: this.config.updatedAt } : {}),
    });
  }

  private async read(target: string): Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>> {
    const result = await this.store.get(target);
    if (result.kind === 'ok' || result.kind === 'not_found') return result;
    throw new Halt(result);
  }

  /** The first walk starts shortly before the store's "now" (its Date header), not at the beginning of time. */
  private async startWatermark(): Promise<void> {
    const result = await this.read('/api/v1/agent-config');
    const date = result.kind === 'ok' ? Date.parse(String(result.headers.date ?? '')) : Number.NaN;
    const storeNow = Number.isNaN(date) ? this.now() : date;
    this.watermark = new Date(storeNow - FIRST_WALK_LOOKBACK_MS).toISOString();
    if (result.kind === 'ok') await this.noteConfig(result.body);
  }

  private async walkConversations(): Promise<void> {
    const from = this.walk?.from ?? this.watermark!;
    let cursor = this.walk?.cursor;
    for (let pages = 0; pages < WALK_PAGES_PER_STEP; pages += 1) {
      const query = new URLSearchParams({ updated_after: from, limit: String(PAGE_SIZE) });
      if (cursor) query.set('after', cursor);
      const result = await this.read(`/api/v1/agent-conversations?${query.toString()}`);
      if (result.kind !== 'ok') throw new Halt({ kind: 'failed', reason: 'conversation list not found' });
      const page = pageSchema.safeParse(result.body);
      if (!page.success) throw new Halt({ kind: 'failed', reason: 'malformed conversation page' });
      for (const item of page.data.data) {
        const conversation = conversationSchema.safeParse(item);
        if (conversation.success) await this.onConversation(conversation.data);
      }
      cursor = page.data.page.has_more ? (page.data.page.next_cursor ?? undefined) : undefined;
      if (!cursor) {
        this.walk = undefined;
        this.finishWalk();
        return;
      }
      this.walk = { from, cursor };
    }
  }

  /**
   * Everything the feed does with one changed conversation, in one place: the read model takes it and
   * marks its tail due; its `conversation` event goes out at the end of the step, after that tail was read.
   * Duplicates (the same id at the same updated_at, from a tie or a mid-walk change seen twice) and stale
   * copies are dropped.
   */
  private async onConversation(conversation: Conversation): Promise<void> {
    const known = this.seen.get(conversation.id);
    if (known !== undefined && ms(conversation.updated_at) <= ms(known)) return;
    this.seen.set(conversation.id, conversation.updated_at);
    if (ms(conversation.updated_at) > ms(this.watermark!)) this.watermark = conversation.updated_at;
    await this.model.noteChanged(conversation);
  }

  /** Only conversations at the watermark can come back unchanged (at-or-after): forget the rest. */
  private finishWalk(): void {
    const mark = ms(this.watermark!);
    for (const [id, updatedAt] of this.seen) if (ms(updatedAt) < mark) this.seen.delete(id);
  }

  private async readConfig(): Promise<void> {
    const result = await this.read('/api/v1/agent-config');
    if (result.kind === 'ok') await this.noteConfig(result.body);
  }

  private async noteConfig(body: unknown): Promise<void> {
    const parsed = configSchema.safeParse(body);
    if (!parsed.success) return;
    const updatedAt = parsed.data.data.updated_at;
    // A version saved elsewhere is kept by the dashboard's records (this read happens anyway).
    const config = agentConfigSchema.safeParse(parsed.data.data);
    if (config.success) this.deps.recorder?.configRead(config.data);
    const previous = this.config;
    this.config = { updatedAt, readAt: this.now() };
    if (previous && previous.updatedAt !== updatedAt)
      await this.deps.log.append('config', { updated_at: updatedAt });
  }
}
