import type { ConversationSummary, InboxSort } from '../../schemas/inbox.ts';
import {
  inboxOrder,
  needsPerson,
  orderKeysOf,
  searchedTextOf,
  shopperOf,
  type OrderKeys,
  type Shopper,
} from '../../schemas/inbox-rules.ts';
import { summaryOf, type ReadModelRecord } from './read-model.ts';

/** How many of the latest handoffs each answer carries (more in one polling interval are rare). */
export const HANDOFFS_LISTED = 20;

/**
 * A conversation as the inbox serves it, computed once per record object: a change of the conversation
 * puts a new record, so an unchanged one costs a request nothing.
 */
export interface IndexEntry {
  summary: ConversationSummary;
  keys: OrderKeys;
  /** What a search looks in. */
  searched: readonly string[];
  /** Who the shopper is, for a customer context. */
  shopper: Shopper;
}

/** The read model at one moment, as every request that sees the same records shares it. */
export interface IndexSnapshot {
  /** Every conversation, in the store's order. */
  readonly entries: readonly IndexEntry[];
  /** Every conversation in this order: sorted when first asked for, then edited per change of the model. */
  ordered(sort: InboxSort): readonly IndexEntry[];
  /** The latest handoffs the BFF saw that still wait for a person, newest first (at most HANDOFFS_LISTED). */
  latestHandoffs(): readonly IndexEntry[];
  /** How far the first pass got: active conversations whose transcript is read, of all active ones. */
  previews(): { read: number; of: number };
}

type Order = readonly IndexEntry[];

class Snapshot implements IndexSnapshot {
  private handoffs: Order | undefined;
  private previewCount: { read: number; of: number } | undefined;

  constructor(
    readonly records: readonly ReadModelRecord[],
    readonly entries: Order,
    /** The orders asked for so far, by sort. */
    readonly orders: Map<InboxSort, Order>,
  ) {}

  ordered(sort: InboxSort): Order {
    let order = this.orders.get(sort);
    if (!order) {
      order = sortedBy(sort, this.entries);
      this.orders.set(sort, order);
    }
    return order;
  }

  latestHandoffs(): Order {
    if (!this.handoffs) {
      const waiting: { entry: IndexEntry; ms: number }[] = [];
      for (const entry of this.entries) {
        const at = entry.summary.handed_over_at;
        if (at && needsPerson(entry.summary.conversation)) waiting.push({ entry, ms: Date.parse(at) });
      }
      waiting.sort((a, b) => b.ms - a.ms);
      this.handoffs = waiting.slice(0, HANDOFFS_LISTED).map(({ entry }) => entry);
    }
    return this.handoffs;
  }

  previews(): { read: number; of: number } {
    if (!this.previewCount) {
      this.previewCount = { read: 0, of: 0 };
      for (const record of this.records) {
        if (record.conversation.status !== 'active') continue;
        this.previewCount.of += 1;
        if (record.read) this.previewCount.read += 1;
      }
    }
    return this.previewCount;
  }
}

function sortedBy(sort: InboxSort, entries: Order): IndexEntry[] {
  const compare = inboxOrder(sort);
  return [...entries].sort((a, b) => compare(a.keys, b.keys));
}

/** Beyond this many changed conversations at once, an order is sorted again rather than edited. */
const EDITS_MAX = 200;

/** Where an entry goes in an order: the first place whose entry comes after it. */
function placeOf(order: Order, keys: OrderKeys, compare: (a: OrderKeys, b: OrderKeys) => number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle]!.keys, keys) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * An order after a change: the previous one without the entries that went and with the new ones at
 * their places (the order is total, ties by id, so this is the order a full sort gives); sorted again
 * when much changed at once.
 */
function reordered(sort: InboxSort, previous: Order, gone: ReadonlySet<IndexEntry>, added: Order): Order {
  if (gone.size + added.length > EDITS_MAX)
    return sortedBy(sort, [...added, ...previous.filter((entry) => !gone.has(entry))]);
  const compare = inboxOrder(sort);
  const order = [...previous];
  for (const entry of gone) {
    const place = placeOf(order, entry.keys, compare);
    order.splice(order[place] === entry ? place : order.indexOf(entry), 1);
  }
  for (const entry of added) order.splice(placeOf(order, entry.keys, compare), 0, entry);
  return order;
}

/** The same record objects in the same order: nothing changed since the snapshot was taken. */
function sameRecords(a: readonly ReadModelRecord[], b: readonly ReadModelRecord[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The read model as the inbox serves it from memory: each record's summary and order keys computed once
 * per record object, and each list order kept up to date per change of the model (the changed
 * conversations merged in) however many dashboards read it. Records are never changed in place (a store
 * puts a new object), which is what makes keeping them by identity safe.
 */
export class InboxIndex {
  private readonly byRecord = new WeakMap<ReadModelRecord, IndexEntry>();
  /** The entry of each conversation in the latest snapshot. */
  private readonly byId = new Map<string, IndexEntry>();
  private latest: Snapshot | undefined;

  /** The snapshot of these records: the last one again while the store holds the same records. */
  of(records: readonly ReadModelRecord[]): IndexSnapshot {
    const previous = this.latest;
    if (previous && sameRecords(previous.records, records)) return previous;
    const gone = new Set<IndexEntry>();
    const added: IndexEntry[] = [];
    const entries = records.map((record, index) => {
      // Most records are where they were, unchanged: a store keeps its order.
      if (previous?.records[index] === record) return previous.entries[index]!;
      const entry = this.entryOf(record);
      const before = this.byId.get(record.conversation.id);
      if (before !== entry) {
        if (before) gone.add(before);
        added.push(entry);
        this.byId.set(record.conversation.id, entry);
      }
      return entry;
    });
    // Conversations the store no longer has (a restored store): rare, so found the long way.
    if (this.byId.size !== records.length) {
      const ids = new Set(records.map((record) => record.conversation.id));
      for (const [id, entry] of this.byId)
        if (!ids.has(id)) {
          gone.add(entry);
          this.byId.delete(id);
        }
    }
    const orders = new Map<InboxSort, Order>();
    for (const [sort, order] of previous?.orders ?? []) orders.set(sort, reordered(sort, order, gone, added));
    this.latest = new Snapshot(records, entries, orders);
    return this.latest;
  }

  private entryOf(record: ReadModelRecord): IndexEntry {
    let entry = this.byRecord.get(record);
    if (!entry) {
      const summary = summaryOf(record);
      entry = {
        summary,
        keys: orderKeysOf(summary),
        searched: searchedTextOf(record.conversation),
        shopper: shopperOf(record.conversation),
      };
      this.byRecord.set(record, entry);
    }
    return entry;
  }
}
