import { messageSchema, type Message } from '../../schemas/message.ts';
import type { Logger } from '../http/logger.ts';
import { spendable, type FeedTiming, type RateBudget } from './pacing.ts';
import { pageSchema, type ReadResult } from './read-only-store-client.ts';

/** Where the backfill finds what is left to read and keeps what it read (the dashboard's database). */
export interface TranscriptArchive {
  /** Conversations whose past the copy lacks, newest first. */
  toRead(limit: number): Promise<string[]>;
  /** A whole transcript, read: kept, and what it proves about the conversation's past recorded. */
  read(conversationId: string, transcript: Message[]): Promise<void>;
}

type Get = (target: string) => Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>>;

/** Transcripts read per feed step at most; the feed's pacing spreads the steps over the budget. */
export const HISTORY_TRANSCRIPTS_PER_STEP = 2;
const PAGE_SIZE = 100;
/** A transcript longer than this many pages is kept as far as read. */
const MAX_PAGES_PER_TRANSCRIPT = 20;

/**
 * The store's history for the dashboard's copy: once the inbox's read model is ready, a few transcripts
 * per feed step of the conversations met without their past (closed ones included), newest first, only
 * while the budget left after the dashboards' reserve can pay for them. What the database holds is not
 * read again, so a restart resumes where it stopped.
 */
export class HistoryBackfill {
  /** Whether the derivation over everything ran since the last transcript was read. */
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
    let ids: string[];
    try {
      ids = await this.archive.toRead(HISTORY_TRANSCRIPTS_PER_STEP);
      if (ids.length === 0 && !this.derived) {
        this.caughtUp();
        this.derived = true;
      }
    } catch (error) {
      this.logger.warn({ err_message: (error as Error).message }, 'reading the history backfill failed');
      return;
    }
    for (const id of ids) {
      // At least one page each, kept clear of the dashboards' reserve.
      if (spendable(this.timing, budget()) <= 1) return;
      const transcript = await this.transcript(get, id);
      this.derived = false;
      try {
        await this.archive.read(id, transcript);
      } catch (error) {
        this.logger.warn({ err_message: (error as Error).message }, 'keeping a backfilled transcript failed');
        return;
      }
    }
  }

  private async transcript(get: Get, id: string): Promise<Message[]> {
    const transcript: Message[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < MAX_PAGES_PER_TRANSCRIPT; pages += 1) {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (cursor) query.set('after', cursor);
      const result = await get(
        `/api/v1/agent-conversations/${encodeURIComponent(id)}/messages?${query.toString()}`,
      );
      if (result.kind === 'not_found') break;
      const page = pageSchema.safeParse(result.body);
      if (!page.success) break;
      for (const item of page.data.data) {
        const message = messageSchema.safeParse(item);
        if (message.success) transcript.push(message.data);
      }
      cursor = page.data.page.has_more ? (page.data.page.next_cursor ?? undefined) : undefined;
      if (!cursor) break;
    }
    return transcript;
  }
}
