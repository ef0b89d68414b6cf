import type { Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import type { EventLog } from '../live/event-log.ts';
import {
  conversationEventOf,
  derive,
  EMPTY_FOLD,
  foldMessage,
  handedOverAt,
  sameConversation,
  type ReadModelRecord,
  type TranscriptFold,
} from '../inbox/read-model.ts';
import { isListed, type ReadModelStore } from '../inbox/read-model-store.ts';
import { needsPerson } from '../../schemas/inbox-rules.ts';
import type { TranscriptTails } from './transcript-tails.ts';
import type { FeedRecorder } from './feed-recorder.ts';
import { readConversationPage, type FeedRead } from './feed-read.ts';
import { wasRestored } from './restore-check.ts';

/**
 * How often the newest page of the store is compared with the model. The walk only sees changes moving
 * forward; a restored store (a backup, the simulator's reset) goes back in time or drops conversations,
 * and this is how the model notices: then it lists the whole store again.
 */
export const CHECK_EVERY_MS = 5_000;
/** ...and this often when the store's budget is tight: a restore is rare, and walks bring every change. */
export const CHECK_TIGHT_EVERY_MS = 60_000;

const ms = (timestamp: string) => Date.parse(timestamp);

/**
 * Keeps the read model current from what the store feed reads anyway: the changed conversations of its
 * walk and the tails it reads once per change (shared with presence's tails). Once at start it lists the
 * whole store and reads each active conversation's transcript (as the budget allows, see
 * backfillReadsFor), at no cost per dashboard. Changes go out as `conversation` events with derived fields.
 */
export class ReadModelUpdater {
  /** Conversations whose event is due at the end of the step. */
  private readonly dirty = new Set<string>();
  /** Conversations whose last shopper message moved this step, to when (told to the recorder at the end). */
  private readonly shopperMoved = new Map<string, string>();
  /** Listed by the first pass and not read yet: their first read is no news (no event). */
  private readonly quiet = new Set<string>();
  /** First-pass reads since the last flush (one `previews` event), and whether the stage moved meanwhile. */
  private readonly previewed = new Set<string>();
  private stageMoved = false;
  /** Folds of transcripts read before their conversation was listed (a watched one, early on). */
  private readonly orphans = new Map<string, TranscriptFold>();
  /** A listing of the whole store: the first pass, or a new one after a restore (`seen` then collects ids). */
  private listing: { cursor: string | undefined; done: boolean; seen: Set<string> | undefined } = {
    cursor: undefined,
    done: false,
    seen: undefined,
  };
  /**
   * When the walk before the current listing began (this process's clock). The walk saw what changed until
   * then; a conversation created since was seen arriving, so when it needs a person that is a handoff even
   * before the listing is done.
   */
  private listingSinceMs: number | undefined;
  private lastCheckMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: ReadModelStore,
    private readonly log: EventLog,
    private readonly tails: TranscriptTails,
    private readonly now: () => number = Date.now,
    private readonly recorder?: FeedRecorder,
  ) {}

  /** A conversation the feed's walk saw change. */
  async noteChanged(conversation: Conversation): Promise<void> {
    this.recorder?.observed(conversation, 'walk');
    const known = await this.store.get(conversation.id);
    // Another conversation under a known id (a restored store minting ids again): the old one is forgotten.
    const record = known && sameConversation(known, conversation) ? known : undefined;
    // An older copy than the model's changes nothing. The same version is put and published again: the
    // listing may have put it without telling anyone, and when the store's answer to a write through the
    // BFF was applied and published already (applyWrittenConversation), the log drops the repeat.
    if (record && ms(record.conversation.updated_at) > ms(conversation.updated_at)) return;
    if (known && !record) {
      await this.store.put({
        conversation,
        fold: EMPTY_FOLD,
        read: false,
        handedOverAt: handedOverAt(undefined, conversation, await this.seenArriving(conversation)),
      });
      this.tails.restart(conversation.id);
    } else {
      await this.store.put({
        ...this.recordOf(conversation, record),
        handedOverAt: handedOverAt(record, conversation, await this.seenArriving(conversation)),
      });
    }
    this.dirty.add(conversation.id);
    this.tailMoved(conversation);
  }

  /** A changed conversation's tail is read at this step; what it brings is news (not the first pass's). */
  private tailMoved(conversation: Conversation): void {
    this.quiet.delete(conversation.id);
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
    if (fold.lastShopperAt !== null && fold.lastShopperAt !== record.fold.lastShopperAt)
      this.shopperMoved.set(conversationId, fold.lastShopperAt);
    if (this.quiet.delete(conversationId)) {
      this.previewed.add(conversationId);
      return;
    }
    if (JSON.stringify(derive(record.conversation, fold)) !== before) this.dirty.add(conversationId);
  }

  /**
   * Publishes the changed conversations with their derived fields, and the first pass's previews read
   * since in one event; tells the recorder whose shopper wrote (once per step, for all: it wakes snoozes).
   */
  async flush(): Promise<void> {
    if (this.shopperMoved.size > 0) {
      this.recorder?.shoppersWrote(
        [...this.shopperMoved].map(([conversationId, lastShopperAt]) => ({ conversationId, lastShopperAt })),
      );
      this.shopperMoved.clear();
    }
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      const record = await this.store.get(id);
      if (!record) continue;
      await this.log.append('conversation', conversationEventOf(record));
    }
    if (this.previewed.size > 0 || this.stageMoved)
      await this.log.append('previews', { conversation_ids: [...this.previewed] });
    this.previewed.clear();
    this.stageMoved = false;
  }

  /**
   * The model was taken over where the previous reader left it (another replica, or this process before a
   * restart). A listed one needs no listing of the store, only the walk from the checkpoint and the newest
   * page's check for a restore; the transcripts its first pass had not read yet are read as they were
   * going to be (those that need a person first).
   */
  async takenOver(): Promise<void> {
    const stage = await this.store.stage();
    if (this.listing.done || this.listing.cursor !== undefined || !isListed(stage)) return;
    this.listing = { cursor: undefined, done: true, seen: undefined };
    if (stage === 'ready') return;
    for (const record of await this.store.all()) {
      if (record.read || record.conversation.status !== 'active') continue;
      this.quiet.add(record.conversation.id);
      this.follow(record.conversation, true);
    }
  }

  /**
   * Compares the newest page with the model at the next step rather than within CHECK_EVERY_MS: the feed
   * was stopped (no dashboard open), and the store may have been restored meanwhile.
   */
  checkSoon(): void {
    this.lastCheckMs = Number.NEGATIVE_INFINITY;
  }

  /** The store is being listed (the first pass, or again after a restore): no transcript is read for it yet. */
  get isListing(): boolean {
    return !this.listing.done;
  }

  /**
   * The first pass, a little per feed step: up to `share.pages` pages of the store until it is listed
   * (lists, counts and search are served from the model from then on; none once `performance.now()`
   * passes `share.untilMs`), then the tail reader reads transcripts in `readDue` until every active one is
   * read (ready). Afterwards the newest page is compared with the model every CHECK_EVERY_MS
   * (CHECK_TIGHT_EVERY_MS when `share.tight`), see `restored`. `walkStartedMs`: when this step's walk began.
   */
  async backfillStep(
    read: FeedRead,
    walkStartedMs: number,
    share: { pages: number; tight: boolean; untilMs: number },
  ): Promise<void> {
    if (this.listing.done) {
      if (this.now() - this.lastCheckMs < (share.tight ? CHECK_TIGHT_EVERY_MS : CHECK_EVERY_MS)) return;
      this.lastCheckMs = this.now();
      const page = await readConversationPage(read, {});
      if (!page || !(await wasRestored(this.store, page.items, page.next === undefined, this.now()))) return;
      // The store went back in time: list it all again; until done, dashboards use the API's lists.
      this.listing = { cursor: undefined, done: false, seen: new Set() };
      this.listingSinceMs = walkStartedMs;
      // Dashboards see the model not listed at their next read (any event makes them read) and use the
      // API's lists meanwhile. No `resync`: it would make every dashboard re-read the API at once, and
      // lose which handoffs are new.
      await this.store.setStage('listing');
    }
    this.listingSinceMs ??= walkStartedMs;
    for (let listed = 0; listed < share.pages && !this.listing.done; listed += 1) {
      if (performance.now() >= share.untilMs) return;
      const page = await readConversationPage(
        read,
        this.listing.cursor ? { after: this.listing.cursor } : {},
      );
      if (!page) return;
      for (const conversation of page.items) {
        this.listing.seen?.add(conversation.id);
        await this.noteListed(conversation);
      }
      this.listing = { ...this.listing, cursor: page.next, done: page.next === undefined };
      if (this.listing.done) {
        this.lastCheckMs = this.now();
        await this.dropUnseen();
        // Lists, counts and search are served from the model from here on; previews fill in.
        await this.store.setStage('listed');
        this.stageMoved = true;
      }
    }
  }

  /** After a listing that followed a restore: what the store no longer has leaves the model. */
  private async dropUnseen(): Promise<void> {
    const seen = this.listing.seen;
    if (!seen) return;
    this.listing = { ...this.listing, seen: undefined };
    for (const record of await this.store.all()) {
      if (seen.has(record.conversation.id)) continue;
      await this.store.delete(record.conversation.id);
      this.tails.model(record.conversation.id, false);
    }
  }

  /** Called after the step's tail reads: the model is ready when the first pass has nothing left. */
  async settle(): Promise<void> {
    if (!this.listing.done || this.tails.backfillLeft > 0 || (await this.store.stage()) === 'ready') return;
    await this.store.setStage('ready');
    this.stageMoved = true;
  }

  private async noteListed(conversation: Conversation): Promise<void> {
    this.recorder?.observed(conversation, 'listing');
    const record = await this.store.get(conversation.id);
    const restoring = this.listing.seen !== undefined;
    if (record && restoring && ms(record.conversation.updated_at) > ms(conversation.updated_at)) {
      // An older copy than the model's: its transcript may differ too, read it again from the start.
      await this.store.put({ conversation, fold: EMPTY_FOLD, read: false });
      this.tails.restart(conversation.id);
      this.quiet.add(conversation.id);
      this.follow(conversation, true);
      return;
    }
    // The walk may have seen a newer copy already.
    if (record && ms(record.conversation.updated_at) >= ms(conversation.updated_at)) {
      // A shared model taken over from a reader that died in its first pass: what it listed but never read
      // is read by this one. A no-op for what this process follows already.
      if (!record.read && record.conversation.status === 'active') this.follow(record.conversation, true);
      return;
    }
    // Another conversation under a known id was not handed over before: whether it is new is told afresh.
    const previous = record && sameConversation(record, conversation) ? record : undefined;
    await this.store.put({
      ...this.recordOf(conversation, record),
      handedOverAt: handedOverAt(previous, conversation, await this.seenArriving(conversation)),
    });
    if (!record?.read && conversation.status === 'active') this.quiet.add(conversation.id);
    this.follow(conversation, true);
  }

  /**
   * Whether the model saw this conversation arrive: the store was listed already (by this process, or by
   * the reader before it when the shared model is listed), or it was created since this listing began.
   */
  private async seenArriving(conversation: Conversation): Promise<boolean> {
    if (this.listing.done) return true;
    if (this.listingSinceMs !== undefined && ms(conversation.created_at) >= this.listingSinceMs) return true;
    return this.listing.seen === undefined && isListed(await this.store.stage());
  }

  private recordOf(conversation: Conversation, record: ReadModelRecord | undefined): ReadModelRecord {
    if (record) return { ...record, conversation };
    const orphan = this.orphans.get(conversation.id);
    this.orphans.delete(conversation.id);
    return { conversation, fold: orphan ?? EMPTY_FOLD, read: orphan !== undefined };
  }

  /** Active conversations are followed, closed ones let go; the first pass reads those needing a person first. */
  private follow(conversation: Conversation, backfill: boolean): void {
    this.tails.model(conversation.id, conversation.status === 'active', backfill, needsPerson(conversation));
  }
}
