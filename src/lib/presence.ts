import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { PresenceState, PresenceUpdate, PresenceViewer } from '@/schemas/live';
import { apiRequest } from './api-client';
import { newUuid } from './idempotency';
import type { LiveStreamClient } from './live-stream-client';
import { useEventListener } from './use-event-listener';
import { useLiveEvents, useLiveStreamClient, useLiveStatus } from './use-live-stream';

/**
 * Presence: who has a conversation open, and who is writing a reply in it. The open conversation sends a
 * heartbeat (`PUT /bff/presence`) about every `PRESENCE_HEARTBEAT_MS`; the server drops an entry after
 * about 30 s without one, and it tails exactly the conversations someone is viewing. The reply box (the
 * transcript) says when it holds text through `useReportReplying`; the inbox, which owns the open
 * conversation, sends the heartbeat.
 */

export const PRESENCE_HEARTBEAT_MS = 10_000;

/**
 * This page's own id in its heartbeats: the tabs of a browser share one session, and each may have its
 * own conversation open (the server keeps one entry per tab, and tails every conversation open in one).
 */
const TAB_ID = newUuid();

const replying = new Set<string>();
const replyingListeners = new Set<() => void>();

function setReplying(conversationId: string, isReplying: boolean) {
  if (replying.has(conversationId) === isReplying) return;
  if (isReplying) replying.add(conversationId);
  else replying.delete(conversationId);
  for (const listener of [...replyingListeners]) listener();
}

const subscribeReplying = (listener: () => void) => {
  replyingListeners.add(listener);
  return () => replyingListeners.delete(listener);
};

/** The reply box of `conversationId` holds text (`true`) or not. */
export function useReportReplying(conversationId: string, isReplying: boolean): void {
  useEffect(() => {
    setReplying(conversationId, isReplying);
    return () => setReplying(conversationId, false);
  }, [conversationId, isReplying]);
}

function sendPresence(update: PresenceUpdate, signal?: AbortSignal): Promise<void> {
  // A missed heartbeat is made good by the next one: no retries, no sign-in prompt of its own.
  return apiRequest('/bff/presence', {
    method: 'PUT',
    body: { ...update, tab_id: TAB_ID },
    retry: false,
    onSessionExpired: 'fail',
    ...(signal === undefined ? {} : { signal }),
  });
}

/**
 * Keeps the viewer lists the headers show, and sends the heartbeat for the open conversation (`null`: none open), at once when it or the state
 * changes and then every PRESENCE_HEARTBEAT_MS; says `null` when the page leaves the conversation or
 * closes.
 */
export function usePresenceHeartbeat(conversationId: string | null): void {
  useTrackPresence();
  const isReplying = useSyncExternalStore(
    subscribeReplying,
    () => conversationId !== null && replying.has(conversationId),
    () => false,
  );
  const state: PresenceState = isReplying ? 'replying' : 'viewing';

  // The first beat waits for the stream: the viewer list it changes is published to the streams open at
  // that moment, and this page must hear it to show who was there before it.
  const streamSettled = useLiveStatus() !== 'connecting';

  useEffect(() => {
    if (conversationId === null || !streamSettled) return;
    const controller = new AbortController();
    const beat = () =>
      void sendPresence({ conversation_id: conversationId, state }, controller.signal).catch(() => undefined);
    beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [conversationId, state, streamSettled]);

  // Leaving the conversation for none (or the inbox): say so, so the others' headers clear at once.
  const isOpen = conversationId !== null;
  useEffect(() => {
    if (!isOpen) return;
    return () => void sendPresence({ conversation_id: null, state: 'viewing' }).catch(() => undefined);
  }, [isOpen]);

  // Closing the tab: a keepalive request outlives the page (sendBeacon cannot carry X-CSRF).
  useEventListener(isOpen ? window : null, 'pagehide', () => {
    void fetch('/bff/presence', {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'X-CSRF': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        conversation_id: null,
        state: 'viewing',
        tab_id: TAB_ID,
      } satisfies PresenceUpdate),
    }).catch(() => undefined);
  });
}

type PresenceBook = { viewers: Map<string, PresenceViewer[]>; listeners: Set<() => void> };
const books = new WeakMap<LiveStreamClient, PresenceBook>();
const NOBODY: PresenceViewer[] = [];

function bookOf(hub: LiveStreamClient): PresenceBook {
  let book = books.get(hub);
  if (book === undefined) {
    book = { viewers: new Map(), listeners: new Set() };
    books.set(hub, book);
  }
  return book;
}

/**
 * Keeps the last viewer list of every conversation from the stream's `presence` events, while mounted
 * (the inbox). A header that mounts after its conversation's event (it waits for the conversation to
 * load) still shows who is there.
 */
function useTrackPresence(): void {
  const book = bookOf(useLiveStreamClient());
  useLiveEvents((event) => {
    if (event.name !== 'presence') return;
    if (event.data.viewers.length === 0) book.viewers.delete(event.data.conversation_id);
    else book.viewers.set(event.data.conversation_id, event.data.viewers);
    for (const listener of [...book.listeners]) listener();
  });
}

/** Everyone else viewing or replying in `conversationId`, as the live stream last said. */
export function usePresenceViewers(conversationId: string, selfUserId: string): PresenceViewer[] {
  const book = bookOf(useLiveStreamClient());
  const subscribe = useCallback(
    (listener: () => void) => {
      book.listeners.add(listener);
      return () => book.listeners.delete(listener);
    },
    [book],
  );
  const viewers = useSyncExternalStore(
    subscribe,
    () => book.viewers.get(conversationId) ?? NOBODY,
    () => NOBODY,
  );
  return useMemo(() => {
    // One line per person: someone with two tabs open shows once, replying if either tab is.
    const byUser = new Map<string, PresenceViewer>();
    for (const viewer of viewers) {
      if (viewer.user_id === selfUserId) continue;
      const known = byUser.get(viewer.user_id);
      if (known === undefined || viewer.state === 'replying') byUser.set(viewer.user_id, viewer);
    }
    return [...byUser.values()];
  }, [viewers, selfUserId]);
}
