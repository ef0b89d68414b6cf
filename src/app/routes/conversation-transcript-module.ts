/**
 * The open conversation's transcript and reply box, a chunk of its own: the inbox's list paints without
 * it. An address with a conversation starts it beside the inbox's code (the route's loader), and the
 * inbox starts it once the list is shown, so the first conversation opened does not wait for it.
 */
export const loadConversationTranscript = () =>
  import('@/features/transcript/components/conversation-transcript');

/** Starts loading it; a failure shows where it renders (the inbox's error boundary). */
export function preloadConversationTranscript(): void {
  loadConversationTranscript().catch(() => undefined);
}
