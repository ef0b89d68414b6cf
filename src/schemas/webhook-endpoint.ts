import { z } from 'zod/mini';
import { idSchema, timestampSchema } from './common.ts';

export const webhookEndpointSchema = z.looseObject({
  id: idSchema,
  url: z.string(),
  is_active: z.boolean(),
  /** Null when the endpoint has not been auto-disabled. */
  auto_disabled_at: z.nullable(z.string()),
  subscribed_events: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The Events table: each topic and the read scope needed to subscribe to it. */
export const TOPIC_READ_SCOPES = {
  'customers/created': 'read_customers',
  'customers/deleted': 'read_customers',
  'customers/updated': 'read_customers',
  'fulfillments/created': 'read_fulfillment',
  'fulfillments/updated': 'read_fulfillment',
  'gift_cards/adjusted': 'read_gift_cards',
  'gift_cards/disabled': 'read_gift_cards',
  'gift_cards/enabled': 'read_gift_cards',
  'gift_cards/expired': 'read_gift_cards',
  'gift_cards/issued': 'read_gift_cards',
  'gift_cards/redeemed': 'read_gift_cards',
  'inventory/updated': 'read_inventory',
  'orders/cancelled': 'read_orders',
  'orders/fulfilled': 'read_orders',
  'orders/paid': 'read_orders',
  'orders/refunded': 'read_orders',
  'products/created': 'read_products',
  'products/deleted': 'read_products',
  'products/updated': 'read_products',
  'reviews/created': 'read_reviews',
  'reviews/updated': 'read_reviews',
} as const satisfies Record<string, string>;
export type WebhookTopic = keyof typeof TOPIC_READ_SCOPES;
/** `*` subscribes to every topic, including ones added later, and needs every read scope above. */
export const WILDCARD_TOPIC = '*';
export const EVENT_READ_SCOPES = [...new Set(Object.values(TOPIC_READ_SCOPES))];
