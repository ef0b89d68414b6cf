import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { InboxPage } from '@/features/inbox/components/inbox-page';
import type { ConversationTranscriptProps } from '@/features/transcript/components/conversation-transcript';
import { TranscriptSkeleton } from '@/features/transcript/components/transcript-skeleton';
import {
  loadConversationTranscript,
  loadedConversationTranscript,
  preloadConversationTranscript,
} from './conversation-transcript-module';

const LazyTranscript = lazy(() =>
  loadConversationTranscript().then((m) => ({ default: m.ConversationTranscript })),
);

/**
 * The transcript and reply box of the open conversation. Once their chunk is here they render in the
 * same pass as the pane (a key pressed as a conversation opens, such as `r`, finds the reply box);
 * before, a skeleton holds their place.
 */
function OpenConversationTranscript(props: ConversationTranscriptProps) {
  const [Loaded] = useState(() => loadedConversationTranscript()?.ConversationTranscript);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<TranscriptSkeleton label="Loading messages…" />}>
      <LazyTranscript {...props} />
    </Suspense>
  );
}

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
      renderConversation={(props) => <OpenConversationTranscript {...props} />}
    />
  );
}
