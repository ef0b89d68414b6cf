import { messageSchema, type Message } from '../../schemas/message.ts';
import type { EventLog } from '../live/event-log.ts';
import type { FeedTiming } from './pacing.ts';
import { pageSchema, type ReadResult } from '../store-api/read-only-store-client.ts';

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
  /** Someone has the conversation open (presence): new and re-rated messages become `message` events. */
  watched: boolean;
  /** The read model follows it (an active conversation): every new message goes to `onMessages`. */
  modelled: boolean;
  /** Due for the read model's first pass rather than for a change: read a few per step (pacing). */
  backfill: boolean;
  /** Read before the other first-pass tails (a conversation that needs a person). */
  first: boolean;
}

export interface TranscriptTailsDeps {
  log: EventLog;
  /** Throws on a refusal (the feed's step stops there); resolves ok or not_found. */
  get(target: string): Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>>;
  now: () => number;
  timing: FeedTiming;
  /**
   * Messages not seen before, oldest first, page by page (the read model). `reset`: this read starts
   * from the beginning of the transcript, so what was derived from it before is void.
   */
  onMessages?: (conversationId: string, messages: Message[], reset: boolean) => Promise<void>;
  /** Every message read that is new or changed since its last read (a rating given since). */
  onRead?: (messages: Message[]) => void;
}

const PAGE_SIZE = 100;
/** Messages this much older than the start of watching are what the dashboard already loaded itself. */
const PRIME_LOOKBACK_MS = 30_000;
/** A first read of a very long transcript finds its tail over several steps. */
const PAGES_PER_READ = 5;

/**
 * The messages tails of the conversations someone is watching (presence) and of those the read model
 * follows (active ones). One tail per conversation serves both, so a change costs one read whoever needs it.
 */
export class TranscriptTails {
  private readonly tails = new Map<string, Tail>();
  private lastRefreshMs = 0;
  /** Requests made so far (what a first-pass read cost: a long transcript takes several pages). */
  private requests = 0;

  constructor(private readonly deps: TranscriptTailsDeps) {}

  private tailOf(id: string): Tail {
    let tail = this.tails.get(id);
    if (!tail) {
      tail = {
        cursor: undefined,
        known: new Map(),
        primed: false,
        watchedSinceMs: this.deps.now(),
        due: true,
        lastReadMs: 0,
        lastUpdatedAt: undefined,
        watched: false,
        modelled: false,
        backfill: false,
        first: false,
      };
      this.tails.set(id, tail);
    }
    return tail;
  }

  private forgetIfUnused(id: string, tail: Tail): void {
    if (!tail.watched && !tail.modelled) this.tails.delete(id);
  }

  /** Starts tailing newly watched conversations and forgets those nobody watches any more. */
  sync(watched: readonly string[]): Promise<void> {
    const wanted = new Set(watched);
    for (const [id, tail] of this.tails) {
      if (wanted.has(id) || !tail.watched) continue;
      tail.watched = false;
      this.forgetIfUnused(id, tail);
    }
    for (const id of wanted) {
      const tail = this.tailOf(id);
      if (tail.watched) continue;
      tail.watched = true;
      tail.watchedSinceMs = this.deps.now();
      // A tail the read model already follows knows its end: only newer messages are news.
      if (!tail.primed) tail.due = true;
    }
    return Promise.resolve();
  }

  /**
   * The read model follows (or, for a closed conversation, stops following) this conversation.
   * `backfill`: it is new to the model (the first pass), not a change: see readDue's `backfillReads`;
   * `first`: such a read comes before the others.
   */
  model(conversationId: string, follow: boolean, backfill = false, first = false): void {
    if (!follow) {
      const tail = this.tails.get(conversationId);
      if (!tail) return;
      tail.modelled = false;
      this.forgetIfUnused(conversationId, tail);
      return;
    }
    const tail = this.tailOf(conversationId);
    tail.first = first;
    if (tail.modelled) return;
    tail.modelled = true;
    tail.backfill = backfill && !tail.primed;
    if (!tail.primed) tail.due = true;
  }

  /** Forgets what was read of this transcript (its history changed): the next read starts over. */
  restart(conversationId: string): void {
    const tail = this.tails.get(conversationId);
    if (!tail) return;
    Object.assign(tail, { cursor: undefined, known: new Map(), primed: false, due: true });
    tail.watchedSinceMs = this.deps.now();
  }

