import type { Conversation } from './conversation.ts';
import {
  UNASSIGNED,
  type ConversationSummary,
  type InboxRow,
  type InboxSort,
  type InboxViewCountId,
} from './inbox.ts';
import { isSnoozed } from './conversation-snooze.ts';

/**
 * The inbox's rules, written once for the BFF (which lists, counts and searches the read model) and the
 * browser (which moves a row in or out of the list it shows when an action changes it): which view a
 * conversation belongs to, what a filter set and a search keep, and the order of a list.
 */

/** The filter fields of an inbox query (`assigned_to`: a store user id, `me` or `none`). */
export type InboxFilterFields = {
  status?: Conversation['status'] | undefined;
  handoff_state?: Conversation['handoff_state'] | undefined;
  channel?: Conversation['channel'] | undefined;
  assigned_to?: string | undefined;
  q?: string | undefined;
  /** Tag ids, comma-separated (as in the URL): a conversation must carry every one. */
  tag?: string | undefined;
  /** `only`: the snoozed conversations (the "Snoozed" view); absent: every list but that leaves them out. */
  snoozed?: 'only' | undefined;
  /**
   * The conversations behind a report figure (report-filter.ts): the BFF lists those ids in place of the
   * view's filters (a search and the tags still narrow them), and a row listed stays whatever changes of
   * its state (a figure's facts are the period's).
   */
  report?: string | undefined;
};

/** What the dashboard keeps of a conversation beside the store's copy, as far as the lists care. */
export type OwnMarks = { tagIds: readonly string[]; snoozed: boolean };
export const NO_MARKS: OwnMarks = { tagIds: [], snoozed: false };

/**
 * Set aside: snoozed and still open. A snoozed conversation leaves every list but "Snoozed" (and a
 * search, which spans everything) until it wakes; a closed one is listed as closed whatever it carries.
 */
const setAside = (conversation: Conversation, marks: OwnMarks) =>
  marks.snoozed && conversation.status === 'active';

/** The marks of a row as the BFF sent it. */
export const marksOfRow = (row: Pick<InboxRow, 'tags' | 'snooze'>): OwnMarks => ({
  tagIds: (row.tags ?? []).map((tag) => tag.id),
  snoozed: isSnoozed(row.snooze),
});

/** A conversation waiting for a person: still open and handed to a human. */
export function needsPerson(conversation: Pick<Conversation, 'status' | 'handoff_state'>): boolean {
  return conversation.status === 'active' && conversation.handoff_state === 'human';
}

/**
 * A person's open conversations: open, assigned to them, not snoozed. What "Mine" lists and counts, what
 * the Away question counts and going away hands back, and what the per-person limit of automatic
 * assignment counts: one rule, so every count of them agrees.
 */
export function isOpenFor(
  conversation: Pick<Conversation, 'status' | 'assigned_to'>,
  personId: string,
  marks: OwnMarks,
): boolean {
  return conversation.status === 'active' && conversation.assigned_to === personId && !marks.snoozed;
}

/** The ready-made views, each counted over the whole inbox (see setAside for snoozed conversations). */
export function inView(
  view: InboxViewCountId,
  conversation: Conversation,
  userId: string,
  marks: OwnMarks,
): boolean {
  const { status, assigned_to: assignee } = conversation;
  const asleep = setAside(conversation, marks);
  if (view === 'snoozed') return asleep;
  if (asleep) return false;
  switch (view) {
    case 'needs-person':
      return needsPerson(conversation);
    case 'unassigned':
      return needsPerson(conversation) && assignee === null;
    case 'mine':
      return isOpenFor(conversation, userId, marks);
    case 'active':
      return status === 'active';
    case 'closed':
      return status === 'closed';
    default:
      return false;
  }
}

/**
 * What a search looks in: the shopper's name and email, as it compares them (ignoring case). The BFF
 * keeps it per conversation; anyone else derives it when asked.
 */
export function searchedTextOf(conversation: Conversation): readonly string[] {
  return [conversation.display_name, conversation.email].flatMap((field) =>
    field === null ? [] : [field.toLocaleLowerCase()],
  );
}

const searching = (query: InboxFilterFields) => query.q !== undefined && query.q.trim() !== '';

/** The tag ids a query asks for. */
export const wantedTags = (query: InboxFilterFields): string[] =>
  query.tag === undefined || query.tag === '' ? [] : query.tag.split(',');

