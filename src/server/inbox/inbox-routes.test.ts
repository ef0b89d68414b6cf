import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import type { InboxRow } from '../../schemas/inbox.ts';
import { liveEventDataSchemas } from '../../schemas/live.ts';
import {
  apiWrite,
  firstPassDone,
  liveAppsPerTest,
  openStream,
  readInbox,
  shopperWrites,
  streamWithReadyInbox,
  until,
} from '../testing/live-test-kit.ts';
import { sseReader } from '../testing/sse-reader.ts';
import { READ_HEADERS, signInAs, WRITE_HEADERS } from '../testing/test-app.ts';

const simulator = simulatorServerPer('file');
const liveApp = liveAppsPerTest(simulator);

/** Upstream reads of one conversation's messages, from the simulator's own request log. */
async function tailReadsOf(conversationId: string): Promise<number> {
  const response = await fetch(`${simulator.url}/__sim/requests`);
  const { data } = (await response.json()) as { data: { method: string; path: string }[] };
  return data.filter(
    (entry) =>
      entry.method === 'GET' &&
      entry.path.startsWith(`/api/v1/agent-conversations/${conversationId}/messages`),
  ).length;
}

describe('the inbox read model (GET /bff/inbox)', () => {
  it('needs X-CSRF and a session, and refuses unknown parameters', async () => {
    const { app } = await liveApp();
    expect((await app.request('/bff/inbox')).status).toBe(403);
    expect((await app.request('/bff/inbox', { headers: READ_HEADERS })).status).toBe(401);
    const cookie = await signInAs(app, 'staff@example.com');
    const bad = await app.request('/bff/inbox?order=desc', { headers: { ...READ_HEADERS, cookie } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    // A page cursor the server did not give (an offset, or keys that are not ours) is refused by name.
    for (const after of ['100', `k:${Buffer.from('[1,2]').toString('base64url')}`]) {
      const refused = await app.request(`/bff/inbox?after=${after}`, {
        headers: { ...READ_HEADERS, cookie },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_query', field: 'after' } });
    }
  });

  it('derives preview, waiting since and unread from a scripted conversation, one tail read per change for any number of dashboards', async () => {
    const { app } = await liveApp();
    const staff = await signInAs(app, 'staff@example.com');
    const staff2 = await signInAs(app, 'staff2@example.com');
    const owner = await signInAs(app, 'owner@example.com');
    // Three dashboards are connected; each polls the inbox throughout (that costs no upstream read).
    const streams = await Promise.all(
      [staff, staff2, owner].map(async (cookie) => sseReader(await openStream(app, cookie))),
    );
    await firstPassDone(app, staff);

    const email = `kari.${randomUUID().slice(0, 8)}@example.com`;
    const rowOf = async (cookie = staff): Promise<InboxRow | undefined> =>
      (await readInbox(app, cookie, `?q=${encodeURIComponent(email.toUpperCase())}`)).data[0];
    const row = (check: (row: InboxRow) => boolean, what: string) =>
      until(rowOf, (found) => found !== undefined && check(found), what) as Promise<InboxRow>;

    // 1. A shopper writes; the bot answers.
    const first = await shopperWrites(simulator.url, {
      content: 'Where is my order?',
      display_name: 'Kari Nordmann',
      email,
    });
    const id = first.conversation.id;
    let seen = await row((r) => r.last_message?.role === 'assistant', 'the bot reply');
    expect(seen).toMatchObject({
      last_shopper_message_at: first.message.created_at,
      waiting_since: null,
      unread: true,
    });
    expect(await tailReadsOf(id)).toBe(1);

    // 2. Staff takes over (through the BFF, as the dashboard does): the shopper now waits for a person.
    const put = await apiWrite(app, staff, 'PUT', `/agent-conversations/${id}`, {
      status: 'active',
      handoff_state: 'human',
      assigned_to: 'usr_staff1',
    });
    expect(put.status).toBe(200);
    seen = await row((r) => r.conversation.handoff_state === 'human', 'the takeover');
    expect(seen.waiting_since).toBe(first.message.created_at);
    // The store's answer is in the model at once; the feed reads the tail when its walk sees that version.
    await until(
      () => tailReadsOf(id),
      (reads) => reads > 1,
      'the tail read after the takeover',
    );
    expect(await tailReadsOf(id)).toBe(2);

    // Opening it clears unread for that person only.
    const opened = await app.request('/bff/inbox/opened', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staff },
      body: JSON.stringify({ conversation_id: id }),
    });
    expect(opened.status).toBe(204);
    expect((await rowOf())?.unread).toBe(false);
    expect((await rowOf(staff2))?.unread).toBe(true);

    // 3. Staff replies: nobody waits any more.
    const reply = await apiWrite(app, staff, 'POST', `/agent-conversations/${id}/messages`, {
      content: 'Hi Kari, Sam here. Checking now.',
      author_user_id: 'usr_staff1',
    });
    expect(reply.status).toBe(201);
    seen = await row((r) => r.last_message?.author_user_id === 'usr_staff1', 'the staff reply');
    expect(seen).toMatchObject({
      waiting_since: null,
      unread: false,
      last_message: { preview: 'Hi Kari, Sam here. Checking now.', role: 'assistant' },
    });
    expect(await tailReadsOf(id)).toBe(3);

    // 4. The shopper writes again: waiting again, unread again, and the event carries it to every dashboard.
    const again = await shopperWrites(simulator.url, { conversation_id: id, content: 'Any news?' });
    seen = await row((r) => r.last_message?.role === 'user', 'the second shopper message');
    expect(seen).toMatchObject({
      waiting_since: again.message.created_at,
      last_shopper_message_at: again.message.created_at,
      unread: true,
      last_message: { preview: 'Any news?' },
    });
    for (const stream of streams) {
      const event = await stream.next(
        (e) =>
          e.event === 'conversation' &&
          (e.data as { id: string; summary?: { waiting_since: string | null } }).id === id &&
          (e.data as { summary?: { waiting_since: string | null } }).summary?.waiting_since ===
            again.message.created_at,
      );
      expect(liveEventDataSchemas.conversation.parse(event.data).summary?.last_message?.preview).toBe(
        'Any news?',
      );
    }
    expect(await tailReadsOf(id)).toBe(4);

    // 5. Closed: no longer waiting nor unread, still found by search, and its transcript is let go.
    const close = await apiWrite(app, staff, 'PUT', `/agent-conversations/${id}`, {
      status: 'closed',
      handoff_state: 'human',
      assigned_to: 'usr_staff1',
    });
    expect(close.status).toBe(200);
    seen = await row((r) => r.conversation.status === 'closed', 'the close');
    expect(seen).toMatchObject({
      waiting_since: null,
      unread: false,
      last_message: { preview: 'Any news?' },
    });
    // Four changes of the transcript, four reads, whatever the three dashboards did meanwhile.
    expect(await tailReadsOf(id)).toBe(4);
    for (const stream of streams) await stream.cancel();
  });

  it('orders "Needs a person" by longest waiting, counts the views and searches active and closed', async () => {
    const { app } = await liveApp();
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    const tag = randomUUID().slice(0, 8);
    const older = await shopperWrites(simulator.url, {
      content: 'Help',
      email: `old.${tag}@example.com`,
      escalate: true,
    });
    const newer = await shopperWrites(simulator.url, {
      content: 'Help',
      email: `new.${tag}@example.com`,
      escalate: true,
    });
    const needs = '?status=active&handoff_state=human&limit=200';
    const answer = await until(
      () => readInbox(app, staff, needs),
      (a) =>
        a.data.filter((r) => r.conversation.email?.includes(tag) && r.waiting_since !== null).length === 2,
      'both handoffs',
    );
    const order = answer.data.map((r) => r.conversation.id);
    expect(order.indexOf(older.conversation.id)).toBeLessThan(order.indexOf(newer.conversation.id));
    const waits = answer.data.map((r) => r.waiting_since).filter((w): w is string => w !== null);
    expect(waits).toEqual([...waits].sort((a, b) => Date.parse(a) - Date.parse(b)));
    // Counts are over the whole model, whatever page was asked for.
    expect(answer.counts['needs-person']).toBe(
      (await readInbox(app, staff, '?status=active&handoff_state=human&limit=200')).data.length,
    );
    const unassigned = await readInbox(
      app,
      staff,
      '?status=active&handoff_state=human&assigned_to=none&limit=200',
    );
    expect(answer.counts.unassigned).toBe(unassigned.data.length);
    expect(unassigned.data.every((r) => r.conversation.assigned_to === null)).toBe(true);
    expect(answer.waiting_threshold_minutes).toBe(5);

    const found = await readInbox(app, staff, `?q=${encodeURIComponent(`W.${tag.toUpperCase()}@EXAMPLE`)}`);
    expect(found.data.map((r) => r.conversation.id)).toEqual([newer.conversation.id]);
    const closed = (await readInbox(app, staff, '?status=closed&limit=1')).data[0]!;
    const byName = await readInbox(app, staff, `?q=${encodeURIComponent(closed.conversation.email ?? '')}`);
    expect(byName.data.map((r) => r.conversation.id)).toContain(closed.conversation.id);
    await stream.cancel();
  });

  it("answers from the store's own list, in the same row shape, while the model is not ready", async () => {
    const { app } = await liveApp();
    const staff = await signInAs(app, 'staff@example.com');
    // No stream is open, so no feed runs and the model has not made its first pass.
    const first = await readInbox(app, staff, '?status=active&handoff_state=human&limit=3');
    expect(first.ready).toBe(false);
    expect(first.handoffs).toEqual([]);
    expect(first.data).toHaveLength(3);
    for (const row of first.data) {
      expect(row.conversation).toMatchObject({ status: 'active', handoff_state: 'human' });
      expect(row).toMatchObject({ last_message: null, waiting_since: null, unread: false });
    }
    // The API's order: newest created first; its cursor goes on with the API.
    const created = first.data.map((row) => Date.parse(row.conversation.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(first.page.next_cursor).toMatch(/^api:/);
    const next = await readInbox(
      app,
      staff,
      `?status=active&handoff_state=human&limit=3&after=${encodeURIComponent(first.page.next_cursor!)}`,
    );
    const ids = new Set(first.data.map((row) => row.conversation.id));
    expect(next.data.length).toBeGreaterThan(0);
    expect(next.data.some((row) => ids.has(row.conversation.id))).toBe(false);
    // What the API cannot filter (nobody assigned) is filtered on the page.
    const unassigned = await readInbox(app, staff, '?status=active&assigned_to=none&limit=20');
    expect(unassigned.data.every((row) => row.conversation.assigned_to === null)).toBe(true);
  });

  it('tells a new handoff in every answer and in its event, and not what was waiting before', async () => {
    const { app } = await liveApp();
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    const before = await readInbox(app, staff, '?status=active&handoff_state=human&limit=200');
    expect(before.data.length).toBeGreaterThan(0);
    expect(before.data.every((row) => (row.handed_over_at ?? null) === null)).toBe(true);
    expect(before.handoffs).toEqual([]);

    const wrote = await shopperWrites(simulator.url, { content: 'A person, please', escalate: true });
    const id = wrote.conversation.id;
    const answer = await until(
      () => readInbox(app, staff),
      (a) => a.handoffs.some((row) => row.conversation.id === id),
      'the handoff',
    );
    const handoff = answer.handoffs.find((row) => row.conversation.id === id)!;
    expect(handoff.handed_over_at).toBe(handoff.conversation.updated_at);
    const event = await stream.next(
      (e) => e.event === 'conversation' && (e.data as { id?: string }).id === id,
    );
    const data = liveEventDataSchemas.conversation.parse(event.data);
    expect(data.summary?.handed_over_at).toBe(handoff.handed_over_at);

    // Closed, it is no handoff any more.
    await apiWrite(app, staff, 'PUT', `/agent-conversations/${id}`, {
      status: 'closed',
      handoff_state: 'human',
      assigned_to: null,
    });
    await until(
      () => readInbox(app, staff),
      (a) => !a.handoffs.some((row) => row.conversation.id === id),
      'the handoff gone',
    );
    await stream.cancel();
  });

  it('lets only owners change the waiting threshold, within bounds', async () => {
    const { app } = await liveApp();
    const staff = await signInAs(app, 'staff@example.com');
    const owner = await signInAs(app, 'owner@example.com');
    const put = (cookie: string, body: unknown) =>
      app.request('/bff/inbox/settings', {
        method: 'PUT',
        headers: { ...WRITE_HEADERS, cookie },
        body: JSON.stringify(body),
      });
    expect((await put(staff, { waiting_threshold_minutes: 10 })).status).toBe(403);
    expect((await put(owner, { waiting_threshold_minutes: 0 })).status).toBe(400);
    expect((await put(owner, { waiting_threshold_minutes: 10, extra: 1 })).status).toBe(400);
    expect((await put(owner, { waiting_threshold_minutes: 10 })).status).toBe(204);
    expect((await readInbox(app, staff)).waiting_threshold_minutes).toBe(10);
    const opened = await app.request('/bff/inbox/opened', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staff },
      body: JSON.stringify({ conversation_id: 'x'.repeat(256) }),
    });
    expect(opened.status).toBe(400);
  });

  it("lists a shopper's other conversations (same email or customer id), active and closed, newest first", async () => {
    const { app } = await liveApp();
    const staff = await signInAs(app, 'staff@example.com');
    const stream = await streamWithReadyInbox(app, staff);
    const tag = randomUUID().slice(0, 8);
    const email = `ola.${tag}@example.com`;
    const customer = `cus_${tag}`;
    const open = await shopperWrites(simulator.url, { content: 'Hi', email, customer_id: customer });
    const sameEmail = await shopperWrites(simulator.url, { content: 'Hi', email: email.toUpperCase() });
    const sameCustomer = await shopperWrites(simulator.url, {
      content: 'Hi',
      email: `other.${tag}@example.com`,
      customer_id: customer,
    });
    const unrelated = await shopperWrites(simulator.url, { content: 'Hi', email: `ola.${tag}@example.org` });
    const id = (r: { conversation: { id: string } }) => r.conversation.id;
    const close = await apiWrite(app, staff, 'PUT', `/agent-conversations/${id(sameEmail)}`, {
      status: 'closed',
      handoff_state: 'bot',
      assigned_to: null,
    });
    expect(close.status).toBe(200);

    const others = await until(
      () => readInbox(app, staff, `?customer_of=${id(open)}`),
      (a) =>
        a.data.some((r) => r.conversation.status === 'closed') &&
        a.data.some((r) => id(r) === id(sameCustomer)),
      'the closed one in the context',
    );
    // The closed one moved last, so it is the newest; the unrelated one (a different domain) is not there.
    expect(others.data.map((r) => r.conversation.id)).toEqual([id(sameEmail), id(sameCustomer)]);
    expect(others.data.map((r) => r.conversation.id)).not.toContain(id(unrelated));
    // From the other side: the customer id alone links them.
    const back = await readInbox(app, staff, `?customer_of=${id(sameCustomer)}`);
    expect(back.data.map((r) => r.conversation.id)).toEqual([id(open)]);
    expect((await readInbox(app, staff, '?customer_of=conv_unknown')).data).toEqual([]);
    const bad = await app.request(`/bff/inbox?customer_of=${'x'.repeat(256)}`, {
      headers: { ...READ_HEADERS, cookie: staff },
    });
    expect(bad.status).toBe(400);
    await stream.cancel();
  });
});
