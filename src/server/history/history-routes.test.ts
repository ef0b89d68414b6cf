import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import { HEALTH_TOKEN_HEADER } from '../store-api/health.ts';
import {
  buildTestApp,
  READ_HEADERS,
  signIn,
  signInAs,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';

const TOKEN = 'health-token-health-token';
let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
});
afterAll(() => simulator.close());

describe.each(bothDrivers())("the dashboard's own routes on %s", (driver) => {
  let app: TestApp;
  let staff: string;
  let owner: string;
  beforeAll(async () => {
    ({ app } = await buildTestApp({
      upstreamUrl: simulator.url,
      config: { healthToken: TOKEN },
      deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) },
    }));
    [staff, owner] = await Promise.all([signInAs(app), signIn(app)]);
  });

  const read = (path: string, cookie = staff, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { ...READ_HEADERS, cookie, ...headers } });
  const write = (
    method: string,
    path: string,
    body: unknown,
    cookie = staff,
    headers: Record<string, string> = {},
  ) =>
    app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie, 'idempotency-key': crypto.randomUUID(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const history = async (id: string) =>
    (
      (await (await read(`/bff/conversations/${id}/history`)).json()) as {
        data: { kind: string; actor_user_id: string | null }[];
      }
    ).data;

  /** A conversation with the assistant, as the feed would have copied it from the store's listing. */
  async function botConversation(): Promise<Conversation> {
    const list = (await (
      await read('/api/v1/agent-conversations?status=active&handoff_state=bot&limit=5')
    ).json()) as {
      data: Conversation[];
    };
    const conversation = list.data.find((candidate) => candidate.assigned_to === null) ?? list.data[0]!;
    const { ConversationHistory } = await import('./conversation-history.ts');
    await new ConversationHistory(driver.database.db, () => Promise.resolve()).observed(
      conversation,
      'listing',
    );
    return conversation;
  }

  it('a take-over, a reply and a close made through the dashboard are history naming the person', async () => {
    const conversation = await botConversation();
    const path = `/api/v1/agent-conversations/${conversation.id}`;
    const me = DEMO_ACCOUNTS.staff.storeUserId;
    expect(
      (await write('PUT', path, { status: 'active', handoff_state: 'human', assigned_to: me })).status,
    ).toBe(200);
    expect(
      (await write('POST', `${path}/messages`, { content: 'Hello, I can help.', author_user_id: me })).status,
    ).toBe(201);
    expect(
      (await write('PUT', path, { status: 'closed', handoff_state: 'human', assigned_to: me })).status,
    ).toBe(200);
    // A refused write changes nothing and adds no history.
    expect(
      (await write('PUT', path, { status: 'closed', handoff_state: 'human', assigned_to: 'usr_nobody' }))
        .status,
    ).toBe(400);

    const entries = await history(conversation.id);
    expect(entries.map((entry) => [entry.kind, entry.actor_user_id])).toEqual([
      ['handed_to_person', me],
      ['assigned', me],
      ['closed', me],
    ]);
    const writes = await driver.database.db.query.dashboardWrites.findMany({
      orderBy: (w, { asc }) => asc(w.id),
    });
    expect(
      writes.filter((w) => w.conversationId === conversation.id).map((w) => [w.action, w.status]),
    ).toEqual([
      ['update_conversation', 200],
      ['reply', 201],
      ['update_conversation', 200],
      ['update_conversation', 400],
    ]);
  });

  it('answers an empty history for a conversation without one, and refuses what is not an id', async () => {
    expect(await history('c_never_seen')).toEqual([]);
    const refused = await read('/bff/conversations/a%2Fb/history');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_request', field: 'id' } });
    expect((await read(`/bff/conversations/${'x'.repeat(200)}/history`)).status).toBe(400);
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await app.request('/bff/conversations/c_1/history', { headers: READ_HEADERS });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'session_required' } });
    const forged = await app.request('/bff/conversations/c_1/history', { headers: { cookie: staff } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: 'csrf_failed' } });
  });

  it('keeps 180 days unless an owner sets another retention; bad input is refused with the field', async () => {
    expect(await (await read('/bff/data-settings')).json()).toEqual({ data: { retention_days: 180 } });
    const byStaff = await write('PUT', '/bff/data-settings', { retention_days: 30 });
    expect(byStaff.status).toBe(403);
    expect(await byStaff.json()).toMatchObject({ error: { code: 'role_forbidden' } });
    for (const body of [
      {},
      { retention_days: 0 },
      { retention_days: 4000 },
      { retention_days: '30' },
      { retention_days: 30, extra: 1 },
    ]) {
      const refused = await write('PUT', '/bff/data-settings', body, owner);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_body' } });
    }
    const invalidUtf8 = await app.request('/bff/data-settings', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: owner },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
    });
    expect(await invalidUtf8.json()).toMatchObject({
      error: { code: 'invalid_body', reason: 'invalid_utf8' },
    });
    const huge = await write(
      'PUT',
      '/bff/data-settings',
      JSON.stringify({ retention_days: 30, pad: 'x'.repeat(2 * 1024 * 1024) }),
      owner,
    );
    expect(huge.status).toBe(413);
    const saved = await write('PUT', '/bff/data-settings', { retention_days: 30 }, owner);
    expect(saved.status).toBe(200);
    expect(await (await read('/bff/data-settings')).json()).toEqual({ data: { retention_days: 30 } });
  });

  if (driver.kind === 'postgres') {
    it('database down: /readyz says why, its routes answer 503, the store is still served; all recover by itself', async () => {
      const conversation = await botConversation();
      await driver.server!.kill();
      const ready = await app.request('/readyz', { headers: { [HEALTH_TOKEN_HEADER]: TOKEN } });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        reason: expect.stringMatching(/^database_unavailable/) as unknown,
      });
      const refused = await read(`/bff/conversations/${conversation.id}/history`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      // The store's own data and writes go on: the history of this write is what waits.
      expect((await read('/api/v1/agent-config')).status).toBe(200);
      const me = DEMO_ACCOUNTS.staff.storeUserId;
      const path = `/api/v1/agent-conversations/${conversation.id}`;
      expect(
        (await write('PUT', path, { status: 'active', handoff_state: 'human', assigned_to: me })).status,
      ).toBe(200);

      await driver.server!.restart();
      await expect.poll(async () => (await app.request('/readyz')).status, { timeout: 10_000 }).toBe(200);
      expect((await read(`/bff/conversations/${conversation.id}/history`)).status).toBe(200);
    }, 30_000);
  }
});
