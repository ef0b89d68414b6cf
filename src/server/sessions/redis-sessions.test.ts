import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnection } from '../redis/connection.ts';
import { redisSharedState } from '../composition/shared-state.ts';
import { startRedis, type TestRedis } from '../testing/test-redis.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, WRITE_HEADERS, signIn, type TestApp } from '../testing/test-app.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import { capturedLogger } from '../testing/logged-lines.ts';

let redis: TestRedis;
let upstream: FakeUpstream;
let probe: Redis;
const connections: RedisConnection[] = [];
beforeAll(async () => {
  [redis, upstream] = await Promise.all([startRedis(), startFakeUpstream()]);
  probe = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
  await probe.flushall();
});
afterAll(async () => {
  probe.disconnect();
  await Promise.all([redis.stop(), upstream.close()]);
});

const logger = capturedLogger();
async function connection(prefix = 'test:'): Promise<RedisConnection> {
  const made = await connectRedis({ url: redis.url, keyPrefix: prefix }, logger);
  connections.push(made);
  return made;
}

/** One BFF replica: its own app and its own Redis connection, sharing the server with the others. */
async function replica(deps: Parameters<typeof buildTestApp>[0]['deps'] = {}): Promise<TestApp> {
  const shared = redisSharedState(await connection(), logger);
  const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: { shared, ...deps } });
  return app;
}

const sessionOn = (app: TestApp, cookie: string) =>
  app.request('/bff/session', { headers: { 'x-csrf': '1', cookie } });
const post = (app: TestApp, path: string, cookie: string) =>
  app.request(path, { method: 'POST', headers: { ...WRITE_HEADERS, cookie } });

describe('sessions in Redis', () => {
  it('keeps no token and expires by TTL: idle and absolute timeouts are Redis expiries', async () => {
    const { client, key } = await connection();
    const store = new RedisSessionStore({
      client,
      key,
      secret: 'x'.repeat(32),
      idleMs: 1000,
      absoluteMs: 60_000,
      now: Date.now,
      ttlGraceMs: 0,
    });
    const { token } = await store.create({ id: 'usr_1', email: 'a@example.com' });
    const keys = await probe.keys('test:s:*');
    expect(keys).toHaveLength(1);
    // The key is the HMAC of the token, and the value holds no token either: nothing usable as a cookie.
    expect(keys[0]).not.toContain(token);
    expect(await probe.get(keys[0]!)).not.toContain(token);
    const ttl = await probe.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
    // Activity pushes the idle expiry back; background reads do not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await store.get(token, true)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await store.get(token, false)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await probe.exists(keys[0]!)).toBe(0);
    expect(await store.get(token, true)).toBeUndefined();

    const absolute = new RedisSessionStore({
      client,
      key,
      secret: 'x'.repeat(32),
      idleMs: 60_000,
      absoluteMs: 600,
      now: Date.now,
      ttlGraceMs: 0,
    });
    const second = await absolute.create({ id: 'usr_1', email: 'a@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await absolute.get(second.token, true)).toBeDefined();
    // Activity does not push the absolute expiry back.
    expect(await probe.pttl((await probe.keys('test:s:*'))[0]!)).toBeLessThanOrEqual(600);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await absolute.get(second.token, true)).toBeUndefined();
  });

  it('works on every replica: sign in on A, use it on B; sign out on B ends it on A', async () => {
    const [a, b] = [await replica(), await replica()];
    const cookie = await signIn(a);
    expect((await sessionOn(b, cookie)).status).toBe(200);
    expect((await post(b, '/bff/logout', cookie)).status).toBe(204);
    expect((await sessionOn(a, cookie)).status).toBe(401);
    expect((await sessionOn(b, cookie)).status).toBe(401);
  });

  it('survives a restart of the BFF: a new process with the same secret finds the session', async () => {
    const before = await replica();
    const cookie = await signIn(before, 'staff@example.com', 'staff-demo-pass');
    await Promise.all(connections.splice(0).map((c) => c.close()));
    const after = await replica();
    const response = await sessionOn(after, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { user: { email: 'staff@example.com' } } });
  });

  it('"sign out everywhere" ends all of that person\'s sessions on every replica, and nobody else\'s', async () => {
    const [a, b] = [await replica(), await replica()];
    const first = await signIn(a);
    const second = await signIn(b);
    const other = await signIn(a, 'staff@example.com', 'staff-demo-pass');
    const response = await post(b, '/bff/sessions/end-all', first);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ended: 2 } });
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
    for (const app of [a, b]) {
      expect((await sessionOn(app, first)).status).toBe(401);
      expect((await sessionOn(app, second)).status).toBe(401);
      expect((await sessionOn(app, other)).status).toBe(200);
    }
    expect((await post(a, '/bff/sessions/end-all', first)).status).toBe(401);
  });

  it("lists a person's sessions on every replica and ends one of them, only their own", async () => {
    const [a, b] = [await replica(), await replica()];
    const first = await signIn(a);
    const second = await signIn(a);
    const listed = await b.request('/bff/account/sessions', { headers: { 'x-csrf': '1', cookie: second } });
    const sessions = ((await listed.json()) as { data: { id: string; current: boolean; address: string }[] })
      .data;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session) => !session.current)!;
    const staff = await signIn(a, 'staff@example.com', 'staff-demo-pass');
    const foreign = await b.request(`/bff/account/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { ...WRITE_HEADERS, cookie: staff },
    });
    expect(foreign.status).toBe(404);
    expect((await sessionOn(a, first)).status).toBe(200);
    const ended = await b.request(`/bff/account/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { ...WRITE_HEADERS, cookie: second },
    });
    expect(ended.status).toBe(204);
    expect((await sessionOn(a, first)).status).toBe(401);
    expect((await sessionOn(a, second)).status).toBe(200);
  });
});
