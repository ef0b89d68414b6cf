import {
  partialMatchKey,
  type InfiniteData,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { conversationKeys, inboxKeys } from '@/lib/query-keys';
import type { Conversation } from '@/schemas/conversation';
import type { InboxResponse } from '@/schemas/inbox';
import { marksOfRow, matchesInboxQuery, type InboxFilterFields } from '@/schemas/inbox-rules';

/**
 * The person's own conversation writes, held over the inbox's cached reads until those catch up. A read
 * that began before a write's answer (an event's re-read while the write is on its way, or an answer from
 * a BFF replica whose copy predates the write) carries the state from before it: landing on top of the
 * optimistic row, it would show the old state again. So while a write is on its way its change is laid on
 * every inbox answer and open conversation that lands, and once answered, an answer holding an older
 * version of the conversation (by `updated_at`) shows the written one instead. Newer versions (a
 * teammate's later change) land as they are.
 */

type Change = Partial<Conversation>;
type Writes = {
  /** Each write on its way (by its action), with its change. */
  pending: Map<object, { conversationId: string; change: Change }>;
  /** The latest answered write of each conversation. */
  written: Map<string, Conversation>;
  /** Whose rules ("mine", "assigned to me") decide which list a changed row stays in. */
  userId: string;
};

/** Written versions remembered per page; a read older than the oldest of them is long gone. */
const WRITTEN_KEPT = 100;

/** An inbox list (pages of one view) or one answer (a shopper's other conversations). */
type InboxData = InfiniteData<InboxResponse, unknown> | InboxResponse;

const isPages = (data: InboxData): data is InfiniteData<InboxResponse, unknown> =>
  Array.isArray((data as { pages?: unknown }).pages);

export const isNewerVersion = (conversation: Conversation, than: Conversation) =>
  Date.parse(conversation.updated_at) > Date.parse(than.updated_at);

/** What an action changes in a conversation, with the version that says so. */
export const stateOf = ({ status, handoff_state, assigned_to, updated_at }: Conversation) => ({
  status,
  handoff_state,
  assigned_to,
  updated_at,
});

type ChangeOf = (conversation: Conversation) => Change | null;

/**
 * One inbox answer with the changes applied: a changed row shows its change, or leaves the answer when
 * the list no longer holds it. An answer with nothing to change is returned as it is.
 */
function answerWithChanges(
  answer: InboxResponse,
  query: InboxFilterFields,
  changeOf: ChangeOf,
  myUserId: string,
): InboxResponse {
  let changed = false;
  const data = answer.data.flatMap((row) => {
    const change = changeOf(row.conversation);
    if (change === null) return [row];
    changed = true;
    const conversation = { ...row.conversation, ...change };
    return matchesInboxQuery(conversation, query, myUserId, marksOfRow(row))
      ? [{ ...row, conversation }]
      : [];
  });
  return changed ? { ...answer, data } : answer;
}

/** Cached inbox data with the changes applied to each of its answers (the list's query ends its key). */
function inboxDataWithChanges(
  data: InboxData,
  queryKey: QueryKey,
  changeOf: ChangeOf,
  myUserId: string,
): InboxData {
  const query = (queryKey[inboxKeys.lists().length] ?? {}) as InboxFilterFields;
  const apply = (answer: InboxResponse) => answerWithChanges(answer, query, changeOf, myUserId);
  if (!isPages(data)) return apply(data);
  const pages = data.pages.map(apply);
  return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
}

const byPage = new WeakMap<QueryClient, Writes>();

/** What the held writes change in a conversation as a read brought it, or null when nothing. */
function heldChangeOf(writes: Writes, conversation: Conversation): Change | null {
  const written = writes.written.get(conversation.id);
  let change: Change | null =
    written !== undefined && isNewerVersion(written, conversation) ? stateOf(written) : null;
  for (const held of writes.pending.values())
    if (held.conversationId === conversation.id) change = { ...change, ...held.change };
  return change;
}

/** Lays the held writes on what a read has just brought into the cache. */
function holdOver(queryClient: QueryClient, writes: Writes, queryKey: QueryKey, data: unknown) {
  if (data === undefined) return;
  const changeOf = (conversation: Conversation) => heldChangeOf(writes, conversation);
  if (conversationKeys.isDetail(queryKey)) {
    const change = changeOf(data as Conversation);
    if (change !== null) queryClient.setQueryData(queryKey, { ...(data as Conversation), ...change });
    return;
  }
  const held = inboxDataWithChanges(data as InboxData, queryKey, changeOf, writes.userId);
  if (held !== data) queryClient.setQueryData(queryKey, held);
}

function writesOf(queryClient: QueryClient, userId: string): Writes {
  const known = byPage.get(queryClient);
  if (known !== undefined) return Object.assign(known, { userId });
  const writes: Writes = { pending: new Map(), written: new Map(), userId };
  byPage.set(queryClient, writes);
  // A read's answer enters the cache here, before anything renders it (renders are batched after).
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (writes.pending.size === 0 && writes.written.size === 0) return;
    const { queryKey, state } = event.query as Query;
    if (conversationKeys.isDetail(queryKey) || partialMatchKey(queryKey, inboxKeys.lists()))
      holdOver(queryClient, writes, queryKey, state.data);
  });
  return writes;
}

/**
 * Shows a write on its way on every cached inbox answer and on the open conversation, and keeps showing
 * it over the reads that land until it is answered. Returns what it replaced, for a roll-back.
 */
export function holdWrite(
  queryClient: QueryClient,
  action: object,
  { conversationId, change, userId }: { conversationId: string; change: Change; userId: string },
) {
  const writes = writesOf(queryClient, userId);
  const lists = queryClient.getQueriesData<InboxData>({ queryKey: inboxKeys.lists() });
  const detailKey = conversationKeys.detail(conversationId);
  const detail = queryClient.getQueryData<Conversation>(detailKey);
  writes.pending.set(action, { conversationId, change });
  for (const [queryKey, data] of lists) holdOver(queryClient, writes, queryKey, data);
  holdOver(queryClient, writes, detailKey, detail);
  return { lists, detail };
}

/**
 * The write settled. Answered, no read older than its answer shows from now on; failed, nothing is held
 * for it (the caller rolls the cache back).
 */
export function writeSettled(queryClient: QueryClient, action: object, stored: Conversation | undefined) {
  const writes = byPage.get(queryClient);
  if (writes === undefined) return;
  writes.pending.delete(action);
  if (stored === undefined) return;
  const known = writes.written.get(stored.id);
  if (known !== undefined && !isNewerVersion(stored, known)) return;
  writes.written.delete(stored.id); // Kept in the order written: the oldest goes first.
  writes.written.set(stored.id, stored);
  if (writes.written.size > WRITTEN_KEPT) writes.written.delete(writes.written.keys().next().value!);
}
