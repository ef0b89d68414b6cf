import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../schemas/conversation.ts';
import { INBOX_SORTS, type ConversationSummary, type InboxSort } from '../../schemas/inbox.ts';
import { inboxOrder, orderKeysOf } from '../../schemas/inbox-rules.ts';
import { latestHandoffs, NO_OWN_DATA, queryInbox, type ParsedInboxQuery } from './inbox-query.ts';
import { EMPTY_FOLD, summaryOf, type ReadModelRecord } from './read-model.ts';
import { HANDOFFS_LISTED, InboxIndex } from './inbox-index.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString();

/** A record as the feed puts it; `activity` and `waiting` are minutes (few distinct ones, so ties occur). */
function record(
  id: string,
  { activity = 0, waiting, status = 'active', handedOver, email = null }: RecordFields = {},
): ReadModelRecord {
  const human = waiting !== undefined || handedOver !== undefined;
  const conversation: Conversation = {
    id,
    assigned_to: null,
    channel: 'website',
    created_at: at(0),
    updated_at: at(activity),
    currency: 'EUR',
    customer_id: null,
    display_name: `Shopper ${id}`,
    email,
    handoff_state: human ? 'human' : 'bot',
    status,
  };
  return {
    conversation,
    fold: waiting === undefined ? EMPTY_FOLD : { ...EMPTY_FOLD, current: at(waiting) },
    read: true,
    handedOverAt: handedOver === undefined ? null : at(handedOver),
  };
}
interface RecordFields {
  activity?: number;
  waiting?: number;
  status?: Conversation['status'];
  handedOver?: number;
  email?: string | null;
}

/** The order a full sort of the summaries gives. */
function sortedIds(records: readonly ReadModelRecord[], sort: InboxSort): string[] {
  const compare = inboxOrder(sort);
  return records
    .map(summaryOf)
    .sort((a: ConversationSummary, b: ConversationSummary) => compare(orderKeysOf(a), orderKeysOf(b)))
    .map((summary) => summary.conversation.id);
}

const idsOf = (model: InboxIndex, records: readonly ReadModelRecord[], sort: InboxSort) =>
  model
    .of(records)
    .ordered(sort)
    .map((entry) => entry.summary.conversation.id);

