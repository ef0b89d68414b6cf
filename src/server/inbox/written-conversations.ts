import type { Conversation } from '../../schemas/conversation.ts';
import type { Logger } from '../log/logger.ts';
import type { EventLog } from '../live/event-log.ts';
import { conversationEventOf, handedOverAt, sameConversation } from './read-model.ts';
import type { ReadModelStore } from './read-model-store.ts';

/** Told of the conversation the store answered a successful write with; never fails. */
export type ConversationWritten = (conversation: Conversation) => Promise<void>;

const ms = (timestamp: string) => Date.parse(timestamp);

/**
 * Applies to the inbox's model the conversation the store answered a write with (a person's update relayed
 * by the proxy, the automatic assignment's), and publishes its `conversation` event as the feed would,
 * before the answer goes back. The browser reads its inbox again as soon as its action settles: without
 * this the model would hold the copy before the write until the feed's next step, and the row would flip
 * back for that long. Through the model's store, so that with Redis every replica serves it.
 *
 * The store's answer is the only truth used, and only forward: a conversation the model does not know is
 * left to the feed (nothing is invented here), and an answer no newer than the model's copy changes
 * nothing. The feed, seeing the same version later, finds it known and publishes nothing again
 * (ReadModelUpdater.noteChanged).
 */
export function applyWrittenConversation(
  model: ReadModelStore,
  log: EventLog,
  logger: Logger,
): ConversationWritten {
  const apply = async (conversation: Conversation) => {
    const record = await model.get(conversation.id);
    if (!record || !sameConversation(record, conversation)) return;
    if (ms(conversation.updated_at) <= ms(record.conversation.updated_at)) return;
    const written = {
      ...record,
      conversation,
      handedOverAt: handedOverAt(record, conversation, true),
    };
    await model.put(written);
    await log.append('conversation', conversationEventOf(written));
  };
  // The store has taken the write: a model it cannot reach (Redis down) gets it from the feed's next step.
  return (conversation) =>
    apply(conversation).catch((error: unknown) =>
      logger.warn(
        { err_message: (error as Error).message, conversation_id: conversation.id },
        'applying a written conversation to the inbox failed',
      ),
    );
}
