import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import type { AppDeps } from '../app.ts';
import { connectRedis, type RedisConnection } from '../redis/connection.ts';
import { redisSharedState } from '../composition/shared-state.ts';
import { startRedis } from '../testing/test-redis.ts';
import { testRedisPerFile } from '../testing/test-redis-per-file.ts';
import { redisLoginThrottle, ThrottleUnavailableError } from './login-throttle.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';
import { capturedLogger } from '../testing/logged-lines.ts';

// Two BFF replicas, each with its own connection, on one real redis-server: they must share one budget.
const redis = testRedisPerFile();
let upstream: FakeUpstream;
const connections: RedisConnection[] = [];
let replicaA: TestApp;
let replicaB: TestApp;

const addressFromHeader = {
  clientAddress: (c: { req: { header(name: string): string | undefined } }) =>
    c.req.header('x-test-client') ?? 'client-a',
};

/** A replica as the runtime builds it with REDIS_URL: the throttle shares the replicas' connection. */
async function replica(url: string, deps: Partial<AppDeps> = {}) {
  const connection = await connectRedis({ url, keyPrefix: 'bff:' }, capturedLogger());
  connections.push(connection);
  return buildTestApp({
    upstreamUrl: upstream.url,
    deps: { ...addressFromHeader, ...deps, shared: redisSharedState(connection, capturedLogger()) },
  });
}

const login = (app: TestApp, email: string, password: string, client: string) =>
  app.request('/bff/login', {
    method: 'POST',
    headers: { ...WRITE_HEADERS, 'x-test-client': client },
    body: JSON.stringify({ email, password }),
  });

beforeAll(async () => {
  upstream = await startFakeUpstream();
  [{ app: replicaA }, { app: replicaB }] = await Promise.all([
    replica(redis.server.url),
    replica(redis.server.url),
  ]);
}, 20_000);
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await upstream?.close();
});
beforeEach(async () => {
  await redis.client.flushall();
});

describe('sign-in throttle on Redis, shared by two replicas', () => {
  it('a stranger cannot lock the owner out: the right password from another address signs in', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await login(replicaA, 'owner@example.com', `g${i}`, '198.51.100.7')).status).toBe(401);
    for (let i = 3; i < 5; i += 1)
      expect((await login(replicaB, 'owner@example.com', `g${i}`, '198.51.100.7')).status).toBe(401);
    // The stranger's five failures, split over two replicas, count as five on both.
    for (const app of [replicaA, replicaB]) {
      const blocked = await login(app, 'owner@example.com', 'owner-demo-pass', '198.51.100.7');
      expect(blocked.status).toBe(429);
      expect(errorEnvelopeSchema.parse(await blocked.json()).error.code).toBe('rate_limited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect((await login(replicaB, 'owner@example.com', 'owner-demo-pass', '203.0.113.20')).status).toBe(200);
    expect((await login(replicaA, 'owner@example.com', 'owner-demo-pass', '203.0.113.21')).status).toBe(200);
  });

  it('shares the per-address budget: 20 failures over both replicas, then 429 on either', async () => {
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 === 0 ? replicaA : replicaB;
      expect((await login(app, `user${i}@example.com`, 'guess', '192.0.2.50')).status).toBe(401);
    }
    expect((await login(replicaA, 'owner@example.com', 'owner-demo-pass', '192.0.2.50')).status).toBe(429);
    expect((await login(replicaB, 'owner@example.com', 'owner-demo-pass', '192.0.2.50')).status).toBe(429);
    expect((await login(replicaB, 'owner@example.com', 'owner-demo-pass', '192.0.2.51')).status).toBe(200);
  });

  it('counts IPv6 clients per /64 on every replica', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const app = i % 2 === 0 ? replicaA : replicaB;
      expect((await login(app, 'staff@example.com', 'guess', `2001:db8:9:9::${i}`)).status).toBe(401);
    }
    expect(
      (await login(replicaA, 'staff@example.com', 'staff-demo-pass', '2001:db8:9:9:abcd::1')).status,
    ).toBe(429);
    expect((await login(replicaB, 'staff@example.com', 'staff-demo-pass', '2001:db8:9:a::1')).status).toBe(
      200,
    );
  });

  it('a sign-in turned away by the full password-check queue still spends its address budget', async () => {
    const { app: busy } = await replica(redis.server.url, { passwordParams: { ln: 12, r: 8, p: 1 } });
    // Fewer than the budget of 20, so only the queue (2 checks + 8 per address) turns any away.
    const burst = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const response = await login(busy, `nobody${i}@example.com`, 'guess', '192.0.2.60');
        return { status: response.status, body: await response.text() };
      }),
    );
    const checked = burst.filter((answer) => answer.status === 401).length;
    const queueRefusals = burst.filter((answer) => answer.body.includes('Too many sign-ins at once')).length;
    expect(checked + queueRefusals).toBe(15);
    expect(queueRefusals).toBeGreaterThan(0);
    // Every one of them was counted: one pair key each, and 5 of the address's 20 left.
    expect(await redis.client.keys('bff:signin:pair:*')).toHaveLength(15);
    let more = 0;
    while ((await login(replicaA, `later${more}@example.com`, 'guess', '192.0.2.60')).status === 401)
      more += 1;
    expect(more).toBe(5);
  });

  it('cannot be flushed by spraying junk: records stay, each with its window as TTL, and stay few per address', async () => {
    for (let i = 0; i < 5; i += 1) await login(replicaA, 'owner@example.com', `g${i}`, '198.51.100.7');
    for (let i = 0; i < 60; i += 1) {
      await login(i % 2 === 0 ? replicaA : replicaB, `junk${i}@example.com`, 'x', '192.0.2.70');
    }
    for (let i = 0; i < 40; i += 1) await login(replicaB, `junk${i}@example.com`, 'x', `192.0.2.${100 + i}`);
    expect((await login(replicaB, 'owner@example.com', 'owner-demo-pass', '198.51.100.7')).status).toBe(429);

    const keys = await redis.client.keys('bff:signin:*');
    // Attacker: 1 + 1 keys; sprayer from one address: 1 + 20 (refused attempts create none); 40 others: 2 each.
    expect(keys.length).toBe(2 + 21 + 80);
    const ttls = await Promise.all(keys.map((key) => redis.client.pttl(key)));
    expect(ttls.every((ttl) => ttl > 0 && ttl <= 15 * 60_000)).toBe(true);
    expect(keys.join(' ')).not.toMatch(/example\.com|192\.0\.2|198\.51/);
  });
});

describe('sign-in throttle when Redis does not answer', () => {
  it('answers 503 sign_in_unavailable, without checking the password', async () => {
    const { app, logs } = await replica('redis://127.0.0.1:1');
    const response = await login(app, 'owner@example.com', 'owner-demo-pass', '192.0.2.80');
    expect(response.status).toBe(503);
    expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe('sign_in_unavailable');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(logs.join('\n')).not.toMatch(/owner-demo-pass/);
  });

  it('gives up on a Redis that went away instead of waiting on its reconnect', async () => {
    const gone = await startRedis();
    // Default client options: commands wait in ioredis's offline queue while it reconnects.
    const client = new Redis(gone.url);
    client.on('error', () => undefined);
    await client.ping();
    await gone.stop();
    const throttle = redisLoginThrottle(client, undefined, 300);
    await expect(throttle.begin('owner@example.com', '192.0.2.81')).rejects.toBeInstanceOf(
      ThrottleUnavailableError,
    );
    client.disconnect();
  });
});