/**
 * Whether a conversation (with the dashboard's own marks: its tags, whether it is snoozed) belongs in a
 * list: a search (shopper name or email contains it, ignoring case and surrounding blanks) spans every
 * view and ignores the filters; the tag filter narrows a view and a search alike. Prepared once per
 * query, for a caller that checks many conversations; `searched` is the conversation's searchedTextOf
 * when the caller keeps it.
 */
export function inboxFilter(query: InboxFilterFields, userId: string) {
  const tags = wantedTags(query);
  const needle = searching(query) ? query.q!.trim().toLocaleLowerCase() : undefined;
  const assignee = query.assigned_to === 'me' ? userId : query.assigned_to;
  return (conversation: Conversation, marks: OwnMarks, searched?: readonly string[]): boolean => {
    if (!tags.every((id) => marks.tagIds.includes(id))) return false;
    if (needle !== undefined)
      return (searched ?? searchedTextOf(conversation)).some((text) => text.includes(needle));
    if (query.report !== undefined) return true;
    return (
      (query.snoozed === 'only') === setAside(conversation, marks) &&
      (query.status === undefined || conversation.status === query.status) &&
      (query.handoff_state === undefined || conversation.handoff_state === query.handoff_state) &&
      (query.channel === undefined || conversation.channel === query.channel) &&
      (assignee === undefined ||
        (assignee === UNASSIGNED ? conversation.assigned_to === null : conversation.assigned_to === assignee))
    );
  };
}

/** Whether one conversation belongs in the query's list (see inboxFilter). */
export function matchesInboxQuery(
  conversation: Conversation,
  query: InboxFilterFields,
  userId: string,
  marks: OwnMarks,
) {
  return inboxFilter(query, userId)(conversation, marks);
}

/** What tells a conversation's shopper: the email ignoring case (null when none), the customer id. */
export interface Shopper {
  email: string | null;
  customerId: unknown;
}

export const shopperOf = (conversation: Conversation): Shopper => ({
  email: conversation.email?.trim().toLocaleLowerCase() || null,
  customerId: conversation.customer_id,
});

/** Same shopper: the same email (ignoring case) or the same customer id; unknown ones never match. */
export function sameShopper(a: Shopper, b: Shopper): boolean {
  const sameEmail = a.email !== null && a.email === b.email;
  const sameCustomer = a.customerId != null && a.customerId !== '' && a.customerId === b.customerId;
  return sameEmail || sameCustomer;
}

/** "Needs a person" waits longest first; every other list, and a search, shows the newest activity first. */
export function defaultSort(query: InboxFilterFields): InboxSort {
  const waitingView = query.status === 'active' && query.handoff_state === 'human';
  return waitingView && !searching(query) ? 'waiting' : 'newest';
}

const ms = (timestamp: string) => Date.parse(timestamp);

/** When something last happened in the conversation: its last message, or a state change. */
export function lastActivityAt(summary: ConversationSummary): string {
  const message = summary.last_message?.created_at;
  const updated = summary.conversation.updated_at;
  return message !== undefined && ms(message) > ms(updated) ? message : updated;
}

type Compare = (a: OrderKeys, b: OrderKeys) => number;

/**
 * What the list orders compare of a conversation, as numbers: the BFF computes them once per change of a
 * conversation and keeps them; a list of rows is ordered by the keys of each row.
 */
export interface OrderKeys {
  id: string;
  /** lastActivityAt, in ms (NaN for an unreadable time, which then orders by id alone). */
  activityMs: number;
  /** waiting_since, in ms; null when the conversation waits for nobody. */
  waitingMs: number | null;
}

export function orderKeysOf(summary: ConversationSummary): OrderKeys {
  return {
    id: summary.conversation.id,
    activityMs: ms(lastActivityAt(summary)),
    waitingMs: summary.waiting_since === null ? null : ms(summary.waiting_since),
  };
}

/**
 * The list orders. `waiting`: those waiting, longest first, then the rest by newest activity. `newest`
 * and `oldest`: by last activity. Ties by id, so pages of one ordering never overlap.
 */
export function inboxOrder(sort: InboxSort): Compare {
  const byActivity: Compare = (a, b) => b.activityMs - a.activityMs;
  const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (sort === 'oldest') return (a, b) => -byActivity(a, b) || byId(a, b);
  if (sort === 'newest') return (a, b) => byActivity(a, b) || byId(a, b);
  return (a, b) => {
    const wa = a.waitingMs;
    const wb = b.waitingMs;
    if (wa !== null && wb !== null) return wa - wb || byId(a, b);
    if (wa !== null) return -1;
    if (wb !== null) return 1;
    return byActivity(a, b) || byId(a, b);
  };
}
