import {
  CUSTOMER_CONTEXT_MAX,
  INBOX_VIEW_IDS,
  type ConversationSummary,
  type InboxRow,
  type InboxViewCountId,
} from '../../schemas/inbox.ts';
import {
  defaultSort,
  inboxOrder,
  inView,
  matchesInboxQuery,
  type OwnMarks,
} from '../../schemas/inbox-rules.ts';
import { isSnoozed, type ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import type { z } from 'zod';
import type { inboxQuerySchema } from '../../schemas/inbox.ts';
import type { TagRef } from '../../schemas/tag-ref.ts';

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

/** What the inbox's rules look at of the dashboard's own data on one conversation. */
export const marksOf = (own: OwnData, conversationId: string): OwnMarks => ({
  tagIds: (own.tags?.byConversation.get(conversationId) ?? []).map((tag) => tag.id),
  snoozed: isSnoozed(own.snoozes?.get(conversationId)),
});

/**
 * Per tag, how many conversations of the list carry it: the query's filters or search without its own
 * tag filter, so each count says what choosing that tag (alone) would list.
 */
export function countTags(
  summaries: readonly ConversationSummary[],
  query: ParsedInboxQuery,
  userId: string,
  index: TagIndex,
  own: OwnData,
): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(index.tags.map((tag) => [tag.id, 0]));
  const untagged = { ...query, tag: undefined };
  for (const { conversation } of summaries) {
    const carried = index.byConversation.get(conversation.id);
    if (!carried || !matchesInboxQuery(conversation, untagged, userId, marksOf(own, conversation.id)))
      continue;
    for (const tag of carried) counts[tag.id] = (counts[tag.id] ?? 0) + 1;
  }
  return counts;
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

export function countViews(summaries: readonly ConversationSummary[], userId: string, own: OwnData) {
  const counts = Object.fromEntries(INBOX_VIEW_IDS.map((view) => [view, 0])) as Record<
    InboxViewCountId,
    number
  >;
  for (const { conversation } of summaries) {
    const marks = marksOf(own, conversation.id);
    for (const view of INBOX_VIEW_IDS) if (inView(view, conversation, userId, marks)) counts[view] += 1;
  }
  return counts;
}

/** Same shopper: the same email (ignoring case) or the same customer id; unknown ones never match. */
export function sameShopper(a: ConversationSummary, b: ConversationSummary): boolean {
  const [x, y] = [a.conversation, b.conversation];
  const email = (value: string | null) => value?.trim().toLocaleLowerCase() || null;
  const sameEmail = email(x.email) !== null && email(x.email) === email(y.email);
  const sameCustomer = x.customer_id != null && x.customer_id !== '' && x.customer_id === y.customer_id;
  return sameEmail || sameCustomer;
}

export const DEFAULT_INBOX_PAGE = 100;

/** One page of the filtered, sorted list, with this person's unread markers. */
export function queryInbox(
  summaries: readonly ConversationSummary[],
  query: ParsedInboxQuery,
  userId: string,
  markers: ReadonlyMap<string, string>,
  own: OwnData,
): { rows: InboxRow[]; nextCursor: string | null } {
  const anchorId = query.customer_of;
  const anchor = summaries.find((summary) => summary.conversation.id === anchorId);
  const keep =
    anchorId === undefined
      ? (summary: ConversationSummary) =>
          matchesInboxQuery(summary.conversation, query, userId, marksOf(own, summary.conversation.id))
      : (summary: ConversationSummary) =>
          anchor !== undefined && summary.conversation.id !== anchorId && sameShopper(anchor, summary);
  const sorted = summaries
    .filter(keep)
    .sort(inboxOrder(query.sort ?? (anchorId === undefined ? defaultSort(query) : 'newest')));
  const start = Number(query.after ?? 0);
  const limit =
    anchorId === undefined
      ? (query.limit ?? DEFAULT_INBOX_PAGE)
      : Math.min(query.limit ?? CUSTOMER_CONTEXT_MAX, CUSTOMER_CONTEXT_MAX);
  const rows = sorted.slice(start, start + limit).map((summary) => ({
    ...summary,
    unread: isUnread(summary, markers.get(summary.conversation.id)),
    ...rowOwnData(own, summary.conversation.id),
  }));
  return { rows, nextCursor: start + limit < sorted.length ? String(start + limit) : null };
}
