import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../schemas/conversation.ts';
import type { HistoryEntry } from '../../schemas/history.ts';
import type { Message } from '../../schemas/message.ts';
import { openDatabase } from '../db/database.ts';
import { ConversationHistory } from './conversation-history.ts';
import { Retention } from './retention.ts';
import { snoozes } from '../db/schema.ts';
import { bothDrivers } from '../testing/test-databases.ts';

const conversation = (version: string, fields: Partial<Conversation> = {}): Conversation => ({
  id: 'c_1',
  assigned_to: null,
  channel: 'website',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: `2026-11-01T10:${version}:00.000Z`,
  currency: 'EUR',
  customer_id: null,
  display_name: 'Jo Shopper',
  email: 'Jo@Example.com',
  handoff_state: 'bot',
  status: 'active',
  ...fields,
});

const message = (id: string, fields: Partial<Message> = {}): Message => ({
  id,
  conversation_id: 'c_1',
  content: 'Where is my order?',
  created_at: '2026-11-01T10:00:00.000Z',
  role: 'user',
  author_user_id: null,
  rating: null,
  ...fields,
});

const STAFF = { id: 'usr_staff1', email: 'staff@example.com' };
const kinds = (entries: HistoryEntry[]) => entries.map((entry) => [entry.kind, entry.actor_user_id]);

