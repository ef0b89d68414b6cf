import { AGENT_CONFIG_DEFAULTS } from '../../src/schemas/agent-config.ts';
import type { Random } from '../state/random.ts';
import type {
  KnowledgeSourceRecord,
  NotificationTemplateRecord,
  StoreData,
  StoreId,
  WebhookEndpointRecord,
} from '../state/types.ts';
import { DEMO_PRODUCTS, OTHER_PRODUCTS } from './catalog.ts';
import { seedConversations } from './conversations.ts';
import { DEMO_ROSTER, OTHER_ROSTER, OTHER_SHOPPERS, SHOPPERS } from './people.ts';
import { BUILT_IN_HANDOFF_MESSAGE } from './transcripts.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Seeded ids that tests, e2e specs and the README refer to (there is no list route for these). */
export const SEED_IDS = {
  webhookEndpoints: {
    active: 'we_demo_orders',
    autoDisabled: 'we_demo_erp',
    wildcard: 'we_demo_analytics',
    otherStore: 'we_other_orders',
  },
  notificationTemplates: {
    orderConfirmation: 'ntpl_demo_order_confirmation',
    shippingUpdate: 'ntpl_demo_shipping_update',
    abandonedCart: 'ntpl_demo_abandoned_cart',
    backInStock: 'ntpl_demo_back_in_stock',
    otherStore: 'ntpl_other_order_confirmation',
  },
} as const;

export const OTHER_STORE_HANDOFF_MESSAGE =
  'Let me bring in one of our gear specialists — they will reply here shortly.';

function emptyStore(id: StoreId, name: string, currency: string): StoreData {
  return {
    id,
    name,
    currency,
    roster: [],
    config: null,
    aiEnabled: true,
    products: [],
    conversations: new Map(),
    messages: new Map(),
    knowledgeSources: new Map(),
    webhookEndpoints: new Map(),
    notificationTemplates: new Map(),
  };
}

function knowledge(
  store: StoreData,
  rng: Random,
  anchor: number,
  rows: readonly [
    kind: 'faq' | 'doc',
    title: string,
    chunks: number,
    createdDaysAgo: number,
    updatedDaysAgo: number,
  ][],
) {
  for (const [kind, title, chunkCount, created, updated] of rows) {
    const record: KnowledgeSourceRecord = {
      id: rng.id('ks'),
      kind,
      title,
      chunk_count: chunkCount,
      created_at: new Date(anchor - created * DAY).toISOString(),
      updated_at: new Date(anchor - updated * DAY).toISOString(),
    };
    store.knowledgeSources.set(record.id, record);
  }
}

function webhook(store: StoreData, rng: Random, record: Omit<WebhookEndpointRecord, 'signing_secret'>) {
  store.webhookEndpoints.set(record.id, { ...record, signing_secret: rng.id('whsec') });
}

function template(store: StoreData, record: NotificationTemplateRecord) {
  store.notificationTemplates.set(record.id, record);
}