  markMoved(conversationId: string, updatedAt: string): void {
    const tail = this.tails.get(conversationId);
    if (!tail || tail.lastUpdatedAt === updatedAt) return;
    tail.lastUpdatedAt = updatedAt;
    tail.due = true;
    tail.backfill = false;
  }

  /** Tails the read model's first pass has yet to read. */
  get backfillLeft(): number {
    let left = 0;
    for (const tail of this.tails.values()) if (tail.due && tail.backfill) left += 1;
    return left;
  }

  /**
   * Reads every tail whose conversation moved, and those due only for the read model's first pass with
   * at most `backfillReads` requests (a long transcript's pages each count; the last may go over) and
   * none once `performance.now()` passes `untilMs` (so it stays within the feed's pacing; the `first` ones before the others), plus
   * the watched one refreshed longest ago when it is stale (ratings do not move `updated_at`).
   */
  async readDue(backfillReads = Number.POSITIVE_INFINITY, untilMs = Number.POSITIVE_INFINITY): Promise<void> {
    let stalest: [string, Tail] | undefined;
    let backfilled = 0;
    const entries = [...this.tails];
    // A stable sort: otherwise in the order they came (the listing's, newest first).
    entries.sort(([, a], [, b]) => Number(b.backfill && b.first) - Number(a.backfill && a.first));
    for (const entry of entries) {
      const [id, tail] = entry;
      if (tail.due && tail.backfill) {
        if (backfilled >= backfillReads || performance.now() >= untilMs) continue;
        const before = this.requests;
        await this.read(id, tail);
        backfilled += this.requests - before;
      } else if (tail.due) await this.read(id, tail);
      else if (tail.watched && (!stalest || tail.lastReadMs < stalest[1].lastReadMs)) stalest = entry;
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
      this.requests += 1;
      const result = await this.deps.get(
        `/api/v1/agent-conversations/${encodeURIComponent(id)}/messages?${query.toString()}`,
      );
      tail.lastReadMs = this.deps.now();
      tail.due = false;
      tail.backfill = false;
      if (result.kind === 'not_found') return;
      const page = pageSchema.safeParse(result.body);
      if (!page.success) return;
      if (
        pages === 0 &&
        ((cursor !== undefined && lostItsPlace(tail, page.data.data)) || rewritten(tail, page.data.data))
      ) {
        // A transcript only grows, so the last page read again always starts with messages already
        // known, unchanged but for their rating. Otherwise the store's history is not the one this tail
        // followed (a restored store, the simulator's reset, which mints the same ids again): start over
        // from the beginning as a newly watched tail would.
        Object.assign(tail, { cursor: undefined, known: new Map(), primed: false });
        tail.watchedSinceMs = this.deps.now();
        cursor = undefined;
        continue;
      }
      // The first page of a tail that never reached its end (new, or started over) is the transcript's start.
      const reset = cursor === undefined && !tail.primed;
      const seen = new Map<string, string>();
      const added: Message[] = [];
      const changed: Message[] = [];
      for (const item of page.data.data) {
        const message = messageSchema.safeParse(item);
        if (!message.success) continue;
        const text = JSON.stringify(message.data);
        seen.set(message.data.id, text);
        const before = tail.known.get(message.data.id);
        if (before === undefined) added.push(message.data);
        if (before !== text) changed.push(message.data);
        if (before === text || !tail.watched) continue;
        if (tail.primed || newSinceWatching(tail, message.data) || message.data.rating !== null)
          await this.deps.log.append('message', { conversation_id: id, message: message.data });
      }
      if (this.deps.onMessages && (added.length > 0 || reset)) await this.deps.onMessages(id, added, reset);
      if (changed.length > 0) this.deps.onRead?.(changed);
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

/** A known message came back with another text, author or time: not the same history. */
function rewritten(tail: Tail, items: readonly unknown[]): boolean {
  for (const item of items) {
    const message = messageSchema.safeParse(item);
    if (!message.success) continue;
    const known = tail.known.get(message.data.id);
    if (known === undefined) continue;
    const before = JSON.parse(known) as Message;
    if (
      before.content !== message.data.content ||
      before.created_at !== message.data.created_at ||
      before.role !== message.data.role ||
      before.author_user_id !== message.data.author_user_id
    )
      return true;
  }
  return false;
}

function lostItsPlace(tail: Tail, items: readonly unknown[]): boolean {
  if (tail.known.size === 0) return false;
  return !items.some((item) => {
    const id = (item as { id?: unknown } | null)?.id;
    return typeof id === 'string' && tail.known.has(id);
  });
}
