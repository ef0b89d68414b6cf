import { messageSchema, type Message } from '../../schemas/message.ts';
import type { Logger } from '../log/logger.ts';
import { spendable, type FeedTiming } from './pacing.ts';
import type { RateBudget } from '../store-api/rate-budget.ts';
import { pageSchema, type ReadResult } from '../store-api/read-only-store-client.ts';

/** Where the backfill finds what is left to read and keeps what it read (the dashboard's database). */
export interface TranscriptArchive {
  /** Conversations whose past the copy lacks, newest first. */
  toRead(limit: number): Promise<string[]>;
  /** A whole transcript, read: kept, and what it proves about the conversation's past recorded. */
  read(conversationId: string, transcript: Message[]): Promise<void>;
}

type Get = (target: string) => Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>>;

const PAGE_SIZE = 100;
/** Transcript pages read at the end of a step at most, each only while the budget spares it. */
export const HISTORY_PAGES_PER_STEP = 4;
/** A transcript longer than this many pages is kept as far as read. */
const MAX_PAGES_PER_TRANSCRIPT = 20;
/**
 * The share of the store's window the past may be read from: only while more than this much of it is
 * left beyond the dashboards' reserve, so the walks that bring the present never wait for the past.
 */
const SPARE_SHARE = 0.5;

/** Whether the window has budget to spare for the past (always, when the store announces none). */
export function spareForPast(timing: FeedTiming, budget: RateBudget | undefined): boolean {
  return !budget || spendable(timing, budget) > budget.limit * SPARE_SHARE;
}

/**
 * The store's history for the dashboard's copy: once the inbox's read model is ready, a few transcript
 * pages per feed step (HISTORY_PAGES_PER_STEP), of the conversations met without their past (closed ones included), newest
 * first, from spare budget only. The feed runs it after the step's changes went out, so nobody waits for
 * it. What the database holds is not read again, so a restart resumes where it stopped.
 */
export class HistoryBackfill {
  /** The transcript being read, page by page across steps. */
  private reading: { id: string; cursor: string | undefined; messages: Message[]; pages: number } | undefined;
  /** Whether the derivation over everything ran since the last transcript was kept. */
  private derived = false;

  constructor(
    private readonly archive: TranscriptArchive,
    private readonly timing: FeedTiming,
    private readonly logger: Logger,
    /** Nothing is left to read: the past of what the first pass read is derived too (FeedRecorder.caughtUp). */
    private readonly caughtUp: () => void,
  ) {}

  /** One step's share; refusals from the store (Halt) go to the feed, database failures are logged. */
  async step(get: Get, budget: () => RateBudget | undefined): Promise<void> {
    for (let pages = 0; pages < HISTORY_PAGES_PER_STEP; pages += 1) {
      if (!spareForPast(this.timing, budget()) || !(await this.readPage(get))) return;
    }
  }

  /** One page of the transcript being read; false when nothing is left to read. */
  private async readPage(get: Get): Promise<boolean> {
    this.reading ??= await this.next();
    const reading = this.reading;
    if (!reading) return false;
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (reading.cursor) query.set('after', reading.cursor);
    const result = await get(
      `/api/v1/agent-conversations/${encodeURIComponent(reading.id)}/messages?${query.toString()}`,
    );
    const page = result.kind === 'ok' ? pageSchema.safeParse(result.body) : undefined;
    if (page?.success) {
      for (const item of page.data.data) {
        const message = messageSchema.safeParse(item);
        if (message.success) reading.messages.push(message.data);
      }
      reading.cursor = page.data.page.has_more ? (page.data.page.next_cursor ?? undefined) : undefined;
    } else {
      reading.cursor = undefined;
    }
    reading.pages += 1;
    if (reading.cursor && reading.pages < MAX_PAGES_PER_TRANSCRIPT) return true;
    this.reading = undefined;
    this.derived = false;
    await this.archive
      .read(reading.id, reading.messages)
      .catch((error: unknown) =>
        this.logger.warn({ err_message: (error as Error).message }, 'keeping a backfilled transcript failed'),
      );
    return true;
  }

  private async next() {
    try {
      const [id] = await this.archive.toRead(1);
      if (id === undefined) {
        if (!this.derived) this.caughtUp();
        this.derived = true;
        return undefined;
      }
      return { id, cursor: undefined, messages: [], pages: 0 };
    } catch (error) {
      this.logger.warn({ err_message: (error as Error).message }, 'reading the history backfill failed');
      return undefined;
    }
  }
}
