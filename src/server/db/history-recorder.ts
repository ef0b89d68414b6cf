import type { Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import type { Logger } from '../http/logger.ts';
import type { FeedRecorder } from '../feed/feed-recorder.ts';
import type { ConversationHistory } from './conversation-history.ts';

/**
 * The feed's reports, recorded one after another in the order the feed read them (a conversation's copies
 * must be compared in order), without holding the feed up: the database may still be opening, or slow.
 * A failure (the database unreachable) is logged and the next report is tried anyway.
 */
export function historyRecorder(history: () => Promise<ConversationHistory>, logger: Logger): FeedRecorder {
  let queue: Promise<void> = Promise.resolve();
  let failing = false;
  const enqueue = (work: (history: ConversationHistory) => Promise<void>) => {
    queue = queue
      .then(async () => {
        await work(await history());
        if (failing) logger.info('recording the conversation history works again');
        failing = false;
      })
      .catch((error: unknown) => {
        // Once per outage in the log, not once per report.
        if (!failing)
          logger.warn({ err_message: (error as Error).message }, 'recording the conversation history failed');
        failing = true;
      });
  };
  return {
    observed: (conversation: Conversation, firstSight) =>
      enqueue((h) => h.observed(conversation, firstSight)),
    messagesRead: (messages: Message[]) => enqueue((h) => h.messagesRead(messages)),
  };
}
