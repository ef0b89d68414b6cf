import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { cursorPagination, withCursor } from '@/lib/pagination';
import { PAGE_SIZE_MAX } from '@/schemas/limits';
import { messageSchema, type Message } from '@/schemas/message';
import { listSchema } from '@/schemas/page';

export const messagesPath = (conversationId: string) =>
  `/api/v1/agent-conversations/${encodeURIComponent(conversationId)}/messages`;

/** One page of a conversation's transcript, oldest first. Full pages: a long transcript is walked whole. */
export const getMessages = ({
  conversationId,
  after,
  signal,
}: {
  conversationId: string;
  after?: string | undefined;
  signal?: AbortSignal;
}) =>
  apiRequest(messagesPath(conversationId), {
    query: withCursor({ limit: PAGE_SIZE_MAX }, after),
    schema: listSchema(messageSchema),
    signal,
  });

export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    ...cursorPagination,
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages({ conversationId, after: pageParam, signal }),
    // A refetch re-reads every page; new messages arrive through the live tail instead (refreshLastPage
    // below, run by use-transcript.ts).
    refetchOnWindowFocus: false,
  });

/**
 * Re-reads the last page from the cursor that led to it (the last page has no cursor of its own) and
 * puts it in place of the cached one, so messages added since, and ratings on them, appear. When that
 * page has filled up, `has_more` turns true and the walk goes on from its new cursor. Skipped while
 * another read of the transcript is running; the cache is left alone if it changed meanwhile.
 */
export async function refreshLastPage(
  queryClient: QueryClient,
  conversationId: string,
  signal?: AbortSignal,
) {
  const { queryKey } = messagesQueryOptions(conversationId);
  if (queryClient.isFetching({ queryKey }) > 0) return;
  const before = queryClient.getQueryData(queryKey);
  if (!before || before.pages.length === 0) return;
  const last = before.pages.length - 1;
  const cursor = before.pageParams[last];
  const page = await getMessages({
    conversationId,
    after: typeof cursor === 'string' ? cursor : undefined,
    signal,
  });
  queryClient.setQueryData(queryKey, (current) =>
    current &&
    current.pages.length === before.pages.length &&
    current.pageParams[last] === cursor &&
    queryClient.isFetching({ queryKey }) === 0
      ? { ...current, pages: current.pages.with(last, page) }
      : current,
  );
}

/**
 * Puts a message the server just stored at the end of the cached transcript (once), or, when the cache
 * holds it already, replaces it (a live `message` event for a rating given since).
 */
export function addMessageToTranscript(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData(messagesQueryOptions(message.conversation_id).queryKey, (current) => {
    if (!current || current.pages.length === 0) return current;
    const pageIndex = current.pages.findIndex((page) => page.data.some((item) => item.id === message.id));
    if (pageIndex !== -1) {
      const page = current.pages[pageIndex]!;
      const data = page.data.map((item) => (item.id === message.id ? message : item));
      const unchanged = page.data.every(
        (item, index) => item === data[index] || sameMessage(item, data[index]!),
      );
      return unchanged ? current : { ...current, pages: current.pages.with(pageIndex, { ...page, data }) };
    }
    const last = current.pages.length - 1;
    const lastPage = current.pages[last]!;
    return {
      ...current,
      pages: current.pages.with(last, { ...lastPage, data: [...lastPage.data, message] }),
    };
  });
}

function sameMessage(a: Message, b: Message): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
