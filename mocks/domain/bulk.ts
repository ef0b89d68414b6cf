import { refuse } from '../core/errors.ts';
import { seedConversations } from '../seed/conversations.ts';
import { SHOPPERS, type Shopper } from '../seed/people.ts';
import type { Random } from '../state/random.ts';
import type { StoreId } from '../state/types.ts';
import { handoffMessageOf } from './assistant.ts';
import type { SimContext } from './context.ts';

export interface BulkConversationsInput {
  store?: StoreId;
  count: number;
  /** The share of active conversations (the rest are closed). */
  active_share?: number;
}

export interface BulkConversationsResult {
  store: StoreId;
  created: number;
  active: number;
  /** Active and with a person (handoff_state human): what the team's inbox must answer. */
  needs_person: number;
}

/** The default mix of a bulk store: a third active, as a busy store's inbox looks. */
export const BULK_ACTIVE_SHARE = 1 / 3;
const MINUTE = 60_000;
/** Bulk conversations start this far apart, so a 30 000-conversation store spans about three weeks. */
const BULK_SPACING_MINUTES = 1;

const asciiOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Shoppers for a bulk store: the seed's first and last names recombined, each with an email of its own
 * (a number keeps them apart), and one in six anonymous as on the website widget. A search by name or
 * email then matches a few conversations of many, as in a real store.
 */
function bulkShoppers(rng: Random, count: number): Shopper[] {
  const named = SHOPPERS.filter((shopper) => shopper.display_name !== null);
  const shoppers: Shopper[] = [];
  for (let index = 0; index < count; index += 1) {
    const first = rng.pick(named);
    const last = rng.pick(named);
    if (rng.chance(1 / 6)) {
      shoppers.push({ display_name: null, email: null, currency: first.currency, country: first.country });
      continue;
    }
    const firstName = (first.display_name ?? '').split(' ')[0] ?? '';
    const lastName = (last.display_name ?? '').split(' ').slice(1).join(' ');
    const local = asciiOf(`${firstName}.${lastName}`).replace(/[^a-z.]/g, '');
    shoppers.push({
      display_name: `${firstName} ${lastName}`,
      email: rng.chance(0.8) ? `${local}${index}@example.com` : null,
      currency: first.currency,
      country: first.country,
    });
  }
  return shoppers;
}

/**
 * Many conversations with their transcripts in one call (POST /__sim/conversations/bulk), for tests and
 * benchmarks of large stores: the seed's own generator (statuses, handoffs, assignees from the roster,
 * staff replies, ratings), every conversation in the past, one a minute back from now. The store's feed
 * readers see them in a listing, not as changes: seed a store before the BFF starts reading it.
 */
export function seedBulkConversations(
  sim: SimContext,
  input: BulkConversationsInput,
): BulkConversationsResult {
  const storeId = input.store ?? 'store_demo';
  const store = sim.store(storeId);
  if (store === undefined) throw refuse.notFound('store');
  const rng = sim.state.random;
  const before = new Set(store.conversations.keys());
  const anchor = Math.floor(sim.clock.nowMs() / MINUTE) * MINUTE;
  seedConversations(store, rng, anchor, {
    count: input.count,
    shoppers: bulkShoppers(rng, Math.max(1, Math.ceil(input.count / 2))),
    longAt: new Set(),
    handoffMessage: handoffMessageOf(store),
    spacingMinutes: BULK_SPACING_MINUTES,
    closedShare: 1 - (input.active_share ?? BULK_ACTIVE_SHARE),
  });
  const result: BulkConversationsResult = { store: storeId, created: 0, active: 0, needs_person: 0 };
  for (const conversation of store.conversations.values()) {
    if (before.has(conversation.id)) continue;
    result.created += 1;
    if (conversation.status !== 'active') continue;
    result.active += 1;
    if (conversation.handoff_state === 'human') result.needs_person += 1;
  }
  return result;
}
