import type { Channel } from '../../src/schemas/conversation.ts';
import { refuse } from '../core/errors.ts';
import type { SimContext } from './context.ts';
import type { ConversationRecord, MessageRecord, StoreId } from '../state/types.ts';
import { composeReply, handoffMessageOf } from './assistant.ts';
import { appendMessage } from './transcript.ts';

export interface ShopperMessageInput {
  store?: StoreId;
  conversation_id?: string;
  channel?: Channel;
  display_name?: string | null;
  email?: string | null;
  customer_id?: string | null;
  content: string;
  escalate?: boolean;
}

export interface ShopperMessageResult {
  conversation: ConversationRecord;
  message: MessageRecord;
  /** What the assistant answered, or null when it stayed silent (handoff_state human, AI off). */
  reply: MessageRecord | null;
}

function openConversation(sim: SimContext, storeId: StoreId, input: ShopperMessageInput): ConversationRecord {
  const store = sim.store(storeId);
  if (store === undefined) throw refuse.notFound('store');
  const channel = input.channel ?? 'website';
  const now = sim.clock.stamp();
  const conversation: ConversationRecord = {
    id: sim.state.random.id('conv'),
    assigned_to: null,
    channel,
    created_at: now,
    updated_at: now,
    currency: store.currency,
    customer_id: input.customer_id ?? null,
    display_name: input.display_name ?? null,
    email: input.email ?? null,
    handoff_state: 'bot',
    status: 'active',
    external_id: sim.state.random.id(channel === 'website' ? 'wid' : 'mb'),
  };
  store.conversations.set(conversation.id, conversation);
  store.messages.set(conversation.id, []);
  return conversation;
}

/**
 * A shopper writes (the control plane's POST /__sim/shopper-messages). While the conversation is
 * with the bot the assistant answers; `escalate` makes it hand over instead. With a human it stays
 * silent: a person answers through the API.
 */
export function shopperWrites(sim: SimContext, input: ShopperMessageInput): ShopperMessageResult {
  const storeId = input.store ?? 'store_demo';
  const store = sim.store(storeId);
  if (store === undefined) throw refuse.notFound('store');
  let conversation: ConversationRecord;
  if (input.conversation_id === undefined) {
    conversation = openConversation(sim, storeId, input);
  } else {
    const found = store.conversations.get(input.conversation_id);
    if (found === undefined) throw refuse.notFound('agent_conversation');
    conversation = found;
  }
  const message = appendMessage(sim, store, conversation, {
    role: 'user',
    content: input.content,
    author_user_id: null,
  });
  if (conversation.handoff_state === 'human') return { conversation, message, reply: null };
  const assistantOn = store.aiEnabled && (store.config?.enabled ?? true);
  if (input.escalate === true) {
    const reply = assistantOn
      ? appendMessage(sim, store, conversation, {
          role: 'assistant',
          content: handoffMessageOf(store),
          author_user_id: null,
        })
      : null;
    conversation.handoff_state = 'human';
    return { conversation, message, reply };
  }
  if (!assistantOn) return { conversation, message, reply: null };
  const reply = appendMessage(sim, store, conversation, {
    role: 'assistant',
    content: composeReply(store, conversation, input.content),
    author_user_id: null,
  });
  return { conversation, message, reply };
}