function seedDemo(rng: Random, anchor: number): StoreData {
  const store = emptyStore('store_demo', 'Fjell & Fern', 'EUR');
  store.roster = [...DEMO_ROSTER];
  store.products = [...DEMO_PRODUCTS];
  seedConversations(store, rng, anchor, {
    count: 64,
    shoppers: SHOPPERS,
    longAt: new Set([2, 9, 17, 30, 46]),
    // store_demo never saved a config, so its assistant used the built-in text.
    handoffMessage: BUILT_IN_HANDOFF_MESSAGE,
    spacingMinutes: 150,
  });
  knowledge(store, rng, anchor, [
    ['faq', 'Shipping & delivery', 8, 62, 3],
    ['faq', 'Returns & exchanges', 6, 60, 21],
    ['doc', 'Size guide: tops and knitwear', 5, 45, 45],
    ['doc', 'Size guide: boots and sneakers', 3, 44, 12],
    ['doc', 'Caring for merino and cashmere', 4, 30, 30],
    ['doc', 'Our story and sourcing', 2, 28, 9],
    ['faq', 'Gift cards', 0, 14, 14],
    ['faq', 'Payment methods', 5, 10, 2],
    ['doc', 'Holiday opening hours', 1, 4, 1],
  ]);
  const iso = (daysAgo: number) => new Date(anchor - daysAgo * DAY).toISOString();
  webhook(store, rng, {
    id: 'we_demo_orders',
    url: 'https://hooks.example.com/fjell-fern/orders',
    is_active: true,
    auto_disabled_at: null,
    subscribed_events: ['orders/paid', 'orders/fulfilled', 'orders/refunded'],
    created_at: iso(90),
    updated_at: iso(12),
  });
  webhook(store, rng, {
    id: 'we_demo_erp',
    url: 'https://erp.example.net/webhooks/inventory',
    is_active: false,
    auto_disabled_at: iso(2),
    subscribed_events: ['inventory/updated', 'products/updated'],
    created_at: iso(75),
    updated_at: iso(2),
  });
  webhook(store, rng, {
    id: 'we_demo_analytics',
    url: 'https://analytics.example.org/ingest/commerce',
    is_active: true,
    auto_disabled_at: null,
    subscribed_events: ['*'],
    created_at: iso(40),
    updated_at: iso(40),
  });
  template(store, {
    id: 'ntpl_demo_order_confirmation',
    name: 'Order confirmation',
    subject: 'Thanks for your order, {{first_name}}!',
    created_at: iso(120),
  });
  template(store, {
    id: 'ntpl_demo_shipping_update',
    name: 'Shipping update',
    subject: 'Your order is on its way',
    created_at: iso(120),
  });
  template(store, {
    id: 'ntpl_demo_abandoned_cart',
    name: 'Abandoned cart',
    subject: 'You left something behind',
    created_at: iso(33),
  });
  template(store, {
    id: 'ntpl_demo_back_in_stock',
    name: 'Back in stock',
    subject: '{{product_name}} is back',
    created_at: iso(8),
  });
  return store;
}

function seedOther(rng: Random, anchor: number): StoreData {
  const store = emptyStore('store_other', 'Northwind Outdoor', 'USD');
  store.roster = [...OTHER_ROSTER];
  store.products = [...OTHER_PRODUCTS];
  store.config = {
    ...AGENT_CONFIG_DEFAULTS,
    agent_name: 'Trail Guide',
    greeting: 'Hey there! Planning a trip? I can help you pick the right gear.',
    persona_instructions:
      'Friendly, outdoorsy and concise. Mention the weight of anything meant for backpacking.',
    objection_handling: false,
    handoff_message: OTHER_STORE_HANDOFF_MESSAGE,
    skill_add_to_cart: false,
    suggested_prompts: ['Which tent for two people?', 'Where is my order?', 'What is your return policy?'],
    updated_at: new Date(anchor - 3 * DAY).toISOString(),
  };
  seedConversations(store, rng, anchor, {
    count: 8,
    shoppers: OTHER_SHOPPERS,
    longAt: new Set([1]),
    handoffMessage: OTHER_STORE_HANDOFF_MESSAGE,
    spacingMinutes: 400,
  });
  knowledge(store, rng, anchor, [
    ['doc', 'Tent care and repair', 6, 20, 20],
    ['faq', 'Warranty', 4, 18, 5],
  ]);
  const iso = (daysAgo: number) => new Date(anchor - daysAgo * DAY).toISOString();
  webhook(store, rng, {
    id: 'we_other_orders',
    url: 'https://hooks.example.com/northwind/orders',
    is_active: true,
    auto_disabled_at: null,
    subscribed_events: ['orders/paid'],
    created_at: iso(50),
    updated_at: iso(50),
  });
  template(store, {
    id: 'ntpl_other_order_confirmation',
    name: 'Order confirmation',
    subject: 'Your Northwind order',
    created_at: iso(60),
  });
  return store;
}

/** Both stores, deterministic for a given anchor: same ids, texts and relative times on every reset. */
export function seedStores(rng: Random, anchor: number): Map<StoreId, StoreData> {
  return new Map([
    ['store_demo', seedDemo(rng, anchor)],
    ['store_other', seedOther(rng, anchor)],
  ]);
}
