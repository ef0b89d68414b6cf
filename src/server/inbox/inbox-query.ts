import {
  CUSTOMER_CONTEXT_MAX,
  INBOX_VIEW_IDS,
  type ConversationSummary,
  type InboxRow,
  type InboxViewCountId,
} from '../../schemas/inbox.ts';
import {
  defaultSort,
  inboxFilter,
  inboxOrder,
  wantedTags,
  inView,
  NO_MARKS,
  sameShopper,
  type OwnMarks,
} from '../../schemas/inbox-rules.ts';
import { isSnoozed, type ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import type { z } from 'zod';
import type { inboxQuerySchema } from '../../schemas/inbox.ts';
import type { TagRef } from '../../schemas/tag-ref.ts';
import { keysetCursor, placeAfter, readKeysetCursor } from './keyset-cursor.ts';
import type { IndexEntry, IndexSnapshot } from './inbox-index.ts';

export type ParsedInboxQuery = z.output<typeof inboxQuerySchema>;

/** Every tag, and each tagged conversation's tags (from the dashboard's database). */
export interface TagIndex {
  tags: TagRef[];
  byConversation: ReadonlyMap<string, TagRef[]>;
}

/**
 * The dashboard's own data on conversations that lists filter and rows carry, from its database; a part
 * is undefined while the database cannot be read (rows then go without it).
 */
export interface OwnData {
  tags: TagIndex | undefined;
  snoozes: ReadonlyMap<string, ConversationSnooze> | undefined;
}
export const NO_OWN_DATA: OwnData = { tags: undefined, snoozes: undefined };

/** What a row carries of the dashboard's own data: only the parts that could be read. */
export function rowOwnData(own: OwnData, conversationId: string): Pick<InboxRow, 'tags' | 'snooze'> {
  return {
    ...(own.tags ? { tags: own.tags.byConversation.get(conversationId) ?? [] } : {}),
    ...(own.snoozes ? { snooze: own.snoozes.get(conversationId) ?? null } : {}),
  };
}

/**
 * What the inbox's rules look at of the dashboard's own data on one conversation. Most carry none, and
 * share one object: a request looks up every conversation.
 */
export function marksOf(own: OwnData, conversationId: string): OwnMarks {
  const tags = own.tags?.byConversation.get(conversationId);
  const snooze = own.snoozes?.get(conversationId);
  if (tags === undefined && snooze === undefined) return NO_MARKS;
  return { tagIds: (tags ?? []).map((tag) => tag.id), snoozed: isSnoozed(snooze) };
}

/**
 * Per tag, how many conversations of the list carry it: the query's filters or search without its own
 * tag filter, so each count says what choosing that tag (alone) would list.
 */
export function countTags(
  entries: readonly IndexEntry[],
  query: ParsedInboxQuery,
  userId: string,
  index: TagIndex,
  own: OwnData,
  reportIds?: ReadonlySet<string>,
): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(index.tags.map((tag) => [tag.id, 0]));
  const keep = inboxFilter({ ...query, tag: undefined }, userId);
  for (const { summary, searched } of entries) {
    const { conversation } = summary;
    const carried = index.byConversation.get(conversation.id);
    if (!carried || !keep(conversation, marksOf(own, conversation.id), searched)) continue;
    if (reportIds && !reportIds.has(conversation.id)) continue;
    for (const tag of carried) counts[tag.id] = (counts[tag.id] ?? 0) + 1;
  }
  return counts;
}

/**
 * With a tag filter on a list that leaves snoozed conversations out (no search, which spans them): how
 * many conversations with those tags it leaves out because they are snoozed, so that an empty or short
 * list can say where they are. Undefined otherwise, or while snoozes cannot be read.
 */
export function countSnoozedTagged(
  entries: readonly IndexEntry[],
  query: ParsedInboxQuery,
  userId: string,
  own: OwnData,
): number | undefined {
  const searching = query.q !== undefined && query.q.trim() !== '';
  if (wantedTags(query).length === 0 || query.snoozed !== undefined || searching || !own.snoozes)
    return undefined;
  const keep = inboxFilter({ ...query, snoozed: 'only' }, userId);
  let count = 0;
  for (const { summary, searched } of entries)
    if (keep(summary.conversation, marksOf(own, summary.conversation.id), searched)) count += 1;
  return count;
}

