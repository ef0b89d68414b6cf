import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import type { Database } from '../db/database.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';
import { firstPassDone, liveAppsPerTest, openStream, readyStream } from '../testing/live-test-kit.ts';
import { sseReader, type ParsedEvent } from '../testing/sse-reader.ts';
import { bffSender, signIn, signInAs, type TestApp } from '../testing/test-app.ts';

const simulator = simulatorServerPer('file');
const liveApp = liveAppsPerTest(simulator);
let database: Database;
beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
}, 60_000);
afterAll(() => database.close());

/**
 * Conversations per bulk change: while each conversation's change (and wake) was an event of its own, 60
 * tag changes and 60 snoozes of this many conversations were more than the window holds.
 */
const BULK = 30;

/** Sends the same kind of write until the budget refuses it; answers how many were taken. */
async function untilRefused(
  clock: { advance: (ms: number) => void },
  write: (attempt: number) => Promise<Response>,
): Promise<number> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    clock.advance(1);
    const response = await write(attempt);
    if (response.status === 429) return attempt;
    expect(response.status).toBe(200);
  }
  throw new Error('the budget never refused');
}

describe("one person's flood of writes", () => {
  it("leaves others' reconnects a replay: bulk tags, bulk snoozes and availability, each at its budget", async () => {
    // The budgets are the defaults. The clock moves a millisecond a write (each change is one of its own
    // in the history), so what is spent stays spent.
    const { app, clock } = await liveApp(
      {},
      { deps: { database: new DashboardDatabase(Promise.resolve(database)) } },
    );
    const owner = bffSender(app, await signIn(app));
    const alexCookie = await signInAs(app, DEMO_ACCOUNTS.staff2.email);
    const alex = await readyStream(app, alexCookie);
    const inbox = await firstPassDone(app, alexCookie);
    const tag = (await (await owner('POST', '/bff/tags', { name: 'Flood', colour: 'red' })).json()) as {
      data: { id: string };
    };
    // The last event Alex saw; everything after it is missed until Alex reconnects.
    const lastSeen = (await alex.next((event) => event.event === 'records')).id!;
    await alex.cancel();

    const sam = bffSender(app, await signInAs(app));
    const ids = inbox.data
      .filter((row) => row.conversation.status !== 'closed')
      .map((row) => row.conversation.id)
      .slice(0, BULK);
    expect(ids).toHaveLength(BULK);
    const tagged = await untilRefused(clock, (attempt) =>
      sam('POST', '/bff/conversation-tags', {
        conversation_ids: ids,
        ...(attempt % 2 === 0 ? { add: [tag.data.id] } : { remove: [tag.data.id] }),
      }),
    );
    // Each snooze wakes a millisecond later: a wave of wakes is a flood of its own.
    const snoozed = await untilRefused(clock, async () => {
      const until = new Date(clock.now() + 1).toISOString();
      const response = await sam('POST', '/bff/snoozes', { conversation_ids: ids, until });
      clock.advance(1);
      expect(await app.snoozeWaker.wakeDue()).toBe(response.status === 200 ? BULK : 0);
      return response;
    });
    const chosen = await untilRefused(clock, (attempt) =>
      sam('PUT', '/bff/availability', { status: attempt % 2 === 0 ? 'away' : 'available' }),
    );
    expect({ tagged, snoozed, chosen }).toEqual({ tagged: 60, snoozed: 60, chosen: 20 });

    // Alex reconnects from before the flood: a replay of all of it, not a resync.
    const missed = (await replayFor(app, alexCookie, lastSeen)).map((event) => event.event);
    expect(missed).not.toContain('resync');
    const count = (name: string) => missed.filter((event) => event === name).length;
    expect({ tags: count('records'), snooze: count('snooze'), availability: count('availability') }).toEqual({
      tags: tagged,
      snooze: 2 * snoozed,
      availability: chosen,
    });
  }, 60_000);
});

/**
 * The events a reconnect with `lastEventId` is given before its `ready`. A replay of more than a stream's
 * backlog ends that stream (the client reads too slowly for it): like a dashboard, this reconnects from the
 * last event it got until the replay is done.
 */
async function replayFor(app: TestApp, cookie: string, lastEventId: string): Promise<ParsedEvent[]> {
  const events: ParsedEvent[] = [];
  for (let from = lastEventId, reconnects = 0; reconnects < 20; reconnects += 1) {
    const stream = sseReader(await openStream(app, cookie, from));
    try {
      for (let event = await stream.next(); ; event = await stream.next()) {
        if (event.event === 'ready') {
          await stream.cancel();
          return events;
        }
        events.push(event);
        if (event.id) from = event.id;
      }
    } catch (error) {
      if (!(await stream.ended())) throw error;
    }
  }
  throw new Error('the replay never ended');
}
