import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { InboxResponse } from '../../schemas/inbox.ts';
import type { Note } from '../../schemas/note.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { bffSender, buildTestApp, errorOf, signIn, signInAs, type BffSend } from '../testing/test-app.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';
import { unstorableTextAt } from './json-body.ts';

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
});
afterAll(() => simulator.close());

const NUL = 'before\u0000after';
const LONE_HIGH = 'before\ud800after';
const LONE_LOW = 'before\udc00after';

describe('unstorableTextAt', () => {
  it('names the first string holding U+0000 or an unpaired surrogate, and passes paired ones', () => {
    expect(unstorableTextAt({ body: 'fine 🙂', list: ['a', { deep: 'b' }] })).toBeUndefined();
    expect(unstorableTextAt({ body: NUL })).toBe('body');
    expect(unstorableTextAt({ a: 'ok', list: ['ok', { deep: LONE_LOW }] })).toBe('list.1.deep');
    expect(unstorableTextAt(LONE_HIGH)).toBe('');
    expect(unstorableTextAt({ outer: { [NUL]: 1 } })).toBe('outer');
    // Nesting deeper than the call stack goes is walked all the same.
    const deep = JSON.parse(`${'['.repeat(50_000)}"${'\\u0000'}"${']'.repeat(50_000)}`) as unknown;
    expect(unstorableTextAt(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe.each(bothDrivers())('text the database cannot store, on %s', (driver) => {
  let logs: string[];
  let sam: BffSend;
  let owner: BffSend;
  let conversationId: string;
  /** Every note text this file sends: none may appear in any log line. */
  const written = new Set<string>();

  beforeAll(async () => {
    const built = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) },
    });
    logs = built.logs;
    sam = bffSender(built.app, await signInAs(built.app, DEMO_ACCOUNTS.staff.email));
    owner = bffSender(built.app, await signIn(built.app));
    const inbox = (await (await sam('GET', '/bff/inbox')).json()) as InboxResponse;
    conversationId = inbox.data[0]!.conversation.id;
    return () => built.app.liveHub.close();
  });
  afterAll(() => {
    for (const text of written) expect(logs.filter((line) => line.includes(text))).toEqual([]);
  });

  const notesPath = () => `/bff/conversations/${conversationId}/notes`;
  const expectInvalidText = async (response: Response, field: string) => {
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_text', field });
  };

  it('refuses it in a note and a note edit with 400 invalid_text naming the field, keeping nothing', async () => {
    for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
      written.add(bad);
      await expectInvalidText(
        await sam('POST', notesPath(), { body: `${PRIVATE_TEXT_MARKER} ${bad}` }),
        'body',
      );
    }
    const listed = async () => ((await (await sam('GET', notesPath())).json()) as { data: Note[] }).data;
    expect(await listed()).toEqual([]);
    const created = await sam('POST', notesPath(), { body: 'a clean note' });
    expect(created.status).toBe(201);
    const { data: note } = (await created.json()) as { data: Note };
    await expectInvalidText(await sam('PATCH', `/bff/notes/${note.id}`, { body: NUL }), 'body');
    await expectInvalidText(
      await sam('PATCH', `/bff/notes/${note.id}`, { body: 'ok', mentioned_user_ids: [LONE_HIGH] }),
      'mentioned_user_ids.0',
    );
    expect((await listed()).map((kept) => kept.body)).toEqual(['a clean note']);
  });

  it('refuses it in saved replies and tags the same way', async () => {
    await expectInvalidText(
      await owner('POST', '/bff/saved-replies', { title: 'Returns', text: NUL }),
      'text',
    );
    await expectInvalidText(
      await owner('POST', '/bff/saved-replies', { title: LONE_LOW, text: 'We take returns.' }),
      'title',
    );
    await expectInvalidText(await owner('POST', '/bff/tags', { name: NUL, colour: 'blue' }), 'name');
    await expectInvalidText(
      await sam('POST', '/bff/conversation-tags', { conversation_ids: [LONE_HIGH], add: ['1'] }),
      'conversation_ids.0',
    );
    const replies = (await (await owner('GET', '/bff/saved-replies')).json()) as { data: unknown[] };
    expect(replies.data).toEqual([]);
  });

  it('a query that fails answers 500 and logs neither the text nor any parameter of the query', async () => {
    const secret = `refused by a check, ${PRIVATE_TEXT_MARKER}: call her on 0170 555 0199`;
    written.add(secret);
    // A constraint this database alone has makes the insert fail the way a bug in a query would.
    await driver.database.db.execute(
      sql.raw(`alter table notes add constraint test_refuses_secret check (body <> '${secret}')`),
    );
    try {
      const response = await sam('POST', notesPath(), { body: secret });
      expect(response.status).toBe(500);
      expect((await errorOf(response)).code).toBe('internal_error');
      const logged = logs.filter((line) => line.includes('unhandled error'));
      expect(logged.at(-1)).toContain('23514');
      expect(logs.filter((line) => line.includes(conversationId) && line.includes('params'))).toEqual([]);
    } finally {
      await driver.database.db.execute(sql.raw('alter table notes drop constraint test_refuses_secret'));
    }
  });
});