const ms = (timestamp: string) => Date.parse(timestamp);

/**
 * Unread for this person: a shopper wrote after they last opened the conversation; never opened counts
 * as unread when a shopper has written at all. Closed conversations are never unread (nobody is to answer).
 */
export function isUnread(summary: ConversationSummary, readUpTo: string | undefined): boolean {
  const shopper = summary.last_shopper_message_at;
  if (summary.conversation.status !== 'active' || shopper === null) return false;
  return readUpTo === undefined || ms(shopper) > ms(readUpTo);
}

export function countViews(entries: readonly IndexEntry[], userId: string, own: OwnData) {
  const counts = Object.fromEntries(INBOX_VIEW_IDS.map((view) => [view, 0])) as Record<
    InboxViewCountId,
    number
  >;
  for (const {
    summary: { conversation },
  } of entries) {
    const marks = marksOf(own, conversation.id);
    for (const view of INBOX_VIEW_IDS) if (inView(view, conversation, userId, marks)) counts[view] += 1;
  }
  return counts;
}

export const DEFAULT_INBOX_PAGE = 100;

/** A served conversation as a row for this person. */
function rowOf(summary: ConversationSummary, markers: ReadonlyMap<string, string>, own: OwnData): InboxRow {
  return {
    ...summary,
    unread: isUnread(summary, markers.get(summary.conversation.id)),
    ...rowOwnData(own, summary.conversation.id),
  };
}

/**
 * One page of the filtered, sorted list, with this person's unread markers: the model's order for the
 * query (sorted once per change of the model) walked from just after the previous page's last row (the
 * keyset cursor, found by a binary search) until the page and one more match are found. With a report
 * filter, `reportIds` are the conversations behind the figure, and only they are listed.
 */
export function queryInbox(
  model: IndexSnapshot,
  query: ParsedInboxQuery,
  userId: string,
  markers: ReadonlyMap<string, string>,
  own: OwnData,
  reportIds?: ReadonlySet<string>,
): { rows: InboxRow[]; nextCursor: string | null } {
  const anchorId = query.customer_of;
  const anchor = model.entries.find((entry) => entry.summary.conversation.id === anchorId);
  if (anchorId !== undefined && anchor === undefined) return { rows: [], nextCursor: null };
  const matches = inboxFilter(query, userId);
  const keep =
    anchor !== undefined
      ? (entry: IndexEntry) => entry !== anchor && sameShopper(anchor.shopper, entry.shopper)
      : ({ summary, searched }: IndexEntry) =>
          (reportIds === undefined || reportIds.has(summary.conversation.id)) &&
          matches(summary.conversation, marksOf(own, summary.conversation.id), searched);
  const limit =
    anchor === undefined
      ? (query.limit ?? DEFAULT_INBOX_PAGE)
      : Math.min(query.limit ?? CUSTOMER_CONTEXT_MAX, CUSTOMER_CONTEXT_MAX);
  const sort = query.sort ?? (anchor === undefined ? defaultSort(query) : 'newest');
  const order = model.ordered(sort);
  const after = query.after === undefined ? undefined : readKeysetCursor(query.after);
  const rows: InboxRow[] = [];
  let last: IndexEntry | undefined;
  for (let at = after ? placeAfter(order, after, inboxOrder(sort)) : 0; at < order.length; at += 1) {
    const entry = order[at]!;
    if (!keep(entry)) continue;
    if (last && rows.length === limit) return { rows, nextCursor: keysetCursor(last.keys) };
    rows.push(rowOf(entry.summary, markers, own));
    last = entry;
  }
  return { rows, nextCursor: null };
}

/** The latest handoffs the BFF saw that still wait for a person, newest first, as this person's rows. */
export function latestHandoffs(
  model: IndexSnapshot,
  markers: ReadonlyMap<string, string>,
  own: OwnData,
): InboxRow[] {
  return model.latestHandoffs().map(({ summary }) => rowOf(summary, markers, own));
}
