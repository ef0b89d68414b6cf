import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { conversationSchema } from '../../schemas/conversation.ts';
import { inboxResponseSchema, type InboxResponse, type InboxRow } from '../../schemas/inbox.ts';
import { EMPTY_FOLD } from '../live/read-model.ts';
import { createLogger } from '../http/logger.ts';
import { createUpstreamClient, type UpstreamClient } from '../proxy/upstream-client.ts';
import { sseReader } from '../testing/sse-reader.ts';
import {
  buildTestApp,
  PASSWORDS,
  READ_HEADERS,
  signIn,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { connectRedis, type RedisConnection } from './connection.ts';
import { RedisReadModelStore } from './redis-read-model-store.ts';
import { redisSharedState } from './shared-state.ts';
import { startRedis, type TestRedis } from './test-redis.ts';

let redis: TestRedis;
let simulator: SimulatorServer;
let probe: Redis;
beforeAll(async () => {
  [redis, simulator] = await Promise.all([startRedis(), startSimulatorServer({ port: 0 })]);
  probe = new Redis(redis.url);
});
afterAll(async () => {
  probe.disconnect();
  await Promise.all([redis.stop(), simulator.close()]);
});

interface Replica {
  app: TestApp;
  connection: RedisConnection;
  /** Upstream requests this replica's live feed made (only the lease holder reads the store). */
  feedReads: () => number;
}
const replicas: Replica[] = [];
const readers: { cancel: () => Promise<void> }[] = [];
beforeEach(async () => {
  await probe.flushall();
  await fetch(`${simulator.url}/__sim/reset`, { method: 'POST' });
});
afterEach(async () => {
  for (const reader of readers.splice(0)) await reader.cancel().catch(() => undefined);
  for (const { app, connection } of replicas.splice(0)) {
    app.liveHub.close();
    await connection.close();
  }
});

const silent = createLogger('silent');

async function replica(): Promise<Replica> {
  const connection = await connectRedis({ url: redis.url, keyPrefix: 'inbox-test:' }, silent);
  const upstream: UpstreamClient = createUpstreamClient({ baseUrl: simulator.url, timeoutMs: 2000 });
  let reads = 0;
  const counting: UpstreamClient = {
    baseUrl: upstream.baseUrl,
    close: () => upstream.close(),
    send: (request) => {
      reads += 1;
      return upstream.send(request);
    },
  };
  const { app } = await buildTestApp({
    upstreamUrl: simulator.url,
    deps: {
      upstream: counting,
      shared: redisSharedState(connection, silent, { leaseTtlMs: 600 }),
      live: { options: { heartbeatMs: 50, presenceSweepMs: 50 }, feedTiming: { fastMs: 50 } },
    },
  });
  const made = { app, connection, feedReads: () => reads };
  replicas.push(made);
  return made;
}

async function openStream(app: TestApp, cookie: string) {
  const response = await app.request('/bff/events', { headers: { ...READ_HEADERS, cookie } });
  expect(response.status).toBe(200);
  const reader = sseReader(response);
  readers.push(reader);
  await reader.next((e) => e.event === 'ready');
  return reader;
}

async function inbox(app: TestApp, cookie: string, query = ''): Promise<InboxResponse> {
  const response = await app.request(`/bff/inbox${query}`, { headers: { ...READ_HEADERS, cookie } });
  expect(response.status).toBe(200);
  return inboxResponseSchema.parse(await response.json());
}

/** Polls (the BFFs only) until `check` holds. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function escalate(content: string, email: string): Promise<string> {
  const response = await fetch(`${simulator.url}/__sim/shopper-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content, escalate: true, display_name: 'Kari Nordmann', email }),
  });
  const body = (await response.json()) as { data: { conversation: { id: string } } };
  return body.data.conversation.id;
}

const cookieFor = (app: TestApp, email: string) => signIn(app, email, PASSWORDS[email]);
const rowOf = (answer: InboxResponse, id: string): InboxRow | undefined =>
  answer.data.find((row) => row.conversation.id === id);

describe('the inbox read model across replicas (one Redis)', () => {
  it('serves the reading replica’s model on the other one, with shared read markers and settings', async () => {
    const [a, b] = [await replica(), await replica()];
    const staffA = await cookieFor(a.app, 'staff@example.com');
    const staff2A = await cookieFor(a.app, 'staff2@example.com');
    const ownerA = await cookieFor(a.app, 'owner@example.com');
    // Sessions are shared: the same cookies work on B.
    await openStream(a.app, staffA);
    const email = `kari.${randomUUID().slice(0, 8)}@example.com`;
    const id = await escalate('My parcel never arrived', email);
    const waiting = (answer: InboxResponse) =>
      answer.ready && rowOf(answer, id)?.waiting_since !== null && rowOf(answer, id) !== undefined;
    await until(() => inbox(a.app, staffA), waiting, 'the escalation on the reading replica');

    // B never read the store, yet serves the same rows, counts and preview as A.
    const [onA, onB] = await until(
      () => Promise.all([inbox(a.app, staffA), inbox(b.app, staffA)]),
      ([x, y]) => waiting(y) && JSON.stringify(x) === JSON.stringify(y),
      'the same inbox on both replicas',
    );
    expect(onB).toEqual(onA);
    expect(b.feedReads()).toBe(0);
    // The row carries what only the model derives: a preview (the hand-over notice), waiting, unread.
    expect(rowOf(onB, id)).toMatchObject({
      unread: true,
      waiting_since: expect.any(String) as string,
      last_message: { preview: expect.stringMatching(/\S/) as string, role: 'assistant' },
    });
    expect(onB.counts['needs-person']).toBeGreaterThan(0);
    const found = await inbox(b.app, staffA, `?q=${encodeURIComponent(email)}`);
    expect(found.data.map((row) => row.conversation.id)).toEqual([id]);

    // Opened through B: read on A too, for that person only.
    const opened = await b.app.request('/bff/inbox/opened', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staffA },
      body: JSON.stringify({ conversation_id: id }),
    });
    expect(opened.status).toBe(204);
    expect(rowOf(await inbox(a.app, staffA), id)?.unread).toBe(false);
    expect(rowOf(await inbox(a.app, staff2A), id)?.unread).toBe(true);

    // The owner's threshold set on A applies on B.
    const set = await a.app.request('/bff/inbox/settings', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: ownerA },
      body: JSON.stringify({ waiting_threshold_minutes: 17 }),
    });
    expect(set.status).toBe(204);
    expect((await inbox(b.app, staffA)).waiting_threshold_minutes).toBe(17);
    expect(b.feedReads()).toBe(0);
  }, 20_000);

  it('the replica taking the lease over carries on from the model the old reader left', async () => {
    const [a, b] = [await replica(), await replica()];
    const cookie = await cookieFor(a.app, 'staff@example.com');
    await openStream(a.app, cookie);
    const before = await escalate('Before the failover', `before.${randomUUID().slice(0, 8)}@example.com`);
    await until(
      () => inbox(a.app, cookie),
      (x) => x.ready && rowOf(x, before) !== undefined,
      'A’s model',
    );
    await openStream(b.app, cookie);
    expect(b.feedReads()).toBe(0);

    // A can no longer renew its lease: B reads now, on top of what A wrote.
    a.connection.client.disconnect();
    const after = await escalate('After the failover', `after.${randomUUID().slice(0, 8)}@example.com`);
    const answer = await until(
      () => inbox(b.app, cookie),
      (x) => rowOf(x, after)?.waiting_since != null && rowOf(x, after)?.last_message != null,
      'the new escalation on B',
    );
    expect(b.feedReads()).toBeGreaterThan(0);
    expect(answer.ready).toBe(true);
    expect(rowOf(answer, before)?.waiting_since).toEqual(expect.any(String));
  }, 20_000);

  it('a reader that died in its first pass: the next one reads what it listed but never read', async () => {
    const a = await replica();
    const cookie = await cookieFor(a.app, 'staff@example.com');
    // An old conversation of the store (the walk, from a moment ago, does not see it change).
    const listed = await a.app.request('/api/v1/agent-conversations?status=active&handoff_state=human', {
      headers: { ...READ_HEADERS, cookie },
    });
    const body = (await listed.json()) as { data: unknown[] };
    const conversation = conversationSchema.parse(body.data.at(-1));
    // What the dead reader left: the conversation listed, its transcript not read, the model ready.
    const left = new RedisReadModelStore({ client: probe, key: (name) => `inbox-test:${name}` });
    await left.put({ conversation, fold: EMPTY_FOLD, read: false });
    await left.setReady(true);

    await openStream(a.app, cookie);
    const answer = await until(
      () => inbox(a.app, cookie, '?status=active&handoff_state=human'),
      (x) => rowOf(x, conversation.id)?.last_message != null,
      'the transcript read by the new reader',
    );
    expect(rowOf(answer, conversation.id)?.last_message?.preview).toMatch(/\S/);
  }, 20_000);
});
