import type { Conversation } from './conversation.ts';
import { UNASSIGNED, type ConversationSummary, type InboxSort, type InboxViewCountId } from './inbox.ts';

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
};

/** A conversation waiting for a person: still open and handed to a human. */
export function needsPerson(conversation: Pick<Conversation, 'status' | 'handoff_state'>): boolean {
  return conversation.status === 'active' && conversation.handoff_state === 'human';
}

/** The ready-made views, each counted over the whole inbox. */
export function inView(view: InboxViewCountId, conversation: Conversation, userId: string): boolean {
  const { status, assigned_to: assignee } = conversation;
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
 * Whether a conversation (carrying the tags `tagIds`) belongs in a list: a search spans every view and
 * ignores the filters; the tag filter narrows a view and a search alike.
 */
export function matchesInboxQuery(
  conversation: Conversation,
  query: InboxFilterFields,
  userId: string,
  tagIds: readonly string[],
) {
  if (!wantedTags(query).every((id) => tagIds.includes(id))) return false;
  if (searching(query)) return matchesSearch(conversation, query.q!);
  const assignee = query.assigned_to === 'me' ? userId : query.assigned_to;
  return (
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
