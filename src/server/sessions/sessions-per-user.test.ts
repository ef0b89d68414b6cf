import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedStatesPerFile, testRedisPerFile } from '../testing/test-redis-per-file.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, manualClock, READ_HEADERS, signInAs } from '../testing/test-app.ts';

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

const stores = sharedStatesPerFile(redis, 'cap:');

describe.each(stores)('sessions per person (%s)', (_, sharedState) => {
  it('ends the oldest sessions beyond the cap of 10, and only that person’s', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: { shared: await sharedState() },
    });
    const owner = await signInAs(app, 'owner@example.com');
    const cookies: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      cookies.push(await signInAs(app, 'staff@example.com'));
      clock.advance(1000);
    }
    const status = async (cookie: string) =>
      (await app.request('/bff/session', { headers: { ...READ_HEADERS, cookie } })).status;
    const statuses = await Promise.all(cookies.map(status));
    expect(statuses).toEqual([401, 401, ...Array<number>(10).fill(200)]);
    expect(await status(owner)).toBe(200);
    const revoked = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'auth.session_revoked' && line.reason === 'session_cap');
    expect(revoked).toHaveLength(2);
    expect(revoked.map((line) => line.sessions)).toEqual([1, 1]);
    expect(revoked[0]!.user_id).toBe(revoked[1]!.user_id);
  });
});
