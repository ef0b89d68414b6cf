import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { flattenPages } from '@/lib/pagination';
import type { Conversation } from '@/schemas/conversation';
import { messagesQueryOptions } from '../api/get-messages';

export type ConversationTranscriptProps = {
  /** The freshest state the inbox knows of the open conversation. */
  conversation: Conversation;
  /** The inbox's takeover action (a PUT built from the freshest state); resolves when stored. */
  onTakeOver: () => Promise<unknown>;
  /** The inbox's reopen action. */
  onReopen: () => Promise<unknown>;
};

/** The open conversation's transcript and composer, below the inbox's conversation header. */
export function ConversationTranscript({ conversation }: ConversationTranscriptProps) {
  const query = useInfiniteQuery(messagesQueryOptions(conversation.id));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const messages = flattenPages(query.data);
  return (
    <ol aria-label="Transcript">
      {messages.map((message) => (
        <li key={message.id}>
          {message.role === 'user' ? 'Shopper' : 'Store'}: {message.content}
        </li>
      ))}
    </ol>
  );
}
