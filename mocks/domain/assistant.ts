import { priceOf } from '../seed/catalog.ts';
import { BUILT_IN_HANDOFF_MESSAGE } from '../seed/transcripts.ts';
import type { ConversationRecord, Product, StoreData } from '../state/types.ts';

/** What the assistant tells a shopper when it hands over: the store's text or the built-in one. */
export function handoffMessageOf(store: StoreData): string {
  const configured = store.config?.handoff_message ?? '';
  return configured.trim() === '' ? BUILT_IN_HANDOFF_MESSAGE : configured;
}

function mentioned(store: StoreData, content: string): Product[] {
  const words = new Set(content.toLowerCase().match(/\p{L}+/gu) ?? []);
  return store.products.filter((product) => product.keywords.some((keyword) => words.has(keyword)));
}

/** A plausible assistant answer to a shopper, mentioning real products of the store with prices. */
export function composeReply(store: StoreData, conversation: ConversationRecord, content: string): string {
  const text = content.toLowerCase();
  const price = (product: Product) => priceOf(product, conversation.currency);
  const [product] = mentioned(store, content);
  if (product !== undefined) {
    return `The ${product.name} is ${price(product)}. ${product.blurb} Would you like me to check your size or add it to your cart?`;
  }
  if (/\b(ship|shipping|deliver|delivery)\b/.test(text)) {
    return 'Standard delivery takes 2–4 business days and express arrives the next business day. You will get a tracking link by email as soon as your order ships.';
  }
  if (/\b(return|refund|exchange)\b/.test(text)) {
    return 'You can return unworn items within 30 days for a full refund, and exchanges for another size are free.';
  }
  if (/\border\b/.test(text)) {
    return 'Happy to check on your order — could you share the order number from your confirmation email?';
  }
  const [first, second] = store.products;
  if (first === undefined || second === undefined) return 'Happy to help! What are you looking for today?';
  return `Happy to help! Popular right now: the ${first.name} — ${price(first)}, and the ${second.name} — ${price(second)}. Are you shopping for yourself or for a gift?`;
}
