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
      return status === 'active' && assignee === userId;
    case 'active':
      return status === 'active';
    case 'closed':
      return status === 'closed';
    default:
      return false;
  }
}

/** Shopper name or email contains the search, ignoring case (and surrounding blanks). */
export function matchesSearch(conversation: Conversation, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [conversation.display_name, conversation.email].some(
    (field) => field?.toLocaleLowerCase().includes(needle) ?? false,
  );
}

const searching = (query: InboxFilterFields) => query.q !== undefined && query.q.trim() !== '';

/** The tag ids a query asks for. */
export const wantedTags = (query: InboxFilterFields): string[] =>
  query.tag === undefined || query.tag === '' ? [] : query.tag.split(',');

/**
 * Whether a conversation (with the dashboard's own marks: its tags, whether it is snoozed) belongs in a
 * list: a search spans every view and ignores the filters; the tag filter narrows a view and a search
 * alike.
 */
export function matchesInboxQuery(
  conversation: Conversation,
  query: InboxFilterFields,
  userId: string,
  marks: OwnMarks,
) {
  if (!wantedTags(query).every((id) => marks.tagIds.includes(id))) return false;
  if (searching(query)) return matchesSearch(conversation, query.q!);
  const assignee = query.assigned_to === 'me' ? userId : query.assigned_to;
  return (
    (query.snoozed === 'only') === setAside(conversation, marks) &&
    (query.status === undefined || conversation.status === query.status) &&
    (query.handoff_state === undefined || conversation.handoff_state === query.handoff_state) &&
    (query.channel === undefined || conversation.channel === query.channel) &&
    (assignee === undefined ||
      (assignee === UNASSIGNED ? conversation.assigned_to === null : conversation.assigned_to === assignee))
  );
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

type Compare = (a: ConversationSummary, b: ConversationSummary) => number;

/**
 * The list orders. `waiting`: those waiting, longest first, then the rest by newest activity. `newest`
 * and `oldest`: by last activity. Ties by id, so pages of one ordering never overlap.
 */
export function inboxOrder(sort: InboxSort): Compare {
  const byActivity: Compare = (a, b) => ms(lastActivityAt(b)) - ms(lastActivityAt(a));
  const byId: Compare = (a, b) =>
    a.conversation.id < b.conversation.id ? -1 : a.conversation.id > b.conversation.id ? 1 : 0;
  if (sort === 'oldest') return (a, b) => -byActivity(a, b) || byId(a, b);
  if (sort === 'newest') return (a, b) => byActivity(a, b) || byId(a, b);
  return (a, b) => {
    const wa = a.waiting_since;
    const wb = b.waiting_since;
    if (wa !== null && wb !== null) return ms(wa) - ms(wb) || byId(a, b);
    if (wa !== null) return -1;
    if (wb !== null) return 1;
    return byActivity(a, b) || byId(a, b);
  };
}
