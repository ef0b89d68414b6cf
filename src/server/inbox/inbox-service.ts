import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import { UNASSIGNED, type InboxResponse, type InboxRow, type InboxSettings } from '../../schemas/inbox.ts';
import { matchesInboxQuery } from '../../schemas/inbox-rules.ts';
import { PAGE_SIZE_MAX } from '../../schemas/limits.ts';
import type { ReportFilter } from '../../schemas/report-filter.ts';
import type { ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import { pageSchema, type ReadResult } from '../store-api/read-only-store-client.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import {
  countSnoozedTagged,
  countTags,
  countViews,
  latestHandoffs,
  marksOf,
  queryInbox,
  rowOwnData,
  type OwnData,
  type ParsedInboxQuery,
  type TagIndex,
} from './inbox-query.ts';
import { EMPTY_FOLD, summaryOf } from './read-model.ts';
import { isListed, type ReadModelStore } from './read-model-store.ts';
import { InboxIndex } from './inbox-index.ts';
import type { InboxSettingsStore, OpenedMarkerStore } from './opened-markers.ts';

/** Charges one store request to the person who asked (see AppVariables.chargeStore). */
export type StoreCharge = () => Promise<void>;

/** The form of the API's ids (`conv_4k9v2m7q1x8c3z`): opaque, but short and without punctuation. */
const CONVERSATION_ID_FORM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const API_CURSOR = 'api:';

/** A GET of the Commerce API with the store key (the feed's upstream reader). */
export type ReadApi = (target: string) => Promise<ReadResult>;

/** The tags on conversations, from the dashboard's database. */
export type ReadTags = () => Promise<TagIndex>;

/** How many internal notes each of these conversations carries, from the dashboard's database. */
export type ReadNoteCounts = (conversationIds: readonly string[]) => Promise<Map<string, number>>;

/** The snoozes, by conversation id (the dashboard's database): asleep, or woken and not yet seen. */
export type ReadSnoozes = () => Promise<ReadonlyMap<string, ConversationSnooze>>;

/** The ids of the conversations behind a report figure (the figures' own definitions, a database read). */
export type ReadReportIds = (filter: ReportFilter) => Promise<readonly string[]>;

/** Where the inbox's rows get what the read model does not hold; each is optional (tests, a bare model). */
export interface InboxSources {
  /** The feed keeps the model current (see StoreFeed.isCurrent); a stale model is not served as ready. */
  isCurrent?: () => Promise<boolean>;
  readApi?: ReadApi;
  readTags?: ReadTags;
  readNoteCounts?: ReadNoteCounts;
  readSnoozes?: ReadSnoozes;
  readReportIds?: ReadReportIds;
}

/**
 * The inbox as the BFF serves it: lists, counts and search per request from the read model, with the
 * person's own unread markers, reading no upstream at all (the feed keeps the model current). While the
 * model cannot serve (`ready: false`), one page of the Commerce API's own list in the same row shape.
 */
export class InboxService {
  private readonly served = new InboxIndex();

  constructor(
    private readonly model: ReadModelStore,
    private readonly markers: OpenedMarkerStore,
    private readonly settings: InboxSettingsStore,
    private readonly now: () => number,
    private readonly sources: InboxSources = {},
  ) {}

  private get readApi(): ReadApi | undefined {
    return this.sources.readApi;
  }

  private isCurrent(): Promise<boolean> {
    return this.sources.isCurrent?.() ?? Promise.resolve(true);
  }

  /**
   * A part of the dashboard's own data (tags, snoozes), or undefined while the database cannot be read:
   * the inbox is still served without it, unless the query filters by it (`neededByQuery`), which then
   * cannot be answered (503 database_unavailable).
   */
  private async ownPart<Part>(
    read: (() => Promise<Part>) | undefined,
    neededByQuery: boolean,
  ): Promise<Part | undefined> {
    if (!read) return undefined;
    try {
      return await read();
    } catch (error) {
      if (error instanceof DatabaseUnavailableError && !neededByQuery) return undefined;
      throw error;
    }
  }

  /** `charge` is told of each store request the list makes (the person's budget); none when served. */
  /** A list page; with `report`, of exactly the conversations behind that figure. */
  async list(
    userId: string,
    query: ParsedInboxQuery,
    charge?: StoreCharge,
    report?: ReportFilter,
  ): Promise<InboxResponse> {
    const [records, stage, markers, settings, tagIndex, snoozes, reportIds] = await Promise.all([
      this.model.all(),
      this.model.stage(),
      this.markers.forUser(userId),
      this.settings.get(),
      this.ownPart(this.sources.readTags, query.tag !== undefined),
      this.ownPart(this.sources.readSnoozes, query.snoozed !== undefined),
      report ? this.reportIds(report) : undefined,
    ]);
    const own: OwnData = { tags: tagIndex, snoozes };
    const model = this.served.of(records);
    const served = isListed(stage) && (await this.isCurrent());
    const readApi = this.readApi;
    const fromApi = readApi !== undefined && (!served || query.after?.startsWith(API_CURSOR) === true);
    const { rows, nextCursor } = fromApi
      ? await this.listFromApi(readApi, userId, query, own, charge, reportIds)
      : queryInbox(model, query, userId, markers, own, reportIds);
    const handoffs = latestHandoffs(model, markers, own);
    const withNotes = await this.noteCounter([...rows, ...handoffs]);
    const snoozedTagged = countSnoozedTagged(model.entries, query, userId, own);
    return {
      data: rows.map(withNotes),
      page: { has_more: nextCursor !== null, next_cursor: nextCursor },
      listed: served,
      ready: served && stage === 'ready',
      previews: model.previews(),
      counts: countViews(model.entries, userId, own),
      ...(tagIndex ? { tag_counts: countTags(model.entries, query, userId, tagIndex, own, reportIds) } : {}),
      ...(snoozedTagged !== undefined ? { snoozed_tagged: snoozedTagged } : {}),
      waiting_threshold_minutes: settings.waiting_threshold_minutes,
      // Handoffs are known from the end of the feed's listing on, well before the model is ready: a
      // shopper handed over during the first pass is announced like any other.
      handoffs: handoffs.map(withNotes),
    };
  }

