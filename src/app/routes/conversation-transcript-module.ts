import type * as ConversationTranscriptModule from '@/features/transcript/components/conversation-transcript';

type TranscriptModule = typeof ConversationTranscriptModule;

let loaded: TranscriptModule | undefined;

/**
 * The open conversation's transcript and reply box, a chunk of its own: the inbox's list paints without
 * it. An address with a conversation starts it beside the inbox's code (the route's loader), and the
 * inbox starts it once the list is shown, so the first conversation opened does not wait for it.
 */
export const loadConversationTranscript = (): Promise<TranscriptModule> =>
  import('@/features/transcript/components/conversation-transcript').then((module) => (loaded = module));

/** The module once it has arrived: rendered at once, without a first render that waits for it. */
export const loadedConversationTranscript = (): TranscriptModule | undefined => loaded;

/** Starts loading it; a failure shows where it renders (the inbox's error boundary). */
export function preloadConversationTranscript(): void {
  loadConversationTranscript().catch(() => undefined);
}
