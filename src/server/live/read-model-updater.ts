import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import type { EventLog } from './event-log.ts';
import { derive, EMPTY_FOLD, foldMessage, type ReadModelRecord, type TranscriptFold } from './read-model.ts';
import type { ReadModelStore } from './read-model-store.ts';
import type { TailReader } from './tail-reader.ts';
import { pageSchema, type ReadResult } from './upstream-reader.ts';

const PAGE_SIZE = 100;
/** Pages of the first pass's listing per feed step. */
const LISTING_PAGES_PER_STEP = 1;
/** Transcripts the first pass reads per feed step (the feed's pacing spreads the steps over the budget). */
export const BACKFILL_TAILS_PER_STEP = 4;

type Get = (target: string) => Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>>;

const ms = (timestamp: string) => Date.parse(timestamp);

/**
 * Keeps the read model current from what the store feed reads anyway: the changed conversations of its
 * walk and the tails it reads once per change (shared with presence's tails). Once at start it lists the
 * whole store (a page a step) and reads each active conversation's transcript (a few a step); none of that
 * costs anything per dashboard. Changes go out as `conversation` events carrying the derived fields.
 */
export class ReadModelUpdater {
  /** Conversations whose event is due at the end of the step. */
  private readonly dirty = new Set<string>();
  /** Listed by the first pass and not read yet: their first read is no news (no event). */
  private readonly quiet = new Set<string>();
  /** Folds of transcripts read before their conversation was listed (a watched one, early on). */
  private readonly orphans = new Map<string, TranscriptFold>();
  private listing: { cursor: string | undefined; done: boolean } = { cursor: undefined, done: false };

  constructor(
    private readonly store: ReadModelStore,
    private readonly log: EventLog,
    private readonly tails: TailReader,
  ) {}

  /** A conversation the feed's walk saw change. */
  async noteChanged(conversation: Conversation): Promise<void> {
    const record = await this.store.get(conversation.id);
    if (record && ms(record.conversation.updated_at) > ms(conversation.updated_at)) return;
    await this.store.put(this.recordOf(conversation, record));
    this.quiet.delete(conversation.id);
    this.dirty.add(conversation.id);
    this.follow(conversation, false);
    this.tails.markMoved(conversation.id, conversation.updated_at);
  }

  /** New messages of a tail (oldest first); `reset`: the read started at the transcript's beginning. */
  async onMessages(conversationId: string, messages: Message[], reset: boolean): Promise<void> {
    const record = await this.store.get(conversationId);
    if (!record) {
      const fold = reset ? EMPTY_FOLD : (this.orphans.get(conversationId) ?? EMPTY_FOLD);
      this.orphans.set(conversationId, messages.reduce(foldMessage, fold));
      return;
    }
    const fold = messages.reduce(foldMessage, reset ? EMPTY_FOLD : record.fold);
    const before = JSON.stringify(derive(record.conversation, record.fold));
    await this.store.put({ ...record, fold, read: true });
    if (this.quiet.delete(conversationId)) return;
    if (JSON.stringify(derive(record.conversation, fold)) !== before) this.dirty.add(conversationId);
  }

  /** Publishes the conversations that changed this step, with their derived fields. */
  async flush(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      const record = await this.store.get(id);
      if (!record) continue;
      await this.log.append('conversation', {
        ...record.conversation,
        summary: derive(record.conversation, record.fold),
      });
    }
  }

  /**
   * The first pass, a little per feed step: one page of the store's conversations, then a few transcripts
   * (the tail reader reads them in `readDue`). Ready once everything was listed and read.
   */
  async backfillStep(get: Get): Promise<void> {
    for (let pages = 0; pages < LISTING_PAGES_PER_STEP && !this.listing.done; pages += 1) {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (this.listing.cursor) query.set('after', this.listing.cursor);
      const result = await get(`/api/v1/agent-conversations?${query.toString()}`);
      const page = result.kind === 'ok' ? pageSchema.safeParse(result.body) : undefined;
      if (!page?.success) return;
      for (const item of page.data.data) {
        const conversation = conversationSchema.safeParse(item);
        if (conversation.success) await this.noteListed(conversation.data);
      }
      const next = page.data.page.has_more ? (page.data.page.next_cursor ?? undefined) : undefined;
      this.listing = { cursor: next, done: next === undefined };
    }
  }

  /** Called after the step's tail reads: the model is ready when the first pass has nothing left. */
  async settle(): Promise<void> {
    if (this.listing.done && this.tails.backfillLeft === 0 && !(await this.store.isReady()))
      await this.store.setReady(true);
  }

  private async noteListed(conversation: Conversation): Promise<void> {
    const record = await this.store.get(conversation.id);
    // The walk may have seen a newer copy already.
    if (record && ms(record.conversation.updated_at) >= ms(conversation.updated_at)) return;
    await this.store.put(this.recordOf(conversation, record));
    if (!record?.read && conversation.status === 'active') this.quiet.add(conversation.id);
    this.follow(conversation, true);
  }

  private recordOf(conversation: Conversation, record: ReadModelRecord | undefined): ReadModelRecord {
    if (record) return { ...record, conversation };
    const orphan = this.orphans.get(conversation.id);
    this.orphans.delete(conversation.id);
    return { conversation, fold: orphan ?? EMPTY_FOLD, read: orphan !== undefined };
  }

  /** Active conversations are followed (their tails read when they move); closed ones are let go. */
  private follow(conversation: Conversation, backfill: boolean): void {
    this.tails.model(conversation.id, conversation.status === 'active', backfill);
  }
}