  /** The report filter's conversations; without a database there is no report to follow. */
  private async reportIds(report: ReportFilter): Promise<ReadonlySet<string>> {
    const read = this.sources.readReportIds;
    if (!read) throw new DatabaseUnavailableError('no dashboard database');
    return new Set(await read(report));
  }

  /** Adds each row's note count; the rows go without them while the database cannot be read. */
  private async noteCounter(rows: readonly InboxRow[]): Promise<(row: InboxRow) => InboxRow> {
    const ids = [...new Set(rows.map((row) => row.conversation.id))];
    const counts = await this.sources.readNoteCounts?.(ids).catch(() => undefined);
    if (!counts) return (row) => row;
    return (row) => ({ ...row, note_count: counts.get(row.conversation.id) ?? 0 });
  }

  /**
   * One page of the API's list for the query: its filters as the API's (`me` resolved, `none`, a search
   * and the tags applied to the page, which the API cannot do), in the API's order (newest created first).
   */
  private async listFromApi(
    readApi: ReadApi,
    userId: string,
    query: ParsedInboxQuery,
    own: OwnData,
    charge: StoreCharge | undefined,
    reportIds: ReadonlySet<string> | undefined,
  ) {
    const params = new URLSearchParams({ limit: String(Math.min(query.limit ?? 100, PAGE_SIZE_MAX)) });
    const searching = query.q !== undefined && query.q.trim() !== '';
    if (!searching) {
      if (query.status) params.set('status', query.status);
      if (query.handoff_state) params.set('handoff_state', query.handoff_state);
      if (query.channel) params.set('channel', query.channel);
      const assignee = query.assigned_to === 'me' ? userId : query.assigned_to;
      if (assignee !== undefined && assignee !== UNASSIGNED) params.set('assigned_to', assignee);
    }
    if (query.after?.startsWith(API_CURSOR)) params.set('after', query.after.slice(API_CURSOR.length));
    await charge?.();
    const result = await readApi(`/api/v1/agent-conversations?${params.toString()}`);
    if (result.kind !== 'ok') throw new UpstreamUnavailableError(result.kind);
    const page = pageSchema.safeParse(result.body);
    if (!page.success) throw new UpstreamUnavailableError('malformed list');
    const rows: InboxRow[] = [];
    for (const item of page.data.data) {
      const conversation = conversationSchema.safeParse(item);
      if (!conversation.success) continue;
      const { id } = conversation.data;
      if (!matchesInboxQuery(conversation.data, query, userId, marksOf(own, id))) continue;
      if (reportIds && !reportIds.has(id)) continue;
      rows.push({
        ...summaryOf({ conversation: conversation.data, fold: EMPTY_FOLD, read: false }),
        unread: false,
        ...rowOwnData(own, id),
      });
    }
    const next = page.data.page.has_more ? page.data.page.next_cursor : undefined;
    return { rows, nextCursor: next ? `${API_CURSOR}${next}` : null };
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
    return !isListed(await this.model.stage()) && CONVERSATION_ID_FORM.test(conversationId);
  }

  /** Whether the store has this conversation (lookUp). */
  async conversationExists(conversationId: string, charge?: StoreCharge): Promise<boolean> {
    return (await this.lookUp(conversationId, charge)) !== undefined;
  }

  /**
   * The conversation as the model has it; undefined when the model has listed every conversation and is
   * current (an unknown id is unknown to the store too, and the store is not asked). Before that, one GET
   * of the Commerce API, charged first (`charge`, the person's budget). Never a write.
   * UpstreamUnavailableError when the API cannot say.
   */
  async lookUp(conversationId: string, charge?: StoreCharge): Promise<Conversation | undefined> {
    if (!CONVERSATION_ID_FORM.test(conversationId)) return undefined;
    const record = await this.model.get(conversationId);
    if (record) return record.conversation;
    if (!this.readApi) return undefined;
    if (isListed(await this.model.stage()) && (await this.isCurrent())) return undefined;
    await charge?.();
    const result = await this.readApi(`/api/v1/agent-conversations/${encodeURIComponent(conversationId)}`);
    if (result.kind === 'not_found') return undefined;
    if (result.kind !== 'ok') throw new UpstreamUnavailableError(result.kind);
    const conversation = conversationSchema.safeParse((result.body as { data?: unknown } | null)?.data);
    if (!conversation.success) throw new UpstreamUnavailableError('malformed conversation');
    return conversation.data;
  }

  /** How many conversations the feed has listed so far, and whether it has listed them all. */
  async coverage(): Promise<{ known: number; complete: boolean }> {
    const [records, stage] = await Promise.all([this.model.all(), this.model.stage()]);
    return { known: records.length, complete: isListed(stage) };
  }

  getSettings(): Promise<InboxSettings> {
    return this.settings.get();
  }

  setSettings(settings: InboxSettings): Promise<void> {
    return this.settings.set(settings);
  }
}

/** The Commerce API could not give the list the model cannot serve yet (503 to the browser). */
export class UpstreamUnavailableError extends Error {
  constructor(reason: string) {
    super(`The store's conversation list could not be read (${reason}).`);
    this.name = 'UpstreamUnavailableError';
  }
}
