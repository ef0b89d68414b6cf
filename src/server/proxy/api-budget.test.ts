import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { jsonHandler, startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { connectRedis, type RedisConnection } from '../redis/connection.ts';
import { redisSharedState } from '../composition/shared-state.ts';
import { keySpace, testRedisPerFile } from '../testing/test-redis-per-file.ts';
import { buildTestApp, manualClock, READ_HEADERS, signIn, type TestApp } from '../testing/test-app.ts';
import { apiBudgetFor } from './api-budget.ts';
import { capturedLogger } from '../testing/logged-lines.ts';

const logger = capturedLogger();

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.setHandler(jsonHandler(200, { data: {} })));

const LIMITS = {
  session: { burst: 5, perMinute: 60 },
  user: { burst: 8, perMinute: 120 },
  concurrentPerSession: 2,
};

describe('per-session and per-user /api budget', () => {
  it('gives one session its share: beyond it 429 rate_limited with Retry-After, others unaffected', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: { apiBudget: LIMITS },
    });
    const staff = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    const owner = await signIn(app);
    const get = (cookie: string) =>
      app.request('/api/v1/agent-conversations', { headers: { ...READ_HEADERS, cookie } });

    upstream.requests.length = 0;
    for (let i = 0; i < 5; i += 1) expect((await get(staff)).status).toBe(200);
    const refused = await get(staff);
    expect(refused.status).toBe(429);
    expect(errorEnvelopeSchema.parse(await refused.json()).error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(upstream.requests).toHaveLength(5);
    expect(logs.some((line) => line.includes('"event":"api.rate_limited"'))).toBe(true);

    // The owner still works, and the staff member's share refills with time.
    expect((await get(owner)).status).toBe(200);
    clock.advance(Number(refused.headers.get('retry-after')) * 1000);
    expect((await get(staff)).status).toBe(200);
  });

  it('caps a user across sessions (several tabs or devices)', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: { apiBudget: LIMITS },
    });
    const first = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    const second = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    const get = (cookie: string) =>
      app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await get(first)).status);
    for (let i = 0; i < 4; i += 1) statuses.push((await get(second)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });

  it('caps the requests one session has in flight upstream', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: { apiBudget: LIMITS } });
    const cookie = await signIn(app);
    const held: ServerResponse[] = [];
    upstream.setHandler((_request, response) => void held.push(response));
    const pending = [0, 1].map(async () =>
      app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } }),
    );
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const third = await app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    for (const response of held) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":{}}');
    }
    expect((await Promise.all(pending)).map((response) => response.status)).toEqual([200, 200]);
    upstream.setHandler(jsonHandler(200, { data: {} }));
    expect((await app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } })).status).toBe(
      200,
    );
  });

  it('never meets normal use with the default budget (a screen burst, then polling every 5 s)', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    const cookie = await signIn(app);
    const get = () => app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    for (let i = 0; i < 20; i += 1) expect((await get()).status).toBe(200);
    for (let tick = 0; tick < 120; tick += 1) {
      clock.advance(5000);
      // Inbox list, open transcript and its messages, each poll.
      for (let i = 0; i < 3; i += 1) expect((await get()).status).toBe(200);
    }
  });
});

describe('the per-person /api budget across sessions and replicas (one Redis)', () => {
  const redis = testRedisPerFile();
  const connections: RedisConnection[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
  });

  // One store: both replicas name their keys alike.
  const keyPrefix = keySpace('budget')('');
  const replica = async (clock: ReturnType<typeof manualClock>) => {
    const connection = await connectRedis({ url: redis.server.url, keyPrefix }, logger);
    connections.push(connection);
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: { apiBudget: apiBudgetFor(30), shared: redisSharedState(connection, logger) },
    });
    return app;
  };

  it('holds a person to API_USER_PER_MINUTE over three sessions on two replicas; the owner is unaffected', async () => {
    const clock = manualClock();
    const [a, b] = [await replica(clock), await replica(clock)];
    const staff = [
      await signIn(a, 'staff@example.com', 'staff-demo-pass'),
      await signIn(b, 'staff@example.com', 'staff-demo-pass'),
      await signIn(a, 'staff@example.com', 'staff-demo-pass'),
    ];
    const get = (app: TestApp, cookie: string) =>
      app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    // A burst of 20, then 30 a minute: over two minutes at most 20 + 60, however the requests are spread.
    let passed = 0;
    for (let second = 0; second < 120; second += 1) {
      for (const [i, cookie] of staff.entries()) {
        if ((await get(i === 1 ? b : a, cookie)).status === 200) passed += 1;
      }
      clock.advance(1000);
    }
    expect(passed).toBeGreaterThanOrEqual(78);
    expect(passed).toBeLessThanOrEqual(20 + 60);
    const owner = await signIn(b);
    expect((await get(b, owner)).status).toBe(200);
  });
});