describe.each(bothDrivers())('conversation history on %s', (driver) => {
  const historyWith = () => {
    const published: HistoryEntry[][] = [];
    const history = new ConversationHistory(driver.database.db, (entries) => {
      published.push(entries);
      return Promise.resolve();
    });
    return { history, published };
  };

  it('records what the feed sees change, once, and nothing for a conversation met in the listing', async () => {
    const { history, published } = historyWith();
    await history.observed(conversation('00', { id: 'c_old', handoff_state: 'human' }), 'listing');
    expect(await history.list('c_old')).toEqual([]);

    await history.observed(conversation('01'), 'walk');
    await history.observed(conversation('02', { handoff_state: 'human' }), 'walk');
    await history.observed(conversation('02', { handoff_state: 'human' }), 'walk');
    await history.observed(conversation('03', { handoff_state: 'human', assigned_to: 'usr_staff2' }), 'walk');
    await history.observed(
      conversation('04', { handoff_state: 'human', status: 'closed', assigned_to: 'usr_staff2' }),
      'walk',
    );
    const entries = await history.list('c_1');
    expect(kinds(entries)).toEqual([
      ['handed_to_person', null],
      ['assigned', null],
      ['closed', null],
    ]);
    expect(entries[1]).toMatchObject({ assigned_to: 'usr_staff2', version: '2026-11-01T10:03:00.000Z' });
    expect(published.flat().map((entry) => entry.kind)).toEqual(['handed_to_person', 'assigned', 'closed']);
  });

  it('a new conversation the walk brings already escalated was handed over by the assistant', async () => {
    const { history } = historyWith();
    await history.observed(conversation('05', { handoff_state: 'human' }), 'walk');
    expect(kinds(await history.list('c_1'))).toEqual([['handed_to_person', null]]);
  });

  it('names the person for a change made through the dashboard, whether the feed saw it first or after', async () => {
    const { history, published } = historyWith();
    await history.observed(conversation('01'), 'walk');
    // The dashboard's write first, then the feed's sighting of the same version: one entry each.
    const takenOver = conversation('02', { handoff_state: 'human', assigned_to: STAFF.id });
    await history.dashboardWrote({
      actor: STAFF,
      conversationId: 'c_1',
      action: 'update_conversation',
      status: 200,
      conversation: takenOver,
    });
    await history.observed(takenOver, 'walk');
    // The feed first, then the write that made it.
    const closed = conversation('03', { handoff_state: 'human', assigned_to: STAFF.id, status: 'closed' });
    await history.observed(closed, 'walk');
    await history.dashboardWrote({
      actor: STAFF,
      conversationId: 'c_1',
      action: 'update_conversation',
      status: 200,
      conversation: closed,
    });

    expect(kinds(await history.list('c_1'))).toEqual([
      ['handed_to_person', STAFF.id],
      ['assigned', STAFF.id],
      ['closed', STAFF.id],
    ]);
    // The late attribution went out too, so open dashboards name the person.
    expect(published.at(-1)).toEqual([expect.objectContaining({ kind: 'closed', actor_user_id: STAFF.id })]);
  });

  it('a refused write is kept in the audit trail but is no history', async () => {
    const { history } = historyWith();
    await history.dashboardWrote({
      actor: STAFF,
      conversationId: 'c_1',
      action: 'update_conversation',
      status: 409,
    });
    expect(await history.list('c_1')).toEqual([]);
    const rows = await driver.database.db.query.dashboardWrites.findMany();
    expect(rows).toEqual([expect.objectContaining({ actorUserId: STAFF.id, status: 409, version: null })]);
  });

  it('marks an automatic assignment the feed saw first with a later change, and keeps the copy it saw', async () => {
    const { history } = historyWith();
    const assigned = { handoff_state: 'human', assigned_to: 'usr_staff2' } as const;
    await history.observed(conversation('01', { handoff_state: 'human' }), 'walk');
    // The store answered the assignment at 02; the feed saw it only at 03, closed meanwhile.
    await history.observed(conversation('03', { ...assigned, status: 'closed' }), 'walk');
    await history.assignedAutomatically(conversation('02', assigned), 'round_robin');
    await history.observed(conversation('04', { ...assigned, status: 'closed' }), 'walk');

    const entries = await history.list('c_1');
    expect(kinds(entries)).toEqual([
      ['handed_to_person', null],
      ['assigned', null],
      ['closed', null],
    ]);
    expect(entries[1]).toMatchObject({ automatic: true, strategy: 'round_robin' });
  });

  it('a restored store (an older copy) replaces the copy without history; later changes compare with it', async () => {
    const { history } = historyWith();
    await history.observed(conversation('01'), 'walk');
    await history.observed(conversation('05', { handoff_state: 'human' }), 'walk');
    await history.observed(conversation('00'), 'listing');
    await history.observed(conversation('06', { handoff_state: 'human' }), 'walk');
    expect(kinds(await history.list('c_1'))).toEqual([
      ['handed_to_person', null],
      ['handed_to_person', null],
    ]);
  });

  it('another conversation under a known id (a restored store minting ids again) starts with no past', async () => {
    const { history } = historyWith();
    await history.observed(conversation('01'), 'walk');
    await history.observed(conversation('02', { handoff_state: 'human' }), 'walk');
    await history.messagesRead([message('m_1')]);
    const reborn = { created_at: '2026-11-01T10:30:00.000Z' };
    await history.observed(conversation('31', reborn), 'walk');
    await history.observed(conversation('32', { ...reborn, status: 'closed' }), 'walk');
    expect(kinds(await history.list('c_1'))).toEqual([['closed', null]]);
    expect(await driver.database.db.query.messages.findMany()).toEqual([]);
  });

  it('keeps the messages it read, with ratings given later', async () => {
    const { history } = historyWith();
    await history.messagesRead([message('m_1'), message('m_2', { role: 'assistant' })]);
    await history.messagesRead([message('m_2', { role: 'assistant', rating: 4 })]);
    const rows = await driver.database.db.query.messages.findMany({ orderBy: (m, { asc }) => asc(m.id) });
    expect(rows.map((row) => [row.id, row.rating])).toEqual([
      ['m_1', null],
      ['m_2', 4],
    ]);
  });

  it("erases one shopper's copies, messages and history", async () => {
    const { history } = historyWith();
    await history.observed(conversation('01'), 'walk');
    await history.observed(conversation('02', { handoff_state: 'human' }), 'walk');
    await history.observed(conversation('02', { id: 'c_other', email: 'someone@else.com' }), 'walk');
    await history.messagesRead([message('m_1')]);
    await driver.database.db.insert(snoozes).values(
      ['c_1', 'c_other'].map((conversationId) => ({
        conversationId,
        snoozedBy: 'usr_staff1',
        snoozedAt: new Date('2026-11-01T10:00:00Z'),
        shopperAfter: new Date('2026-11-01T09:59:00Z'),
      })),
    );
    const ids = await history.conversationsOf('jo@example.COM');
    expect(ids).toEqual(['c_1']);
    expect(await history.erase(ids)).toEqual({
      conversations: 1,
      messages: 1,
      history: 1,
      writes: 0,
      notes: 0,
      snoozes: 1,
    });
    const left = await driver.database.db.select().from(snoozes);
    expect(left.map((row) => row.conversationId)).toEqual(['c_other']);
    expect(await history.list('c_1')).toEqual([]);
    expect(await history.conversationsOf('someone@else.com')).toEqual(['c_other']);
  });

  it('removes what is older than the retention (180 days unless the owner sets it)', async () => {
    const { history } = historyWith();
    await history.observed(conversation('01'), 'walk');
    await history.observed(conversation('02', { handoff_state: 'human' }), 'walk');
    await history.messagesRead([
      message('m_old'),
      message('m_new', { created_at: '2026-11-20T10:00:00.000Z' }),
    ]);
    await driver.database.db.insert(snoozes).values({
      conversationId: 'c_1',
      snoozedBy: 'usr_staff1',
      snoozedAt: new Date('2026-11-01T10:00:00Z'),
      shopperAfter: new Date('2026-11-01T09:59:00Z'),
    });
    const retention = new Retention(driver.database.db, () => Date.parse('2026-12-01T00:00:00Z'));
    expect(await retention.settings()).toEqual({ retention_days: 180 });
    expect(await retention.apply()).toEqual({
      messages: 0,
      history: 0,
      writes: 0,
      notes: 0,
      snoozes: 0,
      conversations: 0,
    });
    await retention.update({ retention_days: 20 });
    expect(await retention.settings()).toEqual({ retention_days: 20 });
    expect(await retention.apply()).toEqual({
      messages: 1,
      history: 1,
      writes: 0,
      notes: 0,
      snoozes: 1,
      conversations: 1,
    });
    const left = await driver.database.db.query.messages.findMany();
    expect(left.map((row) => row.id)).toEqual(['m_new']);
  });
});

describe('two replicas on one Postgres', () => {
  const [, postgres] = bothDrivers();
  it('record a transition both their feeds saw (around a lease hand-over) once', async () => {
    const url = postgres!.server!.url('dashboard_test');
    const second = await openDatabase({ kind: 'postgres', url });
    try {
      const published: HistoryEntry[][] = [];
      const publish = (entries: HistoryEntry[]) => {
        published.push(entries);
        return Promise.resolve();
      };
      const a = new ConversationHistory(postgres!.database.db, publish);
      const b = new ConversationHistory(second.db, publish);
      await a.observed(conversation('01'), 'walk');
      const escalated = conversation('02', { handoff_state: 'human' });
      await Promise.all([a.observed(escalated, 'walk'), b.observed(escalated, 'walk')]);
      expect(kinds(await b.list('c_1'))).toEqual([['handed_to_person', null]]);
      expect(published.flat()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
