import type { InboxResponse, InboxSettings } from '../../schemas/inbox.ts';
import { countViews, queryInbox, type ParsedInboxQuery } from './inbox-query.ts';
import { summaryOf } from './read-model.ts';
import type { ReadModelStore } from './read-model-store.ts';
import type { InboxSettingsStore, ReadMarkerStore } from './read-markers.ts';

/** The form of the API's ids (`conv_4k9v2m7q1x8c3z`): opaque, but short and without punctuation. */
const CONVERSATION_ID_FORM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The inbox as the BFF serves it from the read model: lists, counts and search per request, with the
 * person's own unread markers. Reads no upstream at all: the feed keeps the model current.
 */
export class InboxService {
  constructor(
    private readonly model: ReadModelStore,
    private readonly markers: ReadMarkerStore,
    private readonly settings: InboxSettingsStore,
    private readonly now: () => number,
    /** The feed keeps the model current (see StoreFeed.isCurrent); a stale model is not served as ready. */
    private readonly isCurrent: () => Promise<boolean> = () => Promise.resolve(true),
  ) {}

  async list(userId: string, query: ParsedInboxQuery): Promise<InboxResponse> {
    const [records, ready, markers, settings] = await Promise.all([
      this.model.all(),
      this.model.isReady(),
      this.markers.forUser(userId),
      this.settings.get(),
    ]);
    const summaries = records.map(summaryOf);
    const { rows, nextCursor } = queryInbox(summaries, query, userId, markers);
    return {
      data: rows,
      page: { has_more: nextCursor !== null, next_cursor: nextCursor },
      ready: ready && (await this.isCurrent()),
      counts: countViews(summaries, userId),
      waiting_threshold_minutes: settings.waiting_threshold_minutes,
    };
  }

  /**
   * The person opened the conversation: it is read up to its last shopper message as the model knows it
   * (the store's clock, like the messages it is compared with), or up to now when none is known yet.
   */
  async markOpened(userId: string, conversationId: string): Promise<void> {
    const record = await this.model.get(conversationId);
    const readUpTo = record?.fold.lastShopperAt ?? new Date(this.now()).toISOString();
    await this.markers.set(userId, conversationId, readUpTo);
  }

  /**
   * Whether presence may be reported for this id: a conversation the model holds. Until the first pass
   * is done the model does not know every conversation yet, so an id of the API's form is accepted then
   * (refusing it would hide who is viewing during the first minutes after a start); the read model's
   * newest-page check adds a new conversation within seconds, and the next heartbeat gets through.
   */
  async mayWatch(conversationId: string): Promise<boolean> {
    if (await this.model.get(conversationId)) return true;
    return !(await this.model.isReady()) && CONVERSATION_ID_FORM.test(conversationId);
  }

  /** How many conversations the feed has listed so far, and whether its first pass is done. */
  async coverage(): Promise<{ known: number; complete: boolean }> {
    const [records, ready] = await Promise.all([this.model.all(), this.model.isReady()]);
    return { known: records.length, complete: ready };
  }

  getSettings(): Promise<InboxSettings> {
    return this.settings.get();
  }

  setSettings(settings: InboxSettings): Promise<void> {
    return this.settings.set(settings);
  }
}
