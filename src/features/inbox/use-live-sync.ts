import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error';
import type { HubEvent } from '@/lib/live-stream-reader';
import { needsPolling, useLiveEvents, useLiveStatus } from '@/lib/use-live-hub';
import type { Conversation } from '@/schemas/conversation';
import { conversationKeys } from '@/lib/query-keys';
import { getChangedConversations } from './api/get-conversations';
import { needsPersonQueryOptions } from './api/get-needs-person';
import {
  cachedConversations,
  conversationDetailsOnly,
  holdsConversationState,
  newestById,
  writeConversations,
} from './conversation-cache';
import { needsPerson } from './inbox-filters';

/** How often the inbox asks what changed while the page is visible and the live stream is not open. */
export const SYNC_INTERVAL_MS = 4_000;
/** Back-off ceiling after failures. */
const MAX_BACKOFF_MS = 60_000;
/**
 * The first walk starts this far before the browser's clock: the watermark is the server's clock after
 * that (the greatest updated_at seen), but a first value has to come from somewhere, and the browser's
 * clock may be a little ahead. Overlap costs nothing: changes are deduplicated by id.
 */
const CLOCK_SKEW_MARGIN_MS = 5 * 60_000;
/** After this long without a successful sync (tab hidden, offline), lists are read again instead. */
const RESYNC_AFTER_MS = 10 * 60_000;
/**
 * Pages read per sync. A longer catch-up goes on at once in the next sync: the walk is ascending by
 * updated_at, so what was read is a complete prefix and the watermark can move up to its end.
 */
const MAX_WALK_PAGES = 10;

/** Changes seen lately, laid again over pages read afterwards (see `useLiveSync`). */
const RECENT_KEPT = 500;

type SyncState = {
  watermark: string | null;
  lastSuccessAt: number;
  recent: Map<string, Conversation>;
};

// One watermark per QueryClient, so leaving the inbox and coming back continues where it stopped.
const syncStates = new WeakMap<QueryClient, SyncState>();

function syncStateOf(queryClient: QueryClient): SyncState {
  let state = syncStates.get(queryClient);
  if (state === undefined) {
    state = { watermark: null, lastSuccessAt: Date.now(), recent: new Map() };
    syncStates.set(queryClient, state);
  }
  return state;
}

function freshStart(state: SyncState) {
  state.watermark = new Date(Date.now() - CLOCK_SKEW_MARGIN_MS).toISOString();
  state.recent.clear();
}

function remember(state: SyncState, changes: Iterable<Conversation>) {
  for (const conversation of changes) {
    state.recent.delete(conversation.id);
    state.recent.set(conversation.id, conversation);
  }
  for (const id of state.recent.keys()) {
    if (state.recent.size <= RECENT_KEPT) break;
    state.recent.delete(id);
  }
}

function greatestUpdatedAt(conversations: Iterable<Conversation>, start: string): string {
  let greatest = start;
  for (const conversation of conversations) {
    if (Date.parse(conversation.updated_at) > Date.parse(greatest)) greatest = conversation.updated_at;
  }
  return greatest;
}

/**
 * New handoffs: now waiting for a person, and not among those known to be waiting. When more are waiting
 * than the set holds, only a conversation the inbox has seen not waiting counts (an unknown one may have
 * been waiting all along).
 */
function newHandoffsIn(queryClient: QueryClient, changes: Iterable<Conversation>): Conversation[] {
  const known = queryClient.getQueryData(needsPersonQueryOptions().queryKey);
  if (known === undefined) return [];
  const waiting = new Set(known.conversations.map((conversation) => conversation.id));
  const candidates = [...changes].filter(
    (conversation) => needsPerson(conversation) && !waiting.has(conversation.id),
  );
  if (known.complete || candidates.length === 0) return candidates;
  const seen = cachedConversations(queryClient);
  return candidates.filter((conversation) => {
    const before = seen.get(conversation.id);
    return before !== undefined && !needsPerson(before);
  });
}

/**
 * The one path from "these conversations changed" to the caches, for the stream's events and the polling
 * walk alike: new handoffs are told apart first (before the merge hides them), then every cached copy is
 * merged with the `newer` policy, remembered for pages still on the wire, and the watermark moves up.
 */
function applyChanges(
  queryClient: QueryClient,
  state: SyncState,
  conversations: Iterable<Conversation>,
  onNewHandoffs: (conversations: Conversation[]) => void,
) {
  const changes = newestById(conversations);
  if (changes.size === 0) return;
  const handoffs = newHandoffsIn(queryClient, changes.values());
  writeConversations(queryClient, changes.values(), 'newer');
  remember(state, changes.values());
  if (state.watermark !== null) state.watermark = greatestUpdatedAt(changes.values(), state.watermark);
  if (handoffs.length > 0) onNewHandoffs(handoffs);
}

// Lists start over from their first page; an open conversation is read again in place (no skeleton), its
// transcript not (it re-reads its own last page on a resync, see use-transcript.ts).
async function readListsAgain(queryClient: QueryClient, state: SyncState) {
  freshStart(state);
  await Promise.all([
    queryClient.resetQueries({ queryKey: conversationKeys.lists() }),
    queryClient.resetQueries({ queryKey: conversationKeys.needsPerson() }),
    queryClient.invalidateQueries(conversationDetailsOnly),
  ]);
}

