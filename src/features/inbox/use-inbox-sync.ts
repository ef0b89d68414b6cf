import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { conversationKeys, inboxKeys, partKeys } from '@/lib/query-keys';
import { needsPolling, useLiveEvents, useLiveStatus } from '@/lib/use-live-stream';
import type { Conversation } from '@/schemas/conversation';
import { markOpened } from './api/mark-opened';
import { isNewerVersion, stateOf } from './written-conversations';

/** How often the inbox reads its lists again while the page is visible and the live stream is not open. */
export const SYNC_INTERVAL_MS = 4_000;
/** Back-off ceiling after failures. */
const MAX_BACKOFF_MS = 60_000;
/** Events often come in bursts (a walk's page): the lists are read again once per burst. */
const REFRESH_DEBOUNCE_MS = 300;

/**
 * Every open conversation's detail, not the transcript under it (other data, read page by page, that
 * re-reads its own last page on a resync: see use-transcript.ts).
 */
const conversationDetails = {
  queryKey: conversationKeys.details(),
  predicate: (query) => conversationKeys.isDetail(query.queryKey),
} satisfies QueryFilters;

/** A newer version of a conversation the page holds open replaces it (an older one never does). */
function writeOpenConversation(queryClient: QueryClient, conversation: Conversation) {
  const queryKey = conversationKeys.detail(conversation.id);
  const cached = queryClient.getQueryData<Conversation>(queryKey);
  if (cached !== undefined && isNewerVersion(conversation, cached))
    queryClient.setQueryData(queryKey, { ...cached, ...stateOf(conversation) });
}

export type LiveSyncStatus =
  | { state: 'live' }
  | { state: 'connecting' }
  | { state: 'reconnecting' }
  | { state: 'polling' }
  | { state: 'retrying'; error: unknown };

/**
 * Keeps the inbox current. Its lists, counts and handoffs are one cache, the BFF's `GET /bff/inbox`,
 * which costs the store nothing to read again: a `conversation`, `note` or `snooze` event, or a `records`
 * event naming conversations (once per burst), a `resync` or a stream that opened afresh reads it again (a
 * `snooze` event also their snoozes; a `records` event every read of its part, `partKeys(part)`, and the
 * part's records of the conversations it names), and so does every SYNC_INTERVAL_MS while the stream is not
 * open (`connecting`) or cannot be used (`polling`), at once when the page becomes visible again, with
 * a back-off after failures. The open conversation takes the event's newer state, and is read again
 * when polling. Opening a conversation marks it read on the server (so the marker follows the person to
 * other devices), and so does a shopper message arriving while it is open. Requests made while the
 * person is idle carry X-Background (the API client does that), so polling never keeps a session alive.
 */
export function useInboxSync(openConversationId: string | null): LiveSyncStatus {
  const queryClient = useQueryClient();
  const hubStatus = useLiveStatus();
  const polling = needsPolling(hubStatus);
  const [pollError, setPollError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastShopperAt = useRef<string | null | undefined>(undefined);

  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      REFRESH_DEBOUNCE_MS,
    );
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const mark = (conversationId: string) => {
    markOpened(conversationId)
      .then(refresh)
      .catch(() => undefined); // Unread stays shown; the next opening marks it again.
  };

  useEffect(() => {
    lastShopperAt.current = undefined;
    if (openConversationId !== null) mark(openConversationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened conversation
  }, [openConversationId]);

  useLiveEvents((event) => {
    if (event.name === 'resync') {
      refresh();
      void queryClient.invalidateQueries(conversationDetails);
    } else if (event.name === 'ready' && event.fresh === true) {
      refresh(); // What changed before the stream opened.
    }
    // A note written or deleted changes its row's note count.
    if (event.name === 'note') refresh();
    // The first pass read a batch of previews, or the model became listed or ready.
    if (event.name === 'previews') refresh();
    if (event.name === 'snooze') {
      refresh();
      for (const id of event.data.conversation_ids)
        void queryClient.invalidateQueries({ queryKey: conversationKeys.snooze(id) });
    }
    if (event.name === 'records') {
      // A part's records changed (tags, saved replies...): its reads, by the keys its name gives.
      const keys = partKeys(event.data.part);
      void queryClient.invalidateQueries({ queryKey: keys.all });
      if (event.data.conversation_ids) {
        refresh();
        for (const id of event.data.conversation_ids)
          void queryClient.invalidateQueries({ queryKey: keys.conversation(id) });
      }
    }
    if (event.name !== 'conversation') return;
    refresh();
    writeOpenConversation(queryClient, event.data);
    const shopperAt = event.data.summary?.last_shopper_message_at;
    if (event.data.id !== openConversationId || shopperAt === undefined) return;
    // A shopper wrote while it is open: the person sees it, so it is read (a repeat costs the store nothing).
    if (shopperAt !== lastShopperAt.current) mark(event.data.id);
    lastShopperAt.current = shopperAt;
  });

  useEffect(() => {
    if (!polling) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    let reading = false;

    const schedule = (delay: number) => {
      clearTimeout(pending);
      if (!stopped && document.visibilityState === 'visible') pending = setTimeout(() => void tick(), delay);
    };

    const tick = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      reading = true;
      try {
        await Promise.all([
          queryClient.refetchQueries({ queryKey: inboxKeys.all, type: 'active' }, { throwOnError: true }),
          queryClient.refetchQueries({ ...conversationDetails, type: 'active' }, { throwOnError: true }),
        ]);
        failures = 0;
        if (!stopped) setPollError(null);
        schedule(SYNC_INTERVAL_MS);
      } catch (error) {
        if (stopped) return;
        failures += 1;
        setPollError(error);
        schedule(Math.min(SYNC_INTERVAL_MS * 2 ** failures, MAX_BACKOFF_MS));
      } finally {
        reading = false;
      }
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible' && !reading) schedule(0);
      else clearTimeout(pending);
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    schedule(SYNC_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(pending);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      setPollError(null);
    };
  }, [queryClient, polling]);

  if (hubStatus === 'live') return { state: 'live' };
  if (hubStatus === 'reconnecting') return { state: 'reconnecting' };
  if (pollError !== null && polling) return { state: 'retrying', error: pollError };
  return hubStatus === 'connecting' ? { state: 'connecting' } : { state: 'polling' };
}
