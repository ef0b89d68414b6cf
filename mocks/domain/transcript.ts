import type { SimContext } from './context.ts';
import type { ConversationRecord, Delivery, MessageRecord, StoreData } from '../state/types.ts';

export interface MessageDraft {
  role: 'user' | 'assistant';
  content: string;
  author_user_id: string | null;
}

/**
 * Appends a message to a conversation's transcript and touches the conversation. A store message
 * (role assistant: the bot or staff) is delivered on the conversation's channel.
 */
export function appendMessage(
  sim: SimContext,
  store: StoreData,
  conversation: ConversationRecord,
  draft: MessageDraft,
): MessageRecord {
  const message: MessageRecord = {
    id: sim.state.random.id('msg'),
    conversation_id: conversation.id,
    content: draft.content,
    created_at: sim.clock.stamp(),
    role: draft.role,
    author_user_id: draft.author_user_id,
    rating: null,
  };
  const transcript = store.messages.get(conversation.id) ?? [];
  transcript.push(message);
  store.messages.set(conversation.id, transcript);
  conversation.updated_at = message.created_at;
  if (draft.role === 'assistant') {
    sim.state.deliveries.push({
      id: sim.state.random.id('dlv'),
      store: store.id,
      conversation_id: conversation.id,
      message_id: message.id,
      channel: conversation.channel,
      via: conversation.channel === 'website' ? 'widget_poll' : 'platform_push',
      content: message.content,
      author_user_id: message.author_user_id,
      delivered_at: message.created_at,
    });
  }
  return message;
}

/** The served transcript: tool turns are internal and never leave the simulator. */
export function servedMessages(store: StoreData, conversationId: string): MessageRecord[] {
  return (store.messages.get(conversationId) ?? []).filter((message) => message.role !== 'tool');
}

export function findMessage(sim: SimContext, messageId: string): MessageRecord | undefined {
  for (const store of sim.state.stores.values()) {
    for (const transcript of store.messages.values()) {
      const message = transcript.find((candidate) => candidate.id === messageId);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

/** What reached shoppers, oldest first: every delivery, or one conversation's. */
export function deliveriesOf(sim: SimContext, conversationId?: string): Delivery[] {
  return sim.state.deliveries.filter(
    (delivery) => conversationId === undefined || delivery.conversation_id === conversationId,
  );
}
