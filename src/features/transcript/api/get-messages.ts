import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cursorPagination, withCursor } from '@/lib/pagination';
import { messageSchema } from '@/schemas/message';
import { listSchema } from '@/schemas/page';

export const messagesPath = (conversationId: string) =>
  `/api/v1/agent-conversations/${encodeURIComponent(conversationId)}/messages`;

/** One page of a conversation's transcript, oldest first. */
export const getMessages = ({
  conversationId,
  after,
  signal,
}: {
  conversationId: string;
  after?: string;
  signal?: AbortSignal;
}) =>
  apiRequest(messagesPath(conversationId), {
    query: withCursor({ limit: 100 }, after),
    schema: listSchema(messageSchema),
    signal,
  });

export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    ...cursorPagination,
    queryKey: ['agent-conversations', conversationId, 'messages'],
    queryFn: ({ pageParam, signal }) => getMessages({ conversationId, after: pageParam, signal }),
  });
