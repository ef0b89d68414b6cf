import { AGENT_CONFIG_DEFAULTS, type AgentConfig } from '../../src/schemas/agent-config.ts';
import type { Conversation } from '../../src/schemas/conversation.ts';
import type { KnowledgeSource } from '../../src/schemas/knowledge-source.ts';
import type { Message } from '../../src/schemas/message.ts';
import type { WebhookEndpoint } from '../../src/schemas/webhook-endpoint.ts';
import type {
  ConversationRecord,
  KnowledgeSourceRecord,
  MessageRecord,
  StoreData,
  WebhookEndpointRecord,
} from './types.ts';

/** Records as served: only the spec's fields, so internals (external_id, secrets, tool turns) never leak. */
export function agentConfigWire(store: StoreData): AgentConfig {
  return store.config === null ? { ...AGENT_CONFIG_DEFAULTS } : { ...store.config };
}

export function conversationWire(record: ConversationRecord): Conversation {
  return {
    id: record.id,
    assigned_to: record.assigned_to,
    channel: record.channel,
    created_at: record.created_at,
    updated_at: record.updated_at,
    currency: record.currency,
    customer_id: record.customer_id,
    display_name: record.display_name,
    email: record.email,
    handoff_state: record.handoff_state,
    status: record.status,
  };
}

export function messageWire(record: MessageRecord): Message {
  if (record.role === 'tool') throw new Error('tool turns are never served');
  return {
    id: record.id,
    conversation_id: record.conversation_id,
    content: record.content,
    created_at: record.created_at,
    role: record.role,
    author_user_id: record.author_user_id,
    rating: record.rating,
  };
}

export function knowledgeSourceWire(record: KnowledgeSourceRecord): KnowledgeSource {
  return {
    id: record.id,
    kind: record.kind,
    title: record.title,
    chunk_count: record.chunk_count,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function webhookEndpointWire(record: WebhookEndpointRecord): WebhookEndpoint {
  return {
    id: record.id,
    url: record.url,
    is_active: record.is_active,
    auto_disabled_at: record.auto_disabled_at,
    subscribed_events: [...record.subscribed_events],
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
