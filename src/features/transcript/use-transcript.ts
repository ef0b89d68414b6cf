import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { flattenPages } from '@/lib/pagination';
import type { Message } from '@/schemas/message';
import { messagesQueryOptions, refreshLastPage } from './api/get-messages';

/** How often an open, visible transcript looks for new messages. */
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
 * on the last one), then the last page is re-read while the page is visible so new messages and fresh
 * ratings arrive live. `liveError` is the last failed live read, cleared by the next success.
 */
export function useTranscript(conversationId: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(messagesQueryOptions(conversationId));
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

  useEffect(() => {
    if (!isComplete) return;
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
  }, [isComplete, queryClient, conversationId]);

  const messages = useMemo(() => uniqueById(flattenPages(data)), [data]);
  return { query, messages, isComplete, liveError };
}
