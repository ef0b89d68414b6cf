import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { flattenPages } from '@/lib/pagination';
import type { Message } from '@/schemas/message';
import { needsPolling, useLiveEvents, useLiveStatus } from '@/lib/use-live-stream';
import { addMessageToTranscript, messagesQueryOptions, refreshLastPage } from './api/get-messages';
import { addHistoryEntries, historyQueryOptions } from './api/get-history';

/** How often an open, visible transcript looks for new messages while the live stream is not open. */
export const LIVE_POLL_MS = 3_000;

function uniqueById(messages: Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    if (seen.has(message.id)) return false;
    seen.add(message.id);
    return true;
  });
}

/**
 * The whole transcript of a conversation, oldest first: every page is walked (the newest messages are
 * on the last one), then kept current from the live stream: `message` events (new messages and ratings;
 * the server tails the conversations someone has open, see presence.ts), and a re-read of the last page
 * after a `resync` or a stream that started afresh. While the stream is not open or cannot be used, the
 * last page is re-read every few seconds while the page is visible instead. `liveError` is the last
 * failed re-read, cleared by the next success.
 *
 * Beside it, the conversation's history (who took it over, assigned, closed it): read once, then kept
 * current by `history` events, and read again after a catch-up. It fails on its own (the dashboard's
 * database unreachable) without holding the transcript back.
 */
export function useTranscript(conversationId: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messagesQueryOptions(conversationId));
  const historyQuery = useQuery(historyQueryOptions(conversationId));
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // Walk forward to the end. A failed page stops the walk until the user retries it.
  // The page count is a dependency: a fast page can arrive within one notification, leaving the flags as
  // they were.
  const pageCount = data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, pageCount]);

  const isComplete = data !== undefined && !hasNextPage;
  const [liveError, setLiveError] = useState<unknown>(null);
  const polling = needsPolling(useLiveStatus());

  useLiveEvents((event) => {
    if (event.name === 'message' && event.data.conversation_id === conversationId) {
      addMessageToTranscript(queryClient, event.data.message);
    } else if (event.name === 'history') {
      // One event may hold entries of many conversations (a bulk change).
      const entries = event.data.entries.filter((entry) => entry.conversation_id === conversationId);
      if (entries.length > 0) addHistoryEntries(queryClient, conversationId, entries);
    } else if (event.name === 'resync' || (event.name === 'ready' && event.fresh === true)) {
      // A catch-up: what was missed is not held, or came before the stream opened.
      void queryClient.invalidateQueries({ queryKey: historyQueryOptions(conversationId).queryKey });
      refreshLastPage(queryClient, conversationId).then(
        () => setLiveError(null),
        (error: unknown) => setLiveError(error),
      );
    }
  });

  useEffect(() => {
    if (!isComplete || !polling) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') {
        try {
          await refreshLastPage(queryClient, conversationId, controller.signal);
          setLiveError(null);
        } catch (error) {
          if (controller.signal.aborted) return;
          setLiveError(error);
        }
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void read(), LIVE_POLL_MS);
    };
    timer = setTimeout(() => void read(), LIVE_POLL_MS);
    // Coming back to the tab catches up at once instead of at the next tick.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isComplete, polling, queryClient, conversationId]);

  const messages = useMemo(() => uniqueById(flattenPages(data)), [data]);
  return { query, messages, isComplete, liveError, historyQuery };
}
