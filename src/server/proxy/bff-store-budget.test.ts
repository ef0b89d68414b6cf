import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { teamAvailabilitySchema } from '../../schemas/assignment.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import type { Database } from '../db/database.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';
import {
  apiWrite,
  liveAppsPerTest,
  openStream,
  readInbox,
  streamWithReadyInbox,
  until,
} from '../testing/live-test-kit.ts';
import { sseReader } from '../testing/sse-reader.ts';
import { bffSender, errorOf, signIn, signInAs, type TestApp } from '../testing/test-app.ts';
import type { ApiBudgetLimits } from './api-budget.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';

const simulator = simulatorServerPer('test');
const liveApp = liveAppsPerTest(simulator);
let database: Database;
beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
}, 60_000);
afterAll(() => database.close());

/** A person may make five store requests, then one a minute (small, to reach it in a test). */
const FIVE: ApiBudgetLimits = {
  user: { burst: 5, perMinute: 1 },
  session: { burst: 5, perMinute: 1 },
  concurrentPerSession: 8,
};
const unknownIds = (count: number) => Array.from({ length: count }, (_, i) => `conv_nosuchthing${i}`);
/** Look-ups of single conversations the simulator answered. */
const lookUps = () =>
  simulator.server.simulator.requestLog
    .list()
    .filter((entry) => /^\/api\/v1\/agent-conversations\/[^/]+$/.test(entry.path)).length;

/**
 * A dashboard that reads its inbox as the browser does, again on each batch of pushed previews, until the
 * first pass is ready: a read while the model is not yet current costs the person's budget, which the
 * test below counts (polling every few milliseconds would spend it all before the test begins).
 */
async function streamWithInboxReadOnPreviews(app: TestApp, cookie: string) {
  const stream = sseReader(await openStream(app, cookie));
  while (!(await readInbox(app, cookie)).ready) await stream.next((event) => event.event === 'previews');
  return stream;
}

describe('store requests made by /bff routes', () => {
  it("are charged to the person's /api budget: a bulk snooze of unknown ids stops at it with 429", async () => {
    // No dashboard open: the inbox's model has not listed the store, so unknown ids are asked about.
    const { app } = await liveApp({}, { deps: { apiBudget: FIVE } });
    const sam = bffSender(app, await signInAs(app));
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const bulk = await sam('POST', '/bff/snoozes', { conversation_ids: unknownIds(20), until });
    expect(bulk.status).toBe(429);
    expect(Number(bulk.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(bulk)).toMatchObject({ code: 'rate_limited' });
    expect(lookUps()).toBeLessThanOrEqual(5);
    // The same budget as /api: Sam's next read through the proxy waits too; the owner's does not.
    expect((await sam('GET', '/api/v1/agent-conversations?limit=1')).status).toBe(429);
    const owner = bffSender(app, await signIn(app));
    expect((await owner('GET', '/api/v1/agent-conversations?limit=1')).status).toBe(200);
  });

  it('are not made once the model has listed the store: an unknown id is 404 from the model', async () => {
    const { app } = await liveApp({}, { deps: { apiBudget: FIVE } });
    const cookie = await signInAs(app, DEMO_ACCOUNTS.staff2.email);
    const stream = await streamWithReadyInbox(app, cookie);
    const alex = bffSender(app, cookie);
    const before = lookUps();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const bulk = await alex('POST', '/bff/snoozes', { conversation_ids: unknownIds(100), until });
    expect(bulk.status).toBe(200);
    const { data } = (await bulk.json()) as { data: { refused: { code: string }[] } };
    expect(data.refused).toHaveLength(100);
    expect(new Set(data.refused.map((refusal) => refusal.code))).toEqual(new Set(['unknown_conversation']));
    const note = await alex('POST', '/bff/conversations/conv_nosuchthing/notes', {
      body: `hello ${PRIVATE_TEXT_MARKER}`,
    });
    expect(note.status).toBe(404);
    expect(lookUps()).toBe(before);
    await stream.cancel();
  });

  it("are charged for a hand-back when going away: past the person's budget, 429 and nothing changed", async () => {
    const { app } = await liveApp(
      {},
      { deps: { apiBudget: FIVE, database: new DashboardDatabase(Promise.resolve(database)) } },
    );
    const samCookie = await signInAs(app);
    const stream = await streamWithInboxReadOnPreviews(app, samCookie);
    const sam = bffSender(app, samCookie);
    const ownerCookie = await signIn(app);
    const owner = bffSender(app, ownerCookie);
    // Two conversations waiting for a person become Sam's (the owner's requests, the owner's budget).
    const waiting = (await readInbox(app, samCookie, '?status=active&handoff_state=human')).data
      .filter((row) => row.conversation.assigned_to === null)
      .slice(0, 2)
      .map((row) => row.conversation);
    expect(waiting).toHaveLength(2);
    for (const conversation of waiting) {
      const assigned = await apiWrite(app, ownerCookie, 'PUT', `/agent-conversations/${conversation.id}`, {
        status: 'active',
        handoff_state: 'human',
        assigned_to: DEMO_ACCOUNTS.staff.storeUserId,
      });
      expect(assigned.status).toBe(200);
    }
    await until(
      () => readInbox(app, samCookie, `?status=active&assigned_to=${DEMO_ACCOUNTS.staff.storeUserId}`),
      (inbox) => inbox.data.length >= 2,
      "Sam's conversations in the model",
    );
    // Sam's reads through the proxy spend Sam's budget.
    for (let read = 0; read < 10; read += 1)
      if ((await sam('GET', '/api/v1/agent-conversations?limit=1')).status === 429) break;
    expect((await sam('GET', '/api/v1/agent-conversations?limit=1')).status).toBe(429);
    const writesBefore = simulator.server.simulator.requestLog
      .list()
      .filter((entry) => entry.method === 'PUT').length;

    const away = await sam('PUT', '/bff/availability', { status: 'away', hand_back: true });
    expect(away.status).toBe(429);
    expect(await errorOf(away)).toMatchObject({ code: 'rate_limited' });
    // Nothing half done: still available, still theirs, and no write reached the store.
    const team = teamAvailabilitySchema.parse(await (await sam('GET', '/bff/availability')).json());
    expect(team.data.find((person) => person.user_id === DEMO_ACCOUNTS.staff.storeUserId)?.chosen).toBe(
      'available',
    );
    expect(
      simulator.server.simulator.requestLog.list().filter((entry) => entry.method === 'PUT'),
    ).toHaveLength(writesBefore);
    for (const conversation of waiting) {
      const read = await owner('GET', `/api/v1/agent-conversations/${conversation.id}`);
      expect(((await read.json()) as { data: { assigned_to: string } }).data.assigned_to).toBe(
        DEMO_ACCOUNTS.staff.storeUserId,
      );
    }
    await stream.cancel();
  });
});
