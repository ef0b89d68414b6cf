import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { InboxResponse } from '../../schemas/inbox.ts';
import type { LiveEvent } from '../../schemas/live.ts';
import { NOTE_BODY_MAX } from '../../schemas/limits.ts';
import type { Mention, Note } from '../../schemas/note.ts';
import {
  buildTestApp,
  manualClock,
  READ_HEADERS,
  signIn,
  signInAs,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
});
afterAll(() => simulator.close());

const SAM = DEMO_ACCOUNTS.staff.storeUserId;
const ALEX = DEMO_ACCOUNTS.staff2.storeUserId;

interface ErrorAnswer {
  error: { code: string; message: string; field?: string; reason?: string };
}

function client(app: TestApp) {
  const read = (path: string, cookie: string) => app.request(path, { headers: { ...READ_HEADERS, cookie } });
  const write = (method: string, path: string, body: unknown, cookie: string) =>
    app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie },
      ...(body === undefined
        ? {}
        : {
            body:
              typeof body === 'string' || body instanceof Uint8Array
                ? (body as Uint8Array<ArrayBuffer>)
                : JSON.stringify(body),
          }),
    });
  return { read, write };
}

describe.each(bothDrivers())('internal notes on %s', (driver) => {
  let app: TestApp;
  let sam: string;
  let alex: string;
  let owner: string;
  let conversationId: string;
  const clock = manualClock(Date.now());
  const events: LiveEvent[] = [];
  beforeAll(async () => {
    ({ app } = await buildTestApp({
      upstreamUrl: simulator.url,
      now: clock.now,
      deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) },
    }));
    app.liveHub.log.subscribe((event) => events.push(event));
    [sam, alex, owner] = await Promise.all([
      signInAs(app),
      signInAs(app, DEMO_ACCOUNTS.staff2.email),
      signIn(app),
    ]);
    // A conversation the inbox lists (the read model, or the API's own first page).
    const inbox = (await (await client(app).read('/bff/inbox', sam)).json()) as InboxResponse;
    conversationId = inbox.data[0]!.conversation.id;
  });

  const notesPath = () => `/bff/conversations/${conversationId}/notes`;
  const list = async (cookie = sam) =>
    ((await (await client(app).read(notesPath(), cookie)).json()) as { data: Note[] }).data;
  const add = async (body: unknown, cookie = sam) => client(app).write('POST', notesPath(), body, cookie);
  const addNote = async (body: string, mentioned: string[] = []) => {
    const response = await add({ body, mentioned_user_ids: mentioned });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: Note }).data;
  };
  const history = async () =>
    (
      (await (await client(app).read(`/bff/conversations/${conversationId}/history`, sam)).json()) as {
        data: { kind: string; actor_user_id: string | null; note_id?: string }[];
      }
    ).data;
  const mentions = async (cookie: string) =>
    (await (await client(app).read('/bff/mentions', cookie)).json()) as { data: Mention[]; unread: number };
  const refusal = async (response: Response) => ((await response.json()) as ErrorAnswer).error;

  it('a note mentioning a teammate is listed, in the history, live, on the row, and never sent to the store', async () => {
    simulator.simulator.requestLog.clear();
    events.length = 0;
    const note = await addNote('@Alex Kim she wants the blue one, check stock first', [ALEX]);
    expect(note).toMatchObject({
      conversation_id: conversationId,
      author_user_id: SAM,
      mentioned_user_ids: [ALEX],
      edited_at: null,
    });
    expect((await list()).map((listed) => listed.body)).toEqual([
      '@Alex Kim she wants the blue one, check stock first',
    ]);
    expect(await history()).toContainEqual(
      expect.objectContaining({ kind: 'note_added', actor_user_id: SAM, note_id: note.id }),
    );
    const noteEvent = events.find((event) => event.name === 'note');
    expect(noteEvent?.data).toMatchObject({
      conversation_id: conversationId,
      change: 'added',
      newly_mentioned_user_ids: [ALEX],
    });
    expect(events.some((event) => event.name === 'history')).toBe(true);
    // Nothing but reads reached the Commerce API.
    expect(simulator.simulator.requestLog.list().filter((entry) => entry.method !== 'GET')).toEqual([]);
    const inbox = (await (await client(app).read('/bff/inbox', sam)).json()) as InboxResponse;
    expect(inbox.data.find((row) => row.conversation.id === conversationId)?.note_count).toBe(1);
  });

  it('the mentioned teammate finds it unread in their mentions until they open it', async () => {
    const note = await addNote('@Alex Kim can you call her back?', [ALEX]);
    expect(await mentions(alex)).toMatchObject({ unread: 1, data: [{ note: { id: note.id }, read: false }] });
    expect((await mentions(sam)).data).toEqual([]);
    expect((await client(app).write('PUT', `/bff/mentions/${note.id}/read`, undefined, alex)).status).toBe(
      204,
    );
    expect(await mentions(alex)).toMatchObject({ unread: 0, data: [{ note: { id: note.id }, read: true }] });
    // A note that does not mention them cannot be marked.
    expect(
      await refusal(await client(app).write('PUT', `/bff/mentions/${note.id}/read`, undefined, sam)),
    ).toMatchObject({ code: 'note_not_found' });
  });

  it('its author edits it (shown as edited, newly mentioned teammates alerted); nobody else can', async () => {
    const note = await addNote('first words');
    events.length = 0;
    clock.advance(1000);
    const edited = await client(app).write(
      'PATCH',
      `/bff/notes/${note.id}`,
      { body: 'better words @Alex Kim', mentioned_user_ids: [ALEX] },
      sam,
    );
    expect(edited.status).toBe(200);
    const { data } = (await edited.json()) as { data: Note };
    expect(data.body).toBe('better words @Alex Kim');
    expect(data.edited_at).not.toBeNull();
    expect(events.find((event) => event.name === 'note')?.data).toMatchObject({
      change: 'edited',
      newly_mentioned_user_ids: [ALEX],
    });
    expect(await history()).toContainEqual(
      expect.objectContaining({ kind: 'note_edited', actor_user_id: SAM, note_id: note.id }),
    );
    for (const cookie of [alex, owner]) {
      const refused = await client(app).write('PATCH', `/bff/notes/${note.id}`, { body: 'mine now' }, cookie);
      expect(refused.status).toBe(403);
      expect(await refusal(refused)).toMatchObject({ code: 'note_not_yours' });
    }
    expect((await list()).find((listed) => listed.id === note.id)?.body).toBe('better words @Alex Kim');
  });

  it('its author or an owner deletes it, another staff member cannot; the history keeps who did', async () => {
    const own = await addNote('to be deleted by me');
    const other = await addNote('to be deleted by the owner');
    const refused = await client(app).write('DELETE', `/bff/notes/${own.id}`, undefined, alex);
    expect(refused.status).toBe(403);
    expect(await refusal(refused)).toMatchObject({ code: 'note_not_yours' });
    expect((await client(app).write('DELETE', `/bff/notes/${own.id}`, undefined, sam)).status).toBe(200);
    expect((await client(app).write('DELETE', `/bff/notes/${other.id}`, undefined, owner)).status).toBe(200);
    const remaining = (await list()).map((note) => note.id);
    expect(remaining).not.toContain(own.id);
    expect(remaining).not.toContain(other.id);
    expect(await history()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'note_deleted', actor_user_id: SAM, note_id: own.id }),
        expect.objectContaining({
          kind: 'note_deleted',
          actor_user_id: DEMO_ACCOUNTS.owner.storeUserId,
          note_id: other.id,
        }),
      ]),
    );
    const again = await client(app).write('DELETE', `/bff/notes/${own.id}`, undefined, sam);
    expect(again.status).toBe(404);
    expect(await refusal(again)).toMatchObject({ code: 'note_not_found' });
  });

  it('pages newest first with a cursor: a new note is on the first page, pages neither overlap nor skip', async () => {
    const written: string[] = [];
    for (let n = 0; n < 5; n += 1)
      written.push((await addNote(`paged note ${n}, ${PRIVATE_TEXT_MARKER}`)).id);
    type Page = { data: Note[]; page: { has_more: boolean; next_cursor?: string } };
    const pageAfter = async (after?: string) => {
      const query = after === undefined ? '' : `&after=${encodeURIComponent(after)}`;
      const response = await client(app).read(`${notesPath()}?limit=2${query}`, sam);
      expect(response.status).toBe(200);
      return (await response.json()) as Page;
    };
    const walk = async () => {
      const pages = [await pageAfter()];
      while (pages.at(-1)!.page.has_more) pages.push(await pageAfter(pages.at(-1)!.page.next_cursor));
      return pages.map((page) => page.data.map((note) => note.id));
    };
    expect(await walk()).toEqual([[written[4], written[3]], [written[2], written[1]], [written[0]]]);
    const newest = await addNote('written after the walk');
    expect((await pageAfter()).data[0]?.id).toBe(newest.id);
    const unknownCursor = await client(app).read(`${notesPath()}?after=not-a-cursor`, sam);
    expect(unknownCursor.status).toBe(400);
    expect(await refusal(unknownCursor)).toMatchObject({ code: 'invalid_request', field: 'after' });
  });

  it('goes live as its id and a short preview; the whole note is read on demand', async () => {
    events.length = 0;
    const long = `${'long words '.repeat(400)}${PRIVATE_TEXT_MARKER}`;
    const note = await addNote(long);
    const live = events.find((event) => event.name === 'note');
    expect(live?.data).toMatchObject({ change: 'added', note: { id: note.id } });
    expect(JSON.stringify(live).length).toBeLessThan(1_000);
    expect(JSON.stringify(live)).not.toContain(PRIVATE_TEXT_MARKER);
    const read = await client(app).read(`/bff/notes/${note.id}`, alex);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: Note }).data.body).toBe(long);
    expect((await client(app).write('DELETE', `/bff/notes/${note.id}`, undefined, sam)).status).toBe(200);
    expect((await client(app).read(`/bff/notes/${note.id}`, alex)).status).toBe(404);
  });

  it('refuses bad notes with a clear error and stores nothing of them', async () => {
    const before = (await list()).length;
    const expectRefusal = async (
      response: Response,
      status: number,
      expected: Partial<ErrorAnswer['error']>,
    ) => {
      expect(response.status).toBe(status);
      expect(await refusal(response)).toMatchObject(expected);
    };
    await expectRefusal(await add({ body: '   ' }), 400, { code: 'invalid_body', field: 'body' });
    await expectRefusal(await add({}), 400, { code: 'invalid_body', field: 'body' });
    await expectRefusal(await add({ body: 42 }), 400, { code: 'invalid_body', field: 'body' });
    await expectRefusal(await add({ body: 'x'.repeat(NOTE_BODY_MAX + 1) }), 400, {
      code: 'invalid_body',
      field: 'body',
    });
    // The limit counts characters: as many emoji as the limit allows are accepted.
    expect((await add({ body: '🙂'.repeat(NOTE_BODY_MAX) })).status).toBe(201);
    await expectRefusal(await add({ body: 'hi', role: 'user' }), 400, { code: 'invalid_body' });
    await expectRefusal(
      await add(new Uint8Array([0x7b, 0x22, 0x62, 0x6f, 0x64, 0x79, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
      400,
      { code: 'invalid_body', reason: 'invalid_utf8' },
    );
    await expectRefusal(await add({ body: 'hi', mentioned_user_ids: ['usr_nobody'] }), 400, {
      code: 'unknown_mention',
      field: 'mentioned_user_ids',
    });
    await expectRefusal(await add(JSON.stringify({ body: 'y'.repeat(2 * 1024 * 1024) })), 413, {
      code: 'payload_too_large',
    });
    await expectRefusal(
      await client(app).write('POST', '/bff/conversations/conv_doesnotexist1/notes', { body: 'hi' }, sam),
      404,
      { code: 'conversation_not_found' },
    );
    await expectRefusal(await client(app).write('PATCH', '/bff/notes/999999', { body: 'hi' }, sam), 404, {
      code: 'note_not_found',
    });
    await expectRefusal(await client(app).write('PATCH', '/bff/notes/abc', { body: 'hi' }, sam), 400, {
      code: 'invalid_request',
    });
    expect((await list()).length).toBe(before + 1);
    // Only reads went to the store, even for a conversation it does not have.
    expect(simulator.simulator.requestLog.list().filter((entry) => entry.method !== 'GET')).toEqual([]);
  });

  it('refuses a signed-out or expired session', async () => {
    const signedOut = await client(app).write('POST', notesPath(), { body: 'hi' }, 'sid=nothing');
    expect(signedOut.status).toBe(401);
    const late = await signInAs(app);
    clock.advance(31 * 60_000);
    const expired = await client(app).write('POST', notesPath(), { body: 'hi' }, late);
    expect(expired.status).toBe(401);
    expect((await client(app).read(notesPath(), late)).status).toBe(401);
  });
});

describe('internal notes without their database', () => {
  it('answers 503 database_unavailable, and the inbox is served without note counts', async () => {
    const { app } = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: { database: new DashboardDatabase(Promise.reject(new Error('connection refused'))) },
    });
    const sam = await signInAs(app);
    const inbox = (await (await client(app).read('/bff/inbox', sam)).json()) as InboxResponse;
    const id = inbox.data[0]!.conversation.id;
    expect(inbox.data[0]!.note_count).toBeUndefined();
    const response = await client(app).write('POST', `/bff/conversations/${id}/notes`, { body: 'hi' }, sam);
    expect(response.status).toBe(503);
    expect(((await response.json()) as ErrorAnswer).error.code).toBe('database_unavailable');
    await app.liveHub.close();
  });
});

describe('internal notes across a restart', () => {
  it('are still there when the BFF opens its data directory again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'notes-restart-'));
    try {
      const start = async () => {
        const database = new DashboardDatabase(openEmbeddedTestDatabase(dataDir));
        // Opened before the first request: creating it holds the event loop for seconds.
        await database.database();
        const { app } = await buildTestApp({ upstreamUrl: simulator.url, deps: { database } });
        return { app, database, sam: await signInAs(app) };
      };
      const first = await start();
      const inbox = (await (await client(first.app).read('/bff/inbox', first.sam)).json()) as InboxResponse;
      const id = inbox.data[0]!.conversation.id;
      const path = `/bff/conversations/${id}/notes`;
      expect(
        (await client(first.app).write('POST', path, { body: 'kept across restarts' }, first.sam)).status,
      ).toBe(201);
      await first.app.liveHub.close();
      await first.database.close();

      const second = await start();
      const listed = (await (await client(second.app).read(path, second.sam)).json()) as { data: Note[] };
      expect(listed.data.map((note) => note.body)).toEqual(['kept across restarts']);
      await second.app.liveHub.close();
      await second.database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
