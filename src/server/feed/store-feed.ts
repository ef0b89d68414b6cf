import { z } from 'zod';
import { agentConfigSchema } from '../../schemas/agent-config.ts';
import type { Logger } from '../log/logger.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import type { EventLog } from '../live/event-log.ts';
import {
  backfillReadsFor,
  DEFAULT_FEED_TIMING,
  failureDelayMs,
  isTight,
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
import { ReadOnlyStoreClient } from '../store-api/read-only-store-client.ts';
import { ConversationWalk } from './conversation-walk.ts';
import { Halt, type FeedRead } from './feed-read.ts';

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
  /** The lease holder's work after each step (automatic assignment); the feed paces by the budget it leaves. */
  afterStep?: (
    budget: RateBudget | undefined,
  ) => Promise<{ requests: number; budget: RateBudget | undefined }>;
}

const configSchema = z.looseObject({ data: z.looseObject({ updated_at: z.string().nullable() }) });

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
  private readonly walk: ConversationWalk;
  private config: { updatedAt: string | null; readAt: number } | undefined;
  private failures = 0;
  /** Until when the read model counts as current: the next step is due by then (plus a margin). */
  private currentUntilMs = Number.NEGATIVE_INFINITY;
  private running = false;
  /** The loop may still be finishing a step after stop(); start() then lets it carry on. */
  private looping = false;
  /** The loop in progress, so a shutdown can wait for the step in flight to hand over its changes. */
  private loopEnded: Promise<void> = Promise.resolve();
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
      get: this.read,
      now: this.now,
      timing: this.timing,
      onMessages: (id, messages, reset) => this.model.onMessages(id, messages, reset),
      ...(deps.recorder ? { onRead: (messages) => deps.recorder?.messagesRead(messages) } : {}),
    });
    this.readModel = deps.readModel ?? new MemoryReadModelStore();
    this.model = new ReadModelUpdater(this.readModel, deps.log, this.tails, this.now, deps.recorder);
    // Each changed conversation goes to the read model, which marks its tail due; its `conversation`
    // event goes out at the end of the step, after that tail was read.
    this.walk = new ConversationWalk(this.read, (conversation) => this.model.noteChanged(conversation));
    this.history =
      deps.archive &&
      new HistoryBackfill(deps.archive, this.timing, deps.logger, () => deps.recorder?.caughtUp());
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Whether the read model is current (last step fine, next not overdue); if not, /bff reads the API. */
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
    if (!this.looping) this.loopEnded = this.loop();
  }

  /** No step after this; resolves once the step in flight and its records are done (see LiveHub.close). */
  stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    return this.loopEnded;
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
    await this.deps.recorder?.settled();
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
    let foundChanges: boolean;
    const stepStarted = performance.now();
    try {
      if (!this.walk.hasStarted) await this.startWalk();
      const walkStartedMs = this.now();
      foundChanges = (await this.walk.step()) > 0;
      await this.tails.sync(await this.deps.presence.watched());
      // The changes go out first (their tails read); then the first pass takes what the walks to come do
      // not need, for a while (a busy machine is slow with a page): listing first, then transcripts.
      await this.tails.readDue(0);
      await this.model.flush();
      const { budget } = this.store;
      const untilMs = stepStarted + this.timing.firstPassStepMs;
      const share = {
        pages: backfillReadsFor(this.timing, budget),
        tight: isTight(this.timing, budget),
        untilMs,
      };
      await this.model.backfillStep(this.read, walkStartedMs, share);
      if (!this.model.isListing)
        await this.tails.readDue(backfillReadsFor(this.timing, this.store.budget), untilMs);
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
    if (this.deps.afterStep) {
      const after = await this.deps.afterStep(this.store.budget).catch((error: unknown) => {
        this.deps.logger.error({ err_message: (error as Error).message }, 'work after a feed step failed');
        return { requests: 0, budget: undefined };
      });
      this.store.budget = after.budget ?? this.store.budget;
    }
    const delay = nextDelayMs(this.timing, this.store.budget, foundChanges, this.random);
    await this.readPast();
    this.currentUntilMs = this.now() + delay + CURRENT_MARGIN_MS;
    await this.readModel.setCurrentUntil(this.currentUntilMs);
    return delay;
  }

  /** The store's past, last in the step, once the read model is built, from spare budget (HistoryBackfill). */
  private async readPast(): Promise<void> {
    if (!this.history || (await this.readModel.stage()) !== 'ready') return;
    try {
      await this.history.step(this.read, () => this.store.budget);
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
    this.walk.restore(state);
    if (state.configUpdatedAt !== undefined) this.config = { updatedAt: state.configUpdatedAt, readAt: 0 };
  }

  private async checkpoint(): Promise<void> {
    const walk = this.walk.state();
    if (!this.deps.checkpoint || !walk) return;
    await this.deps.checkpoint.save({
      ...walk,
      ...(this.config ? { configUpdatedAt: this.config.updatedAt } : {}),
    });
  }

  private readonly read: FeedRead = async (target) => {
    const result = await this.store.get(target);
    if (result.kind === 'ok' || result.kind === 'not_found') return result;
    throw new Halt(result);
  };

  /** The first walk starts from the store's clock (its Date header), read with the agent config. */
  private async startWalk(): Promise<void> {
    const result = await this.read('/api/v1/agent-config');
    const date = result.kind === 'ok' ? Date.parse(String(result.headers.date ?? '')) : Number.NaN;
    this.walk.startAt(Number.isNaN(date) ? this.now() : date);
    if (result.kind === 'ok') await this.noteConfig(result.body);
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