/** A small deterministic generator, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

function randomRecord(random: (below: number) => number, id: string): ReadModelRecord {
  const waiting = random(3) === 0 ? random(20) : undefined;
  return record(id, { activity: random(20), ...(waiting === undefined ? {} : { waiting }) });
}

describe('the inbox index', () => {
  it('orders newest, oldest and waiting as the rule does, ties by id', () => {
    const records = [
      record('conv_c', { activity: 5 }),
      record('conv_a', { activity: 5 }),
      record('conv_b', { activity: 9 }),
      record('conv_d', { activity: 1, waiting: 3 }),
      record('conv_e', { activity: 7, waiting: 2 }),
      record('conv_f', { activity: 7, waiting: 2 }),
    ];
    const model = new InboxIndex();
    expect(idsOf(model, records, 'newest')).toEqual([
      'conv_b',
      'conv_e',
      'conv_f',
      'conv_a',
      'conv_c',
      'conv_d',
    ]);
    expect(idsOf(model, records, 'oldest')).toEqual([
      'conv_d',
      'conv_a',
      'conv_c',
      'conv_e',
      'conv_f',
      'conv_b',
    ]);
    expect(idsOf(model, records, 'waiting')).toEqual([
      'conv_e',
      'conv_f',
      'conv_d',
      'conv_b',
      'conv_a',
      'conv_c',
    ]);
  });

  it('reflects every change in its orders, as a full sort of the changed model would', () => {
    const random = randomFrom(42);
    let records = Array.from({ length: 400 }, (_, i) => randomRecord(random, `conv_${i}`));
    const model = new InboxIndex();
    for (const sort of INBOX_SORTS) idsOf(model, records, sort);
    let nextId = 400;
    // Small changes edit the kept orders; the last rounds change more than is edited, and are sorted again.
    for (const changes of [1, 1, 3, 10, 50, 150, 300, 1]) {
      records = [...records];
      for (let i = 0; i < changes; i += 1) {
        const at = random(records.length);
        const kind = random(4);
        if (kind === 0) records.splice(at, 1);
        else if (kind === 1) records.push(randomRecord(random, `conv_${nextId++}`));
        else records[at] = randomRecord(random, records[at]!.conversation.id);
      }
      for (const sort of INBOX_SORTS) expect(idsOf(model, records, sort)).toEqual(sortedIds(records, sort));
    }
  });

  it('serves the new copy of a changed conversation, and forgets one the store no longer has', () => {
    const model = new InboxIndex();
    const before = [record('conv_a', { activity: 1 }), record('conv_b', { activity: 2 })];
    expect(idsOf(model, before, 'newest')).toEqual(['conv_b', 'conv_a']);
    const after = [record('conv_a', { activity: 3, status: 'closed' })];
    const [entry] = model.of(after).ordered('newest');
    expect(entry?.summary.conversation).toMatchObject({ id: 'conv_a', status: 'closed', updated_at: at(3) });
    expect(model.of(after).entries).toHaveLength(1);
  });

  it('pages a list without overlap or gap, and the next page after a change shows the change', () => {
    const random = randomFrom(7);
    const records = Array.from({ length: 230 }, (_, i) => randomRecord(random, `conv_${i}`));
    const model = new InboxIndex();
    const query = { status: 'active', limit: 50 } as ParsedInboxQuery;
    const listed: string[] = [];
    let after: string | undefined;
    do {
      const page = queryInbox(model.of(records), { ...query, after }, 'usr_1', new Map(), NO_OWN_DATA);
      listed.push(...page.rows.map((row) => row.conversation.id));
      after = page.nextCursor ?? undefined;
    } while (after !== undefined);
    expect(listed).toEqual(sortedIds(records, 'newest'));

    const moved = records.findIndex((r) => r.conversation.id === listed[120]);
    const changed = [...records];
    changed[moved] = record(listed[120]!, { activity: 99 });
    const first = queryInbox(model.of(changed), query, 'usr_1', new Map(), NO_OWN_DATA);
    expect(first.rows[0]?.conversation.id).toBe(listed[120]);
    expect(first.rows[0]?.conversation.updated_at).toBe(at(99));
  });

  it("pages by the last row's keys under concurrent moves: no conversation that stayed put is skipped or seen twice", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const sort of INBOX_SORTS) {
        const random = randomFrom(seed);
        let records = Array.from({ length: 300 }, (_, i) => randomRecord(random, `conv_${i}`));
        const model = new InboxIndex();
        const moved = new Set<string>();
        const seen: string[] = [];
        let after: string | undefined;
        do {
          const query = { sort, limit: 20, after } as ParsedInboxQuery;
          const page = queryInbox(model.of(records), query, 'usr_1', new Map(), NO_OWN_DATA);
          seen.push(...page.rows.map((row) => row.conversation.id));
          after = page.nextCursor ?? undefined;
          // Between two reads a few conversations move anywhere in the order (new activity, a wait
          // begun or answered).
          records = [...records];
          for (let i = 0; i < 4; i += 1) {
            const at = random(records.length);
            const { id } = records[at]!.conversation;
            moved.add(id);
            records[at] = randomRecord(random, id);
          }
        } while (after !== undefined);
        // Only one that moved may come again (after moving past the cursor; the browser keeps one row per
        // id) or be missed (moved before it; the next read of the first page shows it).
        const twice = seen.filter((id, index) => seen.indexOf(id) !== index);
        expect(twice.filter((id) => !moved.has(id))).toEqual([]);
        const stayed = records.map((record) => record.conversation.id).filter((id) => !moved.has(id));
        expect(stayed.filter((id) => !seen.includes(id))).toEqual([]);
        expect(moved.size).toBeLessThan(records.length);
      }
    }
  });

  it('lists the latest handoffs still waiting for a person, newest first, at most HANDOFFS_LISTED', () => {
    const records = [
      ...Array.from({ length: HANDOFFS_LISTED + 5 }, (_, i) =>
        record(`conv_h${String(i).padStart(2, '0')}`, { handedOver: i }),
      ),
      record('conv_closed', { handedOver: 50, status: 'closed' }),
      record('conv_bot', { activity: 55 }),
    ];
    const rows = latestHandoffs(new InboxIndex().of(records), new Map(), NO_OWN_DATA);
    expect(rows.map((row) => row.conversation.id)).toEqual(
      Array.from(
        { length: HANDOFFS_LISTED },
        (_, i) => `conv_h${String(HANDOFFS_LISTED + 4 - i).padStart(2, '0')}`,
      ),
    );
  });

  it('lists the same shopper by email ignoring case, without the conversation asked about', () => {
    const records = [
      record('conv_a', { activity: 1, email: 'Kari@Example.com' }),
      record('conv_b', { activity: 2, email: 'kari@example.com ' }),
      record('conv_c', { activity: 3, email: 'ola@example.com' }),
      record('conv_d', { activity: 4, email: 'KARI@example.com' }),
    ];
    const page = queryInbox(
      new InboxIndex().of(records),
      { customer_of: 'conv_a' },
      'usr_1',
      new Map(),
      NO_OWN_DATA,
    );
    expect(page.rows.map((row) => row.conversation.id)).toEqual(['conv_d', 'conv_b']);
  });
});
