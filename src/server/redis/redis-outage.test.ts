import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HEALTH_TOKEN_HEADER } from '../store-api/health.ts';
import { createLogger } from '../log/logger.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, READ_HEADERS, signIn } from '../testing/test-app.ts';
import { captureLogs, capturedLogger } from '../testing/logged-lines.ts';
import { connectRedis, type RedisConnection } from './connection.ts';
import { redisSharedState } from '../composition/shared-state.ts';
import { startRedis, type TestRedis } from '../testing/test-redis.ts';

let redis: TestRedis;
let upstream: FakeUpstream;
let connection: RedisConnection;
const logs = captureLogs();
beforeAll(async () => {
  [redis, upstream] = await Promise.all([startRedis(), startFakeUpstream()]);
  connection = await connectRedis({ url: redis.url, keyPrefix: 'outage:' }, createLogger('info', logs));
});
afterAll(async () => {
  await connection.close();
  await Promise.all([redis.stop(), upstream.close()]);
});

const TOKEN = 'health-token-health-token';

it('Redis down: 503 with a clear code and /readyz says why; no crash, no memory fallback; recovers by itself', async () => {
  const { app } = await buildTestApp({
    upstreamUrl: upstream.url,
    config: { healthToken: TOKEN },
    deps: {
      shared: redisSharedState(connection, capturedLogger()),
      clientAddress: () => '203.0.113.9',
    },
  });
  const cookie = await signIn(app);
  expect((await app.request('/readyz')).status).toBe(200);
  // Written to disk so the restarted server comes back with the session (as a persistent Redis would).
  const probe = new Redis(redis.url);
  await probe.save();
  probe.disconnect();

  await redis.kill();
  await expect.poll(() => connection.health().ok, { timeout: 5000 }).toBe(false);
  for (const path of ['/bff/session', '/api/v1/agent-config']) {
    const refused = await app.request(path, { headers: { ...READ_HEADERS, cookie } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: { code: 'session_store_unavailable' } });
  }
  // A sign-in cannot start a session that the other replicas would not know: refused the same way.
  const login = await app.request('/bff/login', {
    method: 'POST',
    headers: { 'x-csrf': '1', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
  });
  expect(login.status).toBe(503);
  expect((await app.request('/healthz')).status).toBe(200);
  // The reason only for the health token (the caller here is not on loopback).
  const anonymous = await app.request('/readyz');
  expect(anonymous.status).toBe(503);
  expect(await anonymous.json()).toEqual({ status: 'not_ready' });
  const trusted = await app.request('/readyz', { headers: { [HEALTH_TOKEN_HEADER]: TOKEN } });
  expect(trusted.status).toBe(503);
  const body = (await trusted.json()) as { reason: string };
  expect(body.reason).toMatch(/^redis_unreachable: /);
  expect(body.reason).not.toContain(redis.url);
  expect(logs.lines.join('\n')).not.toContain(redis.url);

  await redis.restart();
  await expect.poll(() => connection.health().ok, { timeout: 10_000 }).toBe(true);
  expect((await app.request('/readyz')).status).toBe(200);
  const session = await app.request('/bff/session', { headers: { ...READ_HEADERS, cookie } });
  expect(session.status).toBe(200);
  await app.liveHub.close();
});
