import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { conversationSchema } from '../../schemas/conversation.ts';
import type { InboxResponse, InboxRow } from '../../schemas/inbox.ts';
import { EMPTY_FOLD } from './read-model.ts';
import { readInbox, shopperWrites, until } from '../testing/live-test-kit.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import { READ_HEADERS, signInAs, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';
import { RedisReadModelStore } from './redis-read-model-store.ts';

const replicas = replicasOnOneRedis('inbox-test:');
const replica = () => replicas.replica();

/** A stream on the replica (so its feed runs, or follows), once it said ready. */
async function openStream(app: TestApp, cookie: string) {
  const reader = await replicas.stream(app, cookie);
  await reader.next((e) => e.event === 'ready');
  return reader;
}

async function escalate(content: string, email: string): Promise<string> {
  const wrote = await shopperWrites(replicas.simulator.url, {
    content,
    escalate: true,
    display_name: 'Kari Nordmann',
    email,
  });
  return wrote.conversation.id;
}

const rowOf = (answer: InboxResponse, id: string): InboxRow | undefined =>
  answer.data.find((row) => row.conversation.id === id);

describe('the inbox read model across replicas (one Redis)', () => {
  it('serves the reading replica’s model on the other one, with shared opened markers and settings', async () => {
    const [a, b] = [await replica(), await replica()];
    const staffA = await signInAs(a.app, 'staff@example.com');
    const staff2A = await signInAs(a.app, 'staff2@example.com');
    const ownerA = await signInAs(a.app, 'owner@example.com');
    // Sessions are shared: the same cookies work on B.
    await openStream(a.app, staffA);
    const email = `kari.${randomUUID().slice(0, 8)}@example.com`;
    const id = await escalate('My parcel never arrived', email);
    const waiting = (answer: InboxResponse) =>
      answer.ready && rowOf(answer, id)?.waiting_since !== null && rowOf(answer, id) !== undefined;
    await until(() => readInbox(a.app, staffA), waiting, 'the escalation on the reading replica');

    // B never read the store, yet serves the same rows, counts and preview as A.
    const [onA, onB] = await until(
      () => Promise.all([readInbox(a.app, staffA), readInbox(b.app, staffA)]),
      ([x, y]) => waiting(y) && JSON.stringify(x) === JSON.stringify(y),
      'the same inbox on both replicas',
    );
    expect(onB).toEqual(onA);
    expect(b.upstreamRequests()).toBe(0);
    // The row carries what only the model derives: a preview (the hand-over notice), waiting, unread.
    expect(rowOf(onB, id)).toMatchObject({
      unread: true,
      waiting_since: expect.any(String) as string,
      last_message: { preview: expect.stringMatching(/\S/) as string, role: 'assistant' },
    });
    expect(onB.counts['needs-person']).toBeGreaterThan(0);
    const found = await readInbox(b.app, staffA, `?q=${encodeURIComponent(email)}`);
    expect(found.data.map((row) => row.conversation.id)).toEqual([id]);

    // Opened through B: read on A too, for that person only.
    const opened = await b.app.request('/bff/inbox/opened', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staffA },
      body: JSON.stringify({ conversation_id: id }),
    });
    expect(opened.status).toBe(204);
    expect(rowOf(await readInbox(a.app, staffA), id)?.unread).toBe(false);
    expect(rowOf(await readInbox(a.app, staff2A), id)?.unread).toBe(true);

    // The owner's threshold set on A applies on B.
    const set = await a.app.request('/bff/inbox/settings', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: ownerA },
      body: JSON.stringify({ waiting_threshold_minutes: 17 }),
    });
    expect(set.status).toBe(204);
    expect((await readInbox(b.app, staffA)).waiting_threshold_minutes).toBe(17);
    expect(b.upstreamRequests()).toBe(0);
  }, 20_000);

  it('the replica taking the lease over carries on from the model the old reader left', async () => {
    const [a, b] = [await replica(), await replica()];
    const cookie = await signInAs(a.app, 'staff@example.com');
    await openStream(a.app, cookie);
    const before = await escalate('Before the failover', `before.${randomUUID().slice(0, 8)}@example.com`);
    await until(
      () => readInbox(a.app, cookie),
      (x) => x.ready && rowOf(x, before) !== undefined,
      'A’s model',
    );
    await openStream(b.app, cookie);
    expect(b.upstreamRequests()).toBe(0);

    // A can no longer renew its lease: B reads now, on top of what A wrote.
    a.connection.client.disconnect();
    const after = await escalate('After the failover', `after.${randomUUID().slice(0, 8)}@example.com`);
    // Ready is part of the wait: B publishes a step's changes before it vouches for the model at the step's
    // end, so a read in between (a loaded machine) sees the new row with ready still false.
    const answer = await until(
      () => readInbox(b.app, cookie),
      (x) => x.ready && rowOf(x, after)?.waiting_since != null && rowOf(x, after)?.last_message != null,
      'the new escalation on B, served as ready',
    );
    expect(b.upstreamRequests()).toBeGreaterThan(0);
    expect(rowOf(answer, before)?.waiting_since).toEqual(expect.any(String));
  }, 20_000);

  it('a reader that died in its first pass: the next one reads what it listed but never read', async () => {
    const a = await replica();
    const cookie = await signInAs(a.app, 'staff@example.com');
    // An old conversation of the store (the walk, from a moment ago, does not see it change).
    const listed = await a.app.request('/api/v1/agent-conversations?status=active&handoff_state=human', {
      headers: { ...READ_HEADERS, cookie },
    });
    const body = (await listed.json()) as { data: unknown[] };
    const conversation = conversationSchema.parse(body.data.at(-1));
    // What the dead reader left: the conversation listed, its transcript not read, the model ready.
    const left = new RedisReadModelStore({
      client: replicas.redis.client,
      key: (name) => `inbox-test:${name}`,
    });
    await left.put({ conversation, fold: EMPTY_FOLD, read: false });
    await left.setStage('ready');

    await openStream(a.app, cookie);
    const answer = await until(
      () => readInbox(a.app, cookie, '?status=active&handoff_state=human'),
      (x) => rowOf(x, conversation.id)?.last_message != null,
      'the transcript read by the new reader',
    );
    expect(rowOf(answer, conversation.id)?.last_message?.preview).toMatch(/\S/);
  }, 20_000);
});
