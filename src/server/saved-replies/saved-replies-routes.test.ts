import { beforeAll, describe, expect, it } from 'vitest';
import { SAVED_REPLY_BODY_MAX_BYTES, SAVED_REPLY_TEXT_MAX } from '../../schemas/limits.ts';
import {
  SAVED_REPLY_SHORTCUT_TAKEN,
  savedRepliesAnswerSchema,
  savedReplyAnswerSchema,
} from '../../schemas/saved-replies.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { readyStream } from '../testing/live-test-kit.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import {
  buildTestApp,
  errorOf,
  manualClock,
  READ_HEADERS,
  signIn,
  signInAs,
  type TestApp,
  WRITE_HEADERS,
} from '../testing/test-app.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';

// Saved replies never reach the store: nothing listens on this address, and no route here needs it.
const NO_STORE_URL = 'http://127.0.0.1:9';

const DELIVERY = {
  title: 'Delivery times',
  shortcut: 'deli',
  text: `Hi {{shopper.first_name | "there"}}, orders ship within 2 working days. ${PRIVATE_TEXT_MARKER}`,
};

describe.each(bothDrivers())('saved replies on %s', (driver) => {
  let app: TestApp;
  let owner: string;
  let staff: string;
  const clock = manualClock();
  beforeAll(async () => {
    ({ app } = await buildTestApp({
      upstreamUrl: NO_STORE_URL,
      now: clock.now,
      deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) },
    }));
    [owner, staff] = await Promise.all([signIn(app), signInAs(app)]);
    return () => app.liveHub.close();
  });

  const list = async (cookie = staff) => {
    const response = await app.request('/bff/saved-replies', { headers: { ...READ_HEADERS, cookie } });
    expect(response.status).toBe(200);
    return savedRepliesAnswerSchema.parse(await response.json()).data;
  };
  const send = (method: string, path: string, body?: unknown, cookie = owner) =>
    app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const create = async (body: unknown = DELIVERY) => {
    const response = await send('POST', '/bff/saved-replies', body);
    expect(response.status).toBe(201);
    return savedReplyAnswerSchema.parse(await response.json()).data;
  };

  it('an owner creates, edits and deletes a reply; everyone signed in reads them', async () => {
    expect(await list()).toEqual([]);
    const created = await create({ ...DELIVERY, title: '  Delivery times ', shortcut: ' DELI ' });
    expect(created).toMatchObject({
      title: 'Delivery times',
      shortcut: 'deli',
      text: DELIVERY.text,
      use_count: 0,
      created_by: DEMO_ACCOUNTS.owner.name,
      updated_by: DEMO_ACCOUNTS.owner.name,
    });
    expect(await list(staff)).toEqual([created]);

    clock.advance(60_000);
    const edited = await send('PUT', `/bff/saved-replies/${created.id}`, {
      title: 'Delivery',
      shortcut: null,
      text: 'Two working days.',
    });
    expect(edited.status).toBe(200);
    const after = savedReplyAnswerSchema.parse(await edited.json()).data;
    expect(after).toMatchObject({
      id: created.id,
      title: 'Delivery',
      shortcut: null,
      text: 'Two working days.',
    });
    expect(Date.parse(after.updated_at) - Date.parse(created.updated_at)).toBe(60_000);
    expect(await list()).toEqual([after]);

    const deleted = await send('DELETE', `/bff/saved-replies/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(await list()).toEqual([]);
  });

  it('tells every open dashboard of each change, so a staff picker shows a new reply without a reload', async () => {
    const stream = await readyStream(app, staff);
    const created = await create({ title: 'Opening hours', text: 'We are open 9 to 5.' });
    expect((await stream.next((event) => event.event === 'records')).data).toEqual({ part: 'saved_replies' });
    expect((await send('DELETE', `/bff/saved-replies/${created.id}`)).status).toBe(204);
    expect((await stream.next((event) => event.event === 'records')).data).toEqual({ part: 'saved_replies' });
    await stream.cancel();
  });

  it('counts each use and lists the most used first', async () => {
    const returns = await create({ title: 'Returns', text: 'Returns are free within 30 days.' });
    const delivery = await create();
    expect((await list()).map((reply) => reply.title)).toEqual(['Delivery times', 'Returns']);
    for (let use = 0; use < 2; use += 1) {
      const used = await send('POST', `/bff/saved-replies/${returns.id}/uses`, undefined, staff);
      expect(used.status).toBe(200);
    }
    const replies = await list();
    expect(replies.map((reply) => [reply.title, reply.use_count])).toEqual([
      ['Returns', 2],
      ['Delivery times', 0],
    ]);
    expect(replies[1]!.id).toBe(delivery.id);
  });

  it('refuses a shortcut another reply holds with a 409 that says so, on create and on edit', async () => {
    await create();
    const twice = await send('POST', '/bff/saved-replies', { ...DELIVERY, title: 'Other', shortcut: 'Deli' });
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toMatchObject({
      code: SAVED_REPLY_SHORTCUT_TAKEN,
      field: 'shortcut',
      message: expect.stringContaining('already has this shortcut') as string,
    });
    const other = await create({ title: 'Sizing', shortcut: 'size', text: 'Our sizes run small.' });
    const taken = await send('PUT', `/bff/saved-replies/${other.id}`, { ...DELIVERY, title: 'Sizing' });
    expect(taken.status).toBe(409);
    // Nothing was half written: both replies are as they were.
    expect((await list()).map((reply) => reply.shortcut).sort()).toEqual(['deli', 'size']);
  });

  it('refuses an empty or over-long field, a wrong type and unknown fields, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...DELIVERY, title: '   ' }, 'title'],
      [{ ...DELIVERY, text: ' \n ' }, 'text'],
      [{ ...DELIVERY, text: 'x'.repeat(SAVED_REPLY_TEXT_MAX + 1) }, 'text'],
      [{ ...DELIVERY, title: 't'.repeat(81) }, 'title'],
      [{ ...DELIVERY, shortcut: 'two words' }, 'shortcut'],
      [{ ...DELIVERY, shortcut: 12 }, 'shortcut'],
      [{ title: 'No text' }, 'text'],
    ];
    for (const [body, field] of cases) {
      const response = await send('POST', '/bff/saved-replies', body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'invalid_body', field });
    }
    const extra = await send('POST', '/bff/saved-replies', { ...DELIVERY, use_count: 99 });
    expect(extra.status).toBe(400);
    // Exactly the limit is fine, counted in characters (an emoji is one).
    await create({ ...DELIVERY, text: '😀'.repeat(SAVED_REPLY_TEXT_MAX) });
    expect(await list()).toHaveLength(1);
  });

  it('refuses invalid UTF-8, a body that is not JSON and a huge body', async () => {
    const badBytes = await app.request('/bff/saved-replies', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: owner },
      body: new Uint8Array([
        ...new TextEncoder().encode('{"title":"'),
        0xff,
        ...new TextEncoder().encode('","text":"x"}'),
      ]),
    });
    expect(badBytes.status).toBe(400);
    expect(await errorOf(badBytes)).toMatchObject({ code: 'invalid_body', reason: 'invalid_utf8' });
    const notJson = await send('POST', '/bff/saved-replies', '{"title":');
    expect(await errorOf(notJson)).toMatchObject({ code: 'invalid_body', reason: 'malformed_json' });
    const huge = await send('POST', '/bff/saved-replies', {
      ...DELIVERY,
      text: 'x'.repeat(SAVED_REPLY_BODY_MAX_BYTES),
    });
    expect(huge.status).toBe(413);
    expect(await errorOf(huge)).toMatchObject({ code: 'payload_too_large' });
    expect(await list()).toEqual([]);
  });

  it('refuses staff managing replies, on the BFF, and keeps the reply as it was', async () => {
    const reply = await create();
    for (const [method, path, body] of [
      ['POST', '/bff/saved-replies', DELIVERY],
      [
        'PUT',
        `/bff/saved-replies/${reply.id}`,
        { ...DELIVERY, text: `Changed by staff ${PRIVATE_TEXT_MARKER}` },
      ],
      ['DELETE', `/bff/saved-replies/${reply.id}`, undefined],
    ] as const) {
      const response = await send(method, path, body, staff);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({ code: 'role_forbidden' });
    }
    expect(await list()).toEqual([reply]);
  });

  it('answers 404 for an unknown or impossible id', async () => {
    for (const id of ['999', 'abc', '0', '1e3']) {
      for (const [method, body] of [
        ['PUT', DELIVERY],
        ['DELETE', undefined],
        ['POST', undefined],
      ] as const) {
        const path = method === 'POST' ? `/bff/saved-replies/${id}/uses` : `/bff/saved-replies/${id}`;
        const response = await send(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await errorOf(response)).toMatchObject({ code: 'not_found', resource: 'saved_reply' });
      }
    }
  });

  it('refuses a signed-out or expired session, and a write without the CSRF header', async () => {
    const signedOut = await app.request('/bff/saved-replies', { headers: READ_HEADERS });
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toMatchObject({ code: 'session_required' });
    const noCsrf = await app.request('/bff/saved-replies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner },
      body: JSON.stringify(DELIVERY),
    });
    expect(noCsrf.status).toBe(403);

    const soonExpired = await signIn(app);
    clock.advance(31 * 60_000);
    const expired = await send('POST', '/bff/saved-replies', DELIVERY, soonExpired);
    expect(expired.status).toBe(401);
    expect(await errorOf(expired)).toMatchObject({ code: 'session_required' });
    // Signed in again, the same reply goes in: nothing the owner typed was taken by the refusal.
    [owner, staff] = await Promise.all([signIn(app), signInAs(app)]);
    await create();
    expect(await list()).toHaveLength(1);
  });

  if (driver.kind === 'postgres')
    it('answers 503 database_unavailable while the server is down, and takes the reply once it is back', async () => {
      await driver.server!.kill();
      const down = await send('POST', '/bff/saved-replies', DELIVERY);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(await errorOf(down)).toMatchObject({ code: 'database_unavailable' });
      expect(
        (await app.request('/bff/saved-replies', { headers: { ...READ_HEADERS, cookie: staff } })).status,
      ).toBe(503);
      await driver.server!.restart();
      // The SPA retries a 503; the same body is then taken.
      await expect
        .poll(async () => (await send('POST', '/bff/saved-replies', DELIVERY)).status, { timeout: 10_000 })
        .toBe(201);
      expect((await list()).map((reply) => reply.title)).toEqual(['Delivery times']);
    }, 30_000);
});
