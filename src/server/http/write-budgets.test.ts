import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { InboxResponse } from '../../schemas/inbox.ts';
import type { Note } from '../../schemas/note.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import type { Database } from '../db/database.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import {
  bffSender,
  buildTestApp,
  errorOf,
  signIn,
  signInAs,
  type BffSend,
  type TestApp,
} from '../testing/test-app.ts';
import { DEFAULT_WRITE_BUDGETS, type WriteBudgetLimits } from './write-budgets.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';

const replicas = replicasOnOneRedis('write-budget-test:');
let database: Database;
beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
}, 60_000);
afterAll(() => database.close());
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.liveHub.close()));
});

/** Tiny budgets that refill slowly: what a test spends stays spent. */
const slow = (burst: number) => ({ burst, perMinute: 0.001 });
const TINY: WriteBudgetLimits = {
  notes: slow(3),
  noteBytes: slow(25_000),
  mentionsPerRecipient: slow(2),
  tags: slow(1),
  snoozes: slow(1),
  savedReplies: slow(1),
  availability: slow(1),
};

async function appWith(budgets: Partial<WriteBudgetLimits>) {
  const { app } = await buildTestApp({
    upstreamUrl: replicas.simulator.url,
    deps: {
      database: new DashboardDatabase(Promise.resolve(database)),
      writeBudgets: { ...DEFAULT_WRITE_BUDGETS, ...budgets },
    },
  });
  apps.push(app);
  return app;
}

async function firstConversation(send: BffSend): Promise<string> {
  const inbox = (await (await send('GET', '/bff/inbox')).json()) as InboxResponse;
  return inbox.data[0]!.conversation.id;
}

async function expectLimited(response: Response, what: RegExp) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const error = await errorOf(response);
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(what);
}

describe("budgets for the dashboard's own writes", () => {
  it('notes: a count a minute, then 429 with Retry-After, and the refused note is not saved', async () => {
    const app = await appWith({ notes: TINY.notes });
    const sam = bffSender(app, await signInAs(app));
    const path = `/bff/conversations/${await firstConversation(sam)}/notes`;
    for (let i = 0; i < 3; i += 1)
      expect((await sam('POST', path, { body: `note ${i} ${PRIVATE_TEXT_MARKER}` })).status).toBe(201);
    await expectLimited(
      await sam('POST', path, { body: `one too many ${PRIVATE_TEXT_MARKER}` }),
      /too many notes/,
    );
    const listed = ((await (await sam('GET', path)).json()) as { data: Note[] }).data;
    expect(listed.map((note) => note.body)).not.toContain('one too many');
    // An edit is a write too.
    await expectLimited(
      await sam('PATCH', `/bff/notes/${listed[0]!.id}`, { body: `edited ${PRIVATE_TEXT_MARKER}` }),
      /notes/,
    );
    // Another person's budget is their own.
    const alex = bffSender(app, await signInAs(app, DEMO_ACCOUNTS.staff2.email));
    expect((await alex('POST', path, { body: `mine ${PRIVATE_TEXT_MARKER}` })).status).toBe(201);
  });

  it('notes: their bytes a minute, and mentions of one teammate a minute (others can still be told)', async () => {
    const app = await appWith({ noteBytes: TINY.noteBytes, mentionsPerRecipient: TINY.mentionsPerRecipient });
    const sam = bffSender(app, await signInAs(app));
    const path = `/bff/conversations/${await firstConversation(sam)}/notes`;
    // 5 000 three-byte characters: 15 000 bytes, so the second does not fit in 25 000.
    expect((await sam('POST', path, { body: '€'.repeat(5000) })).status).toBe(201);
    await expectLimited(await sam('POST', path, { body: '€'.repeat(5000) }), /notes/);

    const other = await appWith({ mentionsPerRecipient: TINY.mentionsPerRecipient });
    const samThere = bffSender(other, await signInAs(other));
    const there = `/bff/conversations/${await firstConversation(samThere)}/notes`;
    const mention = (ids: string[]) =>
      samThere('POST', there, { body: `look ${PRIVATE_TEXT_MARKER}`, mentioned_user_ids: ids });
    const alex = DEMO_ACCOUNTS.staff2.storeUserId;
    expect((await mention([alex])).status).toBe(201);
    expect((await mention([alex])).status).toBe(201);
    await expectLimited(await mention([alex]), /notes/);
    expect((await mention([DEMO_ACCOUNTS.owner.storeUserId])).status).toBe(201);
  });

  it('tags, snoozes, saved replies and availability each have their own budget', async () => {
    const app = await appWith({
      tags: TINY.tags,
      snoozes: TINY.snoozes,
      savedReplies: TINY.savedReplies,
      availability: TINY.availability,
    });
    const owner = bffSender(app, await signIn(app));
    expect((await owner('POST', '/bff/tags', { name: 'Returns', colour: 'sky' })).status).toBe(201);
    await expectLimited(await owner('POST', '/bff/tags', { name: 'Sizing', colour: 'red' }), /tag changes/);
    const reply = { title: 'Returns', text: `We take returns within 30 days. ${PRIVATE_TEXT_MARKER}` };
    expect((await owner('POST', '/bff/saved-replies', reply)).status).toBe(201);
    await expectLimited(
      await owner('POST', '/bff/saved-replies', { ...reply, title: 'Again' }),
      /saved reply changes/,
    );
    const id = await firstConversation(owner);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await owner('PUT', `/bff/conversations/${id}/snooze`, { until })).status).toBe(200);
    await expectLimited(await owner('DELETE', `/bff/conversations/${id}/snooze`), /snoozes/);
    expect((await owner('PUT', '/bff/availability', { status: 'away' })).status).toBe(200);
    await expectLimited(
      await owner('PUT', '/bff/availability', { status: 'available' }),
      /availability changes/,
    );
  });

  it('hold over replicas together (Redis)', async () => {
    const dashboardDatabase = new DashboardDatabase(Promise.resolve(database));
    const deps = { database: dashboardDatabase, writeBudgets: { ...DEFAULT_WRITE_BUDGETS, notes: slow(2) } };
    const a = await replicas.replica(undefined, deps);
    const b = await replicas.replica(undefined, deps);
    const cookie = await signInAs(a.app);
    const [onA, onB] = [bffSender(a.app, cookie), bffSender(b.app, cookie)];
    const path = `/bff/conversations/${await firstConversation(onA)}/notes`;
    expect((await onA('POST', path, { body: `on A ${PRIVATE_TEXT_MARKER}` })).status).toBe(201);
    expect((await onB('POST', path, { body: `on B ${PRIVATE_TEXT_MARKER}` })).status).toBe(201);
    await expectLimited(await onA('POST', path, { body: `third ${PRIVATE_TEXT_MARKER}` }), /notes/);
    await expectLimited(await onB('POST', path, { body: `third ${PRIVATE_TEXT_MARKER}` }), /notes/);
  });
});
