import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { InboxResponse } from '../../schemas/inbox.ts';
import type { Note, NoteSummary } from '../../schemas/note.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import type { Database } from '../db/database.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import { bffSender, buildTestApp, signInAs, type TestApp } from '../testing/test-app.ts';
import type { ParsedEvent } from '../testing/sse-reader.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';

const replicas = replicasOnOneRedis('replay-test:');

let database: Database;
beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
}, 60_000);
afterAll(() => database.close());
const memoryApps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(memoryApps.splice(0).map((app) => app.liveHub.close()));
});

/** One app: on its own (memory log), or a replica on the shared Redis. */
async function appOn(mode: 'memory' | 'redis'): Promise<TestApp> {
  const dashboardDatabase = new DashboardDatabase(Promise.resolve(database));
  if (mode === 'redis') return (await replicas.replica(undefined, { database: dashboardDatabase })).app;
  const { app } = await buildTestApp({
    upstreamUrl: replicas.simulator.url,
    deps: { database: dashboardDatabase },
  });
  memoryApps.push(app);
  return app;
}

const noteOf = (event: ParsedEvent) => (event.data as { change: string; note: NoteSummary }).note;

describe.each(['memory', 'redis'] as const)('a replay after reconnecting (%s log)', (mode) => {
  it('never carries the words of a note since deleted or edited, only what each note says now', async () => {
    const app = await appOn(mode);
    const cookie = await signInAs(app);
    const sam = bffSender(app, cookie);
    const inbox = (await (await sam('GET', '/bff/inbox')).json()) as InboxResponse;
    const notesPath = `/bff/conversations/${inbox.data[0]!.conversation.id}/notes`;
    const first = await replicas.stream(app, cookie);
    const resumeFrom = (await first.next((event) => event.event === 'ready')).id!;

    const write = async (method: string, path: string, body?: unknown) => {
      const response = await sam(method, path, body);
      expect(response.status).toBeLessThan(300);
      return ((await response.json()) as { data: Note }).data;
    };
    const deleted = await write('POST', notesPath, {
      body: `her card number is 4111, delete this ${PRIVATE_TEXT_MARKER}`,
      mentioned_user_ids: [DEMO_ACCOUNTS.staff2.storeUserId],
    });
    const edited = await write('POST', notesPath, {
      body: `first words, soon edited away ${PRIVATE_TEXT_MARKER}`,
    });
    await write('PATCH', `/bff/notes/${edited.id}`, { body: `the words it has now ${PRIVATE_TEXT_MARKER}` });
    await write('DELETE', `/bff/notes/${deleted.id}`);
    // This replica has delivered all four (its position is past them) before the reconnect.
    for (let seen = 0; seen < 4; seen += 1) await first.next((event) => event.event === 'note');
    await first.cancel();

    const again = await replicas.stream(app, cookie, resumeFrom);
    const replayed: ParsedEvent[] = [];
    for (let event = await again.next(); event.event !== 'ready'; event = await again.next())
      replayed.push(event);
    const notes = replayed.filter((event) => event.event === 'note');
    // Added and deleted, added and edited: four changes, each as the note is now.
    expect(notes).toHaveLength(4);
    const text = JSON.stringify(replayed);
    expect(text).not.toContain('4111');
    expect(text).not.toContain('first words');
    for (const event of notes.filter((e) => noteOf(e).id === deleted.id))
      expect(event.data).toMatchObject({
        change: 'deleted',
        note: { preview: '', mentioned_user_ids: [] },
        newly_mentioned_user_ids: [],
      });
    for (const event of notes.filter((e) => noteOf(e).id === edited.id))
      expect(noteOf(event).preview).toBe(`the words it has now ${PRIVATE_TEXT_MARKER}`);
  });

  it('answers a Last-Event-ID from before the session began with a resync, not a replay', async () => {
    const app = await appOn(mode);
    const samCookie = await signInAs(app);
    const sam = bffSender(app, samCookie);
    const inbox = (await (await sam('GET', '/bff/inbox')).json()) as InboxResponse;
    const first = await replicas.stream(app, samCookie);
    const head = (await first.next((event) => event.event === 'ready')).id!;
    const written = await sam('POST', `/bff/conversations/${inbox.data[0]!.conversation.id}/notes`, {
      body: `written before Alex signed in ${PRIVATE_TEXT_MARKER}`,
    });
    expect(written.status).toBe(201);
    // Delivered on this replica (its position is past it) a moment before Alex signs in.
    await first.next((event) => event.event === 'note');
    await first.cancel();
    await new Promise((resolve) => setTimeout(resolve, 5));

    const alexCookie = await signInAs(app, DEMO_ACCOUNTS.staff2.email);
    // The oldest id there can be: the Redis stream's start, the memory log's first sequence.
    const oldest = mode === 'redis' ? '0-0' : `${head.split('-')[0]}-0`;
    for (const lastEventId of [oldest, head]) {
      const resumed = await replicas.stream(app, alexCookie, lastEventId);
      const seen = await resumed.next((event) => event.event === 'resync' || event.event === 'note');
      expect(seen.event).toBe('resync');
      await resumed.cancel();
    }
    // Sam, signed in before the note, still gets it replayed.
    const samResumed = await replicas.stream(app, samCookie, head);
    expect((await samResumed.next((event) => event.event === 'resync' || event.event === 'note')).event).toBe(
      'note',
    );
  });
});
