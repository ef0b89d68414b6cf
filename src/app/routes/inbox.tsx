import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { InboxPage } from '@/features/inbox/components/inbox-page';
import { TranscriptSkeleton } from '@/features/transcript/components/transcript-skeleton';
import { loadConversationTranscript, preloadConversationTranscript } from './conversation-transcript-module';

const ConversationTranscript = lazy(() =>
  loadConversationTranscript().then((m) => ({ default: m.ConversationTranscript })),
);

/**
 * The inbox: the live list on the left and, when one is open (`/inbox/:conversationId`), the conversation
 * on the right (full screen at phone width): the inbox's header with the shopper, state and actions, above
 * the transcript and composer. The inbox sets the tab title itself (it carries the waiting count).
 */
export function InboxRoute() {
  const { conversationId } = useParams();
  useEffect(preloadConversationTranscript, []);
  return (
    <InboxPage
      openConversationId={conversationId ?? null}
      renderConversation={({ conversation, onTakeOver, onReopen, replyHandle }) => (
        <Suspense fallback={<TranscriptSkeleton label="Loading messages…" />}>
          <ConversationTranscript
            conversation={conversation}
            onTakeOver={onTakeOver}
            onReopen={onReopen}
            replyHandle={replyHandle}
          />
        </Suspense>
      )}
    />
  );
}
