import type { AgentConfig } from '../../src/schemas/agent-config.ts';
import type { Channel, ConversationStatus, HandoffState } from '../../src/schemas/conversation.ts';
import type { KnowledgeKind } from '../../src/schemas/knowledge-source.ts';

export type StoreId = string;

export interface RosterMember {
  id: string;
  name: string;
  role: 'owner' | 'staff';
}

export interface Product {
  name: string;
  /** Lower-case words a shopper might use for it. */
  keywords: readonly string[];
  /** Price in the currency's minor unit, per currency code. */
  prices: Readonly<Record<string, number>>;
  blurb: string;
}

export interface ConversationRecord {
  id: string;
  assigned_to: string | null;
  channel: Channel;
  created_at: string;
  updated_at: string;
  currency: string;
  customer_id: string | null;
  display_name: string | null;
  email: string | null;
  handoff_state: HandoffState;
  status: ConversationStatus;
  /** The shopper's handle on the channel. Kept, never served (the spec omits it). */
  external_id: string;
}

export interface MessageRecord {
  id: string;
  conversation_id: string;
  content: string;
  created_at: string;
  /** `tool` turns are the assistant's internals: stored, never served. */
  role: 'user' | 'assistant' | 'tool';
  author_user_id: string | null;
  rating: number | null;
}

export interface KnowledgeSourceRecord {
  id: string;
  kind: KnowledgeKind;
  title: string;
  chunk_count: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  is_active: boolean;
  auto_disabled_at: string | null;
  subscribed_events: string[];
  created_at: string;
  updated_at: string;
  /** Kept to be realistic about what is withheld: never on the wire. */
  signing_secret: string;
}

export interface NotificationTemplateRecord {
  id: string;
  name: string;
  subject: string;
  created_at: string;
}

export interface StoreData {
  id: StoreId;
  name: string;
  /** Currency of conversations the control plane opens without one. */
  currency: string;
  roster: RosterMember[];
  /** Null until the store saves a config (GET then serves the defaults). */
  config: AgentConfig | null;
  /** The store's AI stack; off makes the knowledge-source POST a 503 agent_disabled. */
  aiEnabled: boolean;
  products: Product[];
  conversations: Map<string, ConversationRecord>;
  /** Transcript per conversation id, oldest first. */
  messages: Map<string, MessageRecord[]>;
  knowledgeSources: Map<string, KnowledgeSourceRecord>;
  webhookEndpoints: Map<string, WebhookEndpointRecord>;
  notificationTemplates: Map<string, NotificationTemplateRecord>;
}

export interface Delivery {
  id: string;
  store: StoreId;
  conversation_id: string;
  message_id: string;
  channel: Channel;
  /** The widget polls website replies; messaging platforms get a push. */
  via: 'widget_poll' | 'platform_push';
  content: string;
  author_user_id: string | null;
  delivered_at: string;
}

export interface ApiKeyRecord {
  /** The seeded secret doubles as the key's id; it stays the id after a roll. */
  id: string;
  store: StoreId;
  kind: 'secret' | 'publishable';
  scopes: ReadonlySet<string>;
  expiresAt: number | null;
  revoked: boolean;
  /** Current secret first; a rolled-away secret keeps working until its `validUntil`. */
  secrets: { value: string; validUntil: number | null }[];
}
