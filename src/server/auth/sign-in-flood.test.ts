import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedStatesPerFile, testRedisPerFile } from '../testing/test-redis-per-file.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, manualClock, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';

// A distributed flood of sign-ins (64 address groups, each up to its budget) while the owner, who signed
// in from this browser before, signs in from a new address group again and again: every owner try gets in.

const redis = testRedisPerFile();
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream?.close();
});
beforeEach(async () => {
  await redis.client.flushall();
});

const GROUPS = 64;
const BUDGET = 20;
const OWNER_TRIES = 8;

const login = (app: TestApp, email: string, password: string, client: string, cookie?: string) =>
  app.request('/bff/login', {
    method: 'POST',
    headers: { ...WRITE_HEADERS, 'x-test-client': client, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });

const stores = sharedStatesPerFile(redis, 'flood:');

describe.each(stores)('a sign-in flood from %s-backed replicas', (_, sharedState) => {
  it('lets the owner in on every try while 64 address groups flood; the flood pays for and logs its refusals', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: {
        shared: await sharedState(),
        clientAddress: (c) => c.req.header('x-test-client') ?? 'client-a',
        // A decoy hash that takes a few milliseconds, so the flood's checks really occupy the one slot.
        passwordParams: { ln: 12, r: 8, p: 1 },
        hashConcurrency: { running: 1, queued: 8, queuedPerAddress: 2 },
      },
    });
    // The owner signed in from this browser before: it holds the known-browser cookie.
    const first = await login(app, 'owner@example.com', 'owner-demo-pass', '198.51.100.1');
    expect(first.status).toBe(200);
    const knownBrowser = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('known_browser='))!
      .split(';')[0]!;

    // Each group sends its whole budget, two at a time, with the owner's email and strangers'.
    let sent = 0;
    let answered = 0;
    const answers = new Map<string, { status: number; body: string }[]>();
    const floodGroup = async (group: string) => {
      const mine: { status: number; body: string }[] = [];
      answers.set(group, mine);
      const chain = async (lane: number) => {
        for (let i = lane; i < BUDGET; i += 2) {
          sent += 1;
          // The owner's email four times: under its pair limit of 5, so every try counts for the group.
          const email = i % 5 === 0 ? 'owner@example.com' : `nobody${i}@example.com`;
          const response = await login(app, email, 'guess', group);
          mine.push({ status: response.status, body: await response.text() });
          answered += 1;
        }
      };
      await Promise.all([chain(0), chain(1)]);
    };
    const groups = Array.from({ length: GROUPS }, (_, i) => `2001:db8:${(i + 1).toString(16)}::1`);
    const flood = Promise.all(groups.map(floodGroup));

    // The owner tries at fixed points of the flood's progress (not of time), each from a new group.
    const ownerStatuses: number[] = [];
    for (let attempt = 1; attempt <= OWNER_TRIES; attempt += 1) {
      while (sent < (attempt * GROUPS * BUDGET) / (OWNER_TRIES + 2))
        await new Promise((resolve) => setImmediate(resolve));
      // The flood is on: sign-ins of it are in flight and more are still to come.
      expect(sent - answered).toBeGreaterThan(0);
      const response = await login(
        app,
        'owner@example.com',
        'owner-demo-pass',
        `203.0.113.${attempt}`,
        knownBrowser,
      );
      ownerStatuses.push(response.status);
    }
    await flood;
    expect(ownerStatuses).toEqual(Array(OWNER_TRIES).fill(200));

    // The full queue turned many of the flood's sign-ins away, and each of them was counted: every group
    // spent exactly its budget (checked or refused), so its next sign-in is refused by the throttle.
    const queueRefusals = [...answers.values()]
      .flat()
      .filter((answer) => answer.body.includes('Too many sign-ins at once')).length;
    expect(queueRefusals).toBeGreaterThan(GROUPS);
    for (const group of groups) {
      const mine = answers.get(group)!;
      expect(mine).toHaveLength(BUDGET);
      expect(mine.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
      const next = await login(app, 'owner@example.com', 'owner-demo-pass', group);
      expect(next.status).toBe(429);
      expect(await next.text()).toContain('Too many failed sign-ins');
    }

    // Logged as security events naming the group, within the log's own budget (fewer lines than refusals).
    const throttled = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'auth.sign_in_throttled');
    expect(throttled.some((line) => line.scope === 'queue' && groups.includes(String(line.client)))).toBe(
      true,
    );
    expect(throttled.every((line) => typeof line.group === 'string')).toBe(true);
    expect(throttled.length).toBeLessThan(queueRefusals + GROUPS);
    // A minute later the log has room again, and its next line says how many were left out.
    clock.advance(60_000);
    await login(app, 'late@example.com', 'guess', groups[0]!);
    const last = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .findLast((line) => line.event === 'auth.sign_in_throttled');
    expect(last).toMatchObject({
      event: 'auth.sign_in_throttled',
      scope: 'address',
      group: '2001:db8:1:0::/64',
    });
    expect(Number(last?.suppressed_since_last)).toBeGreaterThan(0);
  });

  it('without the cookie, a known network is checked before new ones', async () => {
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: {
        shared: await sharedState(),
        clientAddress: (c) => c.req.header('x-test-client') ?? 'client-a',
        passwordParams: { ln: 12, r: 8, p: 1 },
        hashConcurrency: { running: 1, queued: 4, queuedPerAddress: 1 },
      },
    });
    // Staff signed in from the shop's network before (a different browser, no cookie sent below).
    expect((await login(app, 'staff@example.com', 'staff-demo-pass', '192.0.2.10')).status).toBe(200);
    const flood = Array.from(
      { length: 40 },
      async (_, i) => (await login(app, `x${i}@example.com`, 'guess', `10.9.${i}.1`)).status,
    );
    // The queue is full of new networks' sign-ins (it has begun turning them away) when the owner comes.
    while (!logs.some((line) => line.includes('"scope":"queue"')))
      await new Promise((resolve) => setImmediate(resolve));
    const owner = await login(app, 'owner@example.com', 'owner-demo-pass', '192.0.2.10');
    expect(owner.status).toBe(200);
    expect(await Promise.all(flood)).toContain(429);
  });

  it('a flood from one /56 (many /64s) takes no more of the queue than one client: a stranger elsewhere gets in', async () => {
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: {
        shared: await sharedState(),
        clientAddress: (c) => c.req.header('x-test-client') ?? 'client-a',
        passwordParams: { ln: 12, r: 8, p: 1 },
        hashConcurrency: { running: 1, queued: 8, queuedPerAddress: 2 },
      },
    });
    const flood = Array.from(
      { length: 200 },
      async (_, i) =>
        (await login(app, `x${i}@example.com`, 'guess', `2001:db8:7:${(i + 1).toString(16)}::1`)).status,
    );
    while (!logs.some((line) => line.includes('"scope":"queue"')))
      await new Promise((resolve) => setImmediate(resolve));
    // A first sign-in ever: no cookie, a network that never signed in.
    expect((await login(app, 'owner@example.com', 'owner-demo-pass', '2001:db8:99::1')).status).toBe(200);
    expect(await Promise.all(flood)).toContain(429);
  });
});
