import { useParams } from 'react-router';
import { InboxPage } from '@/features/inbox/components/inbox-page';
import { ConversationTranscript } from '@/features/transcript/components/conversation-transcript';

/**
 * The inbox: the live list on the left and, when one is open (`/inbox/:conversationId`), the conversation
 * on the right (full screen at phone width): the inbox's header with the shopper, state and actions, above
 * the transcript and composer. The inbox sets the tab title itself (it carries the waiting count).
 */
export function InboxRoute() {
  const { conversationId } = useParams();
  return (
    <InboxPage
      openConversationId={conversationId ?? null}
      renderConversation={({ conversation, onTakeOver, onReopen, replyHandle }) => (
        <ConversationTranscript
          conversation={conversation}
          onTakeOver={onTakeOver}
          onReopen={onReopen}
          replyHandle={replyHandle}
        />
      )}
    />
  );
}