/** One walk from the watermark; true when it stopped with more to read. */
async function syncOnce(
  queryClient: QueryClient,
  state: SyncState,
  signal: AbortSignal,
  onNewHandoffs: (conversations: Conversation[]) => void,
): Promise<boolean> {
  if (Date.now() - state.lastSuccessAt > RESYNC_AFTER_MS) {
    await readListsAgain(queryClient, state);
    return false;
  }
  const since = state.watermark!;
  const walk = await getChangedConversations({ since, maxPages: MAX_WALK_PAGES, signal });
  applyChanges(queryClient, state, walk.conversations, onNewHandoffs);
  if (walk.complete) return false;
  // A prefix that ends where it started (thousands of writes in one instant) cannot move on: read again.
  if (state.watermark === since) {
    await readListsAgain(queryClient, state);
    return false;
  }
  return true;
}

export type LiveSyncStatus =
  | { state: 'live' }
  | { state: 'connecting' }
  | { state: 'reconnecting' }
  | { state: 'polling' }
  | { state: 'retrying'; error: unknown };

/**
 * Keeps every cached inbox list, the open conversation and the needs-a-person set current, and reports
 * new handoffs. The live hub's stream is the source: `conversation` events are merged as they come,
 * `resync` reads the lists again, and a stream that starts afresh (nothing replayed) is followed by one
 * catch-up walk for what changed before it opened. While the stream is not open (`connecting`) or cannot
 * be used (`fallback`), the inbox polls as it did before the hub: walks `updated_after=<watermark>` every
 * few seconds while the page is visible, catching up at once when it becomes visible again, reading the
 * lists again after a long absence. Requests made while the person is idle carry X-Background (the API
 * client does that), so polling never keeps an idle session alive.
 */
export function useLiveSync(onNewHandoffs: (conversations: Conversation[]) => void): LiveSyncStatus {
  const queryClient = useQueryClient();
  const hubStatus = useLiveStatus();
  const polling = needsPolling(hubStatus);
  const [pollError, setPollError] = useState<unknown>(null);
  const onNewHandoffsRef = useRef(onNewHandoffs);
  useEffect(() => {
    onNewHandoffsRef.current = onNewHandoffs;
  });
  const report = (handoffs: Conversation[]) => onNewHandoffsRef.current(handoffs);

  // A catch-up walk (after a fresh stream start): at most one at a time, aborted on unmount.
  const catchUp = useRef<AbortController | null>(null);
  useEffect(() => () => catchUp.current?.abort(), []);

  useLiveEvents((event: HubEvent) => {
    const state = syncStateOf(queryClient);
    if (state.watermark === null) freshStart(state);
    state.lastSuccessAt = Date.now();
    if (event.name === 'conversation') {
      applyChanges(queryClient, state, [event.data], report);
    } else if (event.name === 'resync') {
      void readListsAgain(queryClient, state);
    } else if (event.name === 'ready' && event.fresh === true && catchUp.current === null) {
      const controller = new AbortController();
      catchUp.current = controller;
      const walk = async () => {
        while (await syncOnce(queryClient, state, controller.signal, report));
      };
      walk()
        .catch(() => undefined) // A failed catch-up is made good by the next change or resync.
        .finally(() => {
          if (catchUp.current === controller) catchUp.current = null;
        });
    }
  });

  useEffect(() => {
    if (!polling) return;
    const state = syncStateOf(queryClient);
    if (state.watermark === null) freshStart(state);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let failures = 0;
    let stopped = false;

    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(() => void tick(), delay);
    };

    const tick = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      controller = new AbortController();
      try {
        const more = await syncOnce(queryClient, state, controller.signal, report);
        state.lastSuccessAt = Date.now();
        failures = 0;
        setPollError(null);
        schedule(more ? 0 : SYNC_INTERVAL_MS);
      } catch (error) {
        if (stopped || isAbortError(error)) return;
        failures += 1;
        setPollError(error);
        schedule(Math.min(SYNC_INTERVAL_MS * 2 ** failures, MAX_BACKOFF_MS));
      } finally {
        controller = null;
      }
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible' && controller === null) schedule(0);
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    schedule(SYNC_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      setPollError(null);
    };
  }, [queryClient, polling]);

  // A page that was on the wire while a change was merged arrives with the older version, and the
  // watermark has moved past that change: lay the recent changes over every page that arrives. Only the
  // conversation caches (a transcript's pages live under the conversation's detail, and hold messages).
  useEffect(() => {
    const state = syncStateOf(queryClient);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (!holdsConversationState(event.query.queryKey as readonly unknown[])) return;
      if (state.recent.size === 0) return;
      writeConversations(queryClient, state.recent.values(), 'newer');
    });
  }, [queryClient]);

  if (hubStatus === 'live') return { state: 'live' };
  if (hubStatus === 'reconnecting') return { state: 'reconnecting' };
  if (pollError !== null && polling) return { state: 'retrying', error: pollError };
  return hubStatus === 'connecting' ? { state: 'connecting' } : { state: 'polling' };
}
