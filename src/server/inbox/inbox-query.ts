import {
  CUSTOMER_CONTEXT_MAX,
  INBOX_VIEW_IDS,
  UNASSIGNED,
  type ConversationSummary,
  type InboxRow,
  type InboxSort,
  type InboxViewCountId,
} from '../../schemas/inbox.ts';
import type { z } from 'zod';
import type { inboxQuerySchema } from '../../schemas/inbox.ts';

export type ParsedInboxQuery = z.output<typeof inboxQuerySchema>;

const ms = (timestamp: string) => Date.parse(timestamp);

/** When something last happened in the conversation: its last message, or a state change. */
export function lastActivityAt(summary: ConversationSummary): string {
  const message = summary.last_message?.created_at;
  const updated = summary.conversation.updated_at;
  return message !== undefined && ms(message) > ms(updated) ? message : updated;
}

/**
 * Unread for this person: a shopper wrote after they last opened the conversation; never opened counts
 * as unread when a shopper has written at all. Closed conversations are never unread (nobody is to answer).
 */
export function isUnread(summary: ConversationSummary, readUpTo: string | undefined): boolean {
  const shopper = summary.last_shopper_message_at;
  if (summary.conversation.status !== 'active' || shopper === null) return false;
  return readUpTo === undefined || ms(shopper) > ms(readUpTo);
}

/** The views' own rules (inbox-filters.ts in the SPA names the same ones). */
export function inView(view: InboxViewCountId, summary: ConversationSummary, userId: string): boolean {
  const { status, handoff_state: handoff, assigned_to: assignee } = summary.conversation;
  switch (view) {
    case 'unassigned':
      return status === 'active' && handoff === 'human' && assignee === null;
    case 'mine':
      return status === 'active' && assignee === userId;
    case 'needs-person':
      return status === 'active' && handoff === 'human';
    case 'active':
      return status === 'active';
    case 'closed':
      return status === 'closed';
    default:
      return false;
  }
}

export function countViews(summaries: readonly ConversationSummary[], userId: string) {
  const counts = Object.fromEntries(INBOX_VIEW_IDS.map((view) => [view, 0])) as Record<
    InboxViewCountId,
    number
  >;
  for (const summary of summaries)
    for (const view of INBOX_VIEW_IDS) if (inView(view, summary, userId)) counts[view] += 1;
  return counts;
}

/** Shopper name or email contains the query, ignoring case (and surrounding blanks). */
export function matchesSearch(summary: ConversationSummary, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (needle === '') return true;
  const { display_name: name, email } = summary.conversation;
  return [name, email].some((field) => field?.toLocaleLowerCase().includes(needle) ?? false);
}

/** Same shopper: the same email (ignoring case) or the same customer id; unknown ones never match. */
export function sameShopper(a: ConversationSummary, b: ConversationSummary): boolean {
  const [x, y] = [a.conversation, b.conversation];
  const email = (value: string | null) => value?.trim().toLocaleLowerCase() || null;
  const sameEmail = email(x.email) !== null && email(x.email) === email(y.email);
  const sameCustomer = x.customer_id != null && x.customer_id !== '' && x.customer_id === y.customer_id;
  return sameEmail || sameCustomer;
}

function matchesFilters(summary: ConversationSummary, query: ParsedInboxQuery, userId: string): boolean {
  const c = summary.conversation;
  if (query.q !== undefined && query.q.trim() !== '') return matchesSearch(summary, query.q);
  const assignee = query.assigned_to === 'me' ? userId : query.assigned_to;
  return (
    (query.status === undefined || c.status === query.status) &&
    (query.handoff_state === undefined || c.handoff_state === query.handoff_state) &&
    (query.channel === undefined || c.channel === query.channel) &&
    (assignee === undefined ||
      (assignee === UNASSIGNED ? c.assigned_to === null : c.assigned_to === assignee))
  );
}

/** "Needs a person" waits longest first; every other list shows the newest activity first. */
export function defaultSort(query: ParsedInboxQuery): InboxSort {
  return query.status === 'active' && query.handoff_state === 'human' && !query.q ? 'waiting' : 'newest';
}

/**
 * The comparators. `waiting`: those waiting, longest first, then the rest by newest activity. `newest`
 * and `oldest`: by last activity. Ties by id, so pages of one ordering never overlap.
 */
function comparator(sort: InboxSort) {
  const byActivity = (a: ConversationSummary, b: ConversationSummary) =>
    ms(lastActivityAt(b)) - ms(lastActivityAt(a));
  const byId = (a: ConversationSummary, b: ConversationSummary) =>
    a.conversation.id < b.conversation.id ? -1 : a.conversation.id > b.conversation.id ? 1 : 0;
  if (sort === 'oldest')
    return (a: ConversationSummary, b: ConversationSummary) => -byActivity(a, b) || byId(a, b);
  if (sort === 'newest')
    return (a: ConversationSummary, b: ConversationSummary) => byActivity(a, b) || byId(a, b);
  return (a: ConversationSummary, b: ConversationSummary) => {
    const wa = a.waiting_since;
    const wb = b.waiting_since;
    if (wa !== null && wb !== null) return ms(wa) - ms(wb) || byId(a, b);
    if (wa !== null) return -1;
    if (wb !== null) return 1;
    return byActivity(a, b) || byId(a, b);
  };
}

export const DEFAULT_INBOX_PAGE = 100;

/** One page of the filtered, sorted list, with this person's unread markers. */
export function queryInbox(
  summaries: readonly ConversationSummary[],
  query: ParsedInboxQuery,
  userId: string,
  markers: ReadonlyMap<string, string>,
): { rows: InboxRow[]; nextCursor: string | null } {
  const anchorId = query.customer_of;
  const anchor = summaries.find((summary) => summary.conversation.id === anchorId);
  const keep =
    anchorId === undefined
      ? (summary: ConversationSummary) => matchesFilters(summary, query, userId)
      : (summary: ConversationSummary) =>
          anchor !== undefined && summary.conversation.id !== anchorId && sameShopper(anchor, summary);
  const sorted = summaries
    .filter(keep)
    .sort(comparator(query.sort ?? (anchorId === undefined ? defaultSort(query) : 'newest')));
  const start = Number(query.after ?? 0);
  const limit =
    anchorId === undefined
      ? (query.limit ?? DEFAULT_INBOX_PAGE)
      : Math.min(query.limit ?? CUSTOMER_CONTEXT_MAX, CUSTOMER_CONTEXT_MAX);
  const rows = sorted.slice(start, start + limit).map((summary) => ({
    ...summary,
    unread: isUnread(summary, markers.get(summary.conversation.id)),
  }));
  return { rows, nextCursor: start + limit < sorted.length ? String(start + limit) : null };
}
