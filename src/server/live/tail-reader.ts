import { messageSchema, type Message } from '../../schemas/message.ts';
import type { EventLog } from './event-log.ts';
import type { FeedTiming } from './pacing.ts';
import { pageSchema, type ReadResult } from './upstream-reader.ts';

interface Tail {
  /** The cursor that produced the last page (undefined: the first page). Re-read from here, never from the start. */
  cursor: string | undefined;
  /** id -> the message as last seen (JSON), for the messages of that last page: a rating shows as a change. */
  known: Map<string, string>;
  /** The first read finds the tail; it reports only what the dashboard may have missed (newSinceWatching). */
  primed: boolean;
  watchedSinceMs: number;
  /** The conversation's updated_at moved since the last read. */
  due: boolean;
  lastReadMs: number;
  lastUpdatedAt: string | undefined;
}

export interface TailReaderDeps {
  log: EventLog;
  /** Throws on a refusal (the feed's step stops there); resolves ok or not_found. */
  get(target: string): Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>>;
  now: () => number;
  timing: FeedTiming;
}

const PAGE_SIZE = 100;
/** Messages this much older than the start of watching are what the dashboard already loaded itself. */
const PRIME_LOOKBACK_MS = 30_000;
/** A first read of a very long transcript finds its tail over several steps. */
const PAGES_PER_READ = 5;

/** The messages tails of the conversations someone is watching (presence). */
export class TailReader {
  private readonly tails = new Map<string, Tail>();
  private lastRefreshMs = 0;

  constructor(private readonly deps: TailReaderDeps) {}

  /** Starts tailing newly watched conversations and forgets those nobody watches any more. */
  sync(watched: readonly string[]): Promise<void> {
    const wanted = new Set(watched);
    for (const id of this.tails.keys()) if (!wanted.has(id)) this.tails.delete(id);
    for (const id of wanted) {
      if (this.tails.has(id)) continue;
      this.tails.set(id, {
        cursor: undefined,
        known: new Map(),
        primed: false,
        watchedSinceMs: this.deps.now(),
        due: true,
        lastReadMs: 0,
        lastUpdatedAt: undefined,
      });
    }
    return Promise.resolve();
  }

  markMoved(conversationId: string, updatedAt: string): void {
    const tail = this.tails.get(conversationId);
    if (!tail || tail.lastUpdatedAt === updatedAt) return;
    tail.lastUpdatedAt = updatedAt;
    tail.due = true;
  }

  /** Reads every tail whose conversation moved, plus the one refreshed longest ago when it is stale. */
  async readDue(): Promise<void> {
    let stalest: [string, Tail] | undefined;
    for (const entry of this.tails) {
      const [id, tail] = entry;
      if (tail.due) await this.read(id, tail);
      else if (!stalest || tail.lastReadMs < stalest[1].lastReadMs) stalest = entry;
    }
    // One slow re-read at a time, spaced out: the cost stays flat however many conversations are watched.
    const now = this.deps.now();
    if (
      stalest &&
      now - stalest[1].lastReadMs >= this.deps.timing.tailRefreshMs &&
      now - this.lastRefreshMs >= this.deps.timing.tailRefreshGapMs
    ) {
      this.lastRefreshMs = now;
      await this.read(...stalest);
    }
  }

  private async read(id: string, tail: Tail): Promise<void> {
    let cursor = tail.cursor;
    for (let pages = 0; pages < PAGES_PER_READ; pages += 1) {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (cursor) query.set('after', cursor);
      const result = await this.deps.get(
        `/api/v1/agent-conversations/${encodeURIComponent(id)}/messages?${query.toString()}`,
      );
      tail.lastReadMs = this.deps.now();
      tail.due = false;
      if (result.kind === 'not_found') return;
      const page = pageSchema.safeParse(result.body);
      if (!page.success) return;
      if (pages === 0 && cursor !== undefined && lostItsPlace(tail, page.data.data)) {
        // A transcript only grows, so the last page read again always starts with messages already
        // known. When none is there the store's history is not the one this tail followed (a restored
        // store, the simulator's reset): start over from the beginning as a newly watched tail would.
        Object.assign(tail, { cursor: undefined, known: new Map(), primed: false });
        tail.watchedSinceMs = this.deps.now();
        cursor = undefined;
        continue;
      }
      const seen = new Map<string, string>();
      for (const item of page.data.data) {
        const message = messageSchema.safeParse(item);
        if (!message.success) continue;
        const text = JSON.stringify(message.data);
        seen.set(message.data.id, text);
        if (tail.known.get(message.data.id) === text) continue;
        if (tail.primed || newSinceWatching(tail, message.data) || message.data.rating !== null)
          await this.deps.log.append('message', { conversation_id: id, message: message.data });
      }
      const next = page.data.page.has_more ? page.data.page.next_cursor : undefined;
      if (!next) {
        tail.known = seen;
        tail.cursor = cursor;
        tail.primed = true;
        return;
      }
      // Further pages exist: everything on this one is reported, the tail is further on.
      cursor = next;
      tail.cursor = cursor;
      tail.known = new Map();
    }
    // Not at the end yet: continue at the next step.
    tail.due = true;
  }
}

/**
 * What a first read reports: messages from about when watching began, and every rated one. The dashboard
 * read the transcript itself before it said it was watching; a rating given in between (a rating does not
 * move updated_at) would otherwise never reach it. Ratings are few, and the dashboard applies them by id.
 */
function newSinceWatching(tail: Tail, message: Message): boolean {
  return Date.parse(message.created_at) >= tail.watchedSinceMs - PRIME_LOOKBACK_MS;
}

function lostItsPlace(tail: Tail, items: readonly unknown[]): boolean {
  if (tail.known.size === 0) return false;
  return !items.some((item) => {
    const id = (item as { id?: unknown } | null)?.id;
    return typeof id === 'string' && tail.known.has(id);
  });
}
