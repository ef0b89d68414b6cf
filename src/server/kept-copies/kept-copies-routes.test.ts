import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { AGENT_CONFIG_DEFAULTS, type AgentConfig } from '../../schemas/agent-config.ts';
import type { ConfigVersion } from '../../schemas/config-versions.ts';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { openStream, simulatorPost } from '../testing/live-test-kit.ts';
import {
  buildTestApp,
  READ_HEADERS,
  signIn,
  signInAs,
  TEST_KEY,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { bothDrivers } from '../testing/test-databases.ts';

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
});
afterAll(() => simulator.close());

type Page = { data: ConfigVersion[]; page: { has_more: boolean; next_cursor?: string } };

/** The store's config read straight from the store, as another tool would (not through the dashboard). */
async function storeConfig(): Promise<AgentConfig> {
  const response = await fetch(`${simulator.url}/api/v1/agent-config`, {
    headers: { authorization: `Bearer ${TEST_KEY}` },
  });
  return ((await response.json()) as { data: AgentConfig }).data;
}

/** A save made outside the dashboard: straight to the store with its key. */
async function saveOutside(changes: Partial<AgentConfig>): Promise<AgentConfig> {
  const { updated_at, ...current } = await storeConfig();
  const response = await fetch(`${simulator.url}/api/v1/agent-config`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${TEST_KEY}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ ...current, ...changes, expected_updated_at: updated_at }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: AgentConfig }).data;
}

describe.each(bothDrivers())('versions of the settings and knowledge texts on %s', (driver) => {
  let app: TestApp;
  let owner: string;
  let staff: string;
  beforeAll(async () => {
    ({ app } = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) },
    }));
    [owner, staff] = await Promise.all([signIn(app), signInAs(app)]);
  });
  beforeEach(() => simulatorPost(simulator.url, '/__sim/reset', {}));

  const read = (path: string, cookie = owner) => app.request(path, { headers: { ...READ_HEADERS, cookie } });
  const send = (method: string, path: string, body: unknown, cookie = owner, key = crypto.randomUUID()) =>
    app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie, 'idempotency-key': key },
      body: JSON.stringify(body),
    });
  /** A save through the dashboard, from the version the store holds now. */
  async function saveThroughDashboard(changes: Partial<AgentConfig>, cookie = owner) {
    const { updated_at, ...current } = await storeConfig();
    return send(
      'PUT',
      '/api/v1/agent-config',
      { ...current, ...changes, expected_updated_at: updated_at },
      cookie,
    );
  }
  const versions = async (query = '', cookie = owner) => {
    const response = await read(`/bff/config-versions${query}`, cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  };

  it('keeps each save through the dashboard with who saved it, newest first, and each version by id', async () => {
    expect((await versions()).data).toEqual([]);
    expect((await saveThroughDashboard({ greeting: 'Hello there' })).status).toBe(200);
    const second = await saveThroughDashboard({
      greeting: 'Welcome back',
      suggested_prompts: ['Sizes?', ' '],
    });
    expect(second.status).toBe(200);
    const stored = ((await second.json()) as { data: AgentConfig }).data;

    const { data, page } = await versions();
    expect(page).toEqual({ has_more: false });
    expect(data.map((v) => [v.config.greeting, v.source, v.actor_user_id, v.actor_name])).toEqual([
      ['Welcome back', 'dashboard', DEMO_ACCOUNTS.owner.storeUserId, 'Morgan Lee'],
      ['Hello there', 'dashboard', DEMO_ACCOUNTS.owner.storeUserId, 'Morgan Lee'],
    ]);
    // What the store answered (normalised prompts), with its version, and nothing else.
    expect(data[0]!.version).toBe(stored.updated_at);
    const { updated_at: _version, ...settings } = stored;
    expect(data[0]!.config).toEqual(settings);

    const one = await read(`/bff/config-versions/${data[1]!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ data: data[1] });
  });

  it('keeps a version saved elsewhere, seen by a read that happens anyway, as changed outside the dashboard', async () => {
    expect((await saveThroughDashboard({ greeting: 'Ours' })).status).toBe(200);
    const theirs = await saveOutside({ greeting: 'From another tool' });
    // The dashboard learns of it when it reads the settings (a screen through the proxy, or the feed).
    expect((await read('/api/v1/agent-config')).status).toBe(200);
    await expect
      .poll(async () => (await versions()).data.map((v) => [v.config.greeting, v.source, v.actor_name]))
      .toEqual([
        ['From another tool', 'outside', null],
        ['Ours', 'dashboard', 'Morgan Lee'],
      ]);
    expect((await versions()).data[0]!.version).toBe(theirs.updated_at);
    // Reading the same version again keeps nothing more.
    expect((await read('/api/v1/agent-config', staff)).status).toBe(200);
    expect((await versions()).data).toHaveLength(2);
  });

  it('the feed’s periodic read of the settings keeps a version saved elsewhere while nobody has the screen open', async () => {
    const { app: watched } = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: {
        database: new DashboardDatabase(Promise.resolve(driver.database)),
        live: { feedTiming: { fastMs: 20, configEveryMs: 0 } },
      },
    });
    try {
      const cookie = await signInAs(watched);
      // An open dashboard (here the stream) runs the feed; no one reads the settings through the proxy.
      const stream = await openStream(watched, cookie);
      const theirs = await saveOutside({ greeting: 'Set by another tool' });
      await expect
        .poll(
          async () =>
            (await versions('', owner)).data.map((v) => [
              v.version,
              v.config.greeting,
              v.source,
              v.actor_user_id,
            ]),
          { timeout: 10_000 },
        )
        .toEqual([[theirs.updated_at, 'Set by another tool', 'outside', null]]);
      await stream.body?.cancel();
    } finally {
      await watched.liveHub.close();
    }
  });

  it('a save the feed happened to read first is still named as the dashboard user’s', async () => {
    const { ConfigVersions } = await import('./config-versions.ts');
    const feedsView = new ConfigVersions(driver.database.db, Date.now);
    const response = await saveThroughDashboard({ greeting: 'Raced' });
    const saved = ((await response.json()) as { data: AgentConfig }).data;
    await feedsView.read(saved); // as if the feed had read it between the store's answer and the record
    const before = (await versions()).data;
    expect(before.map((v) => [v.source, v.actor_name])).toEqual([['dashboard', 'Morgan Lee']]);
    await new ConfigVersions(driver.database.db, Date.now).read({ ...AGENT_CONFIG_DEFAULTS });
    expect((await versions()).data).toHaveLength(1); // the store's defaults are no version
  });

  it('pages through the versions with limit and the cursor', async () => {
    for (const greeting of ['one', 'two', 'three'])
      expect((await saveThroughDashboard({ greeting })).status).toBe(200);
    const first = await versions('?limit=2');
    expect(first.data.map((v) => v.config.greeting)).toEqual(['three', 'two']);
    expect(first.page.has_more).toBe(true);
    const second = await versions(`?limit=2&after=${first.page.next_cursor!}`);
    expect(second.data.map((v) => v.config.greeting)).toEqual(['one']);
    expect(second.page).toEqual({ has_more: false });
  });

  it('staff read the history but cannot save: a refused save keeps no version', async () => {
    expect((await saveThroughDashboard({ greeting: 'By the owner' })).status).toBe(200);
    expect((await versions('', staff)).data.map((v) => v.config.greeting)).toEqual(['By the owner']);
    const refused = await saveThroughDashboard({ greeting: 'By staff' }, staff);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'role_forbidden' } });
    // A save the store refuses (an outdated version) keeps nothing either.
    const stale = await send('PUT', '/api/v1/agent-config', {
      ...(await storeConfig()),
      updated_at: undefined,
      expected_updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
    expect((await versions()).data.map((v) => v.config.greeting)).toEqual(['By the owner']);
  });

  it('refuses an unknown version, a malformed id or query, no session and no CSRF header', async () => {
    const unknown = await read('/bff/config-versions/999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found', resource: 'config_version' } });
    for (const id of ['abc', '0', '1.5', '%00', 'x'.repeat(200), '9'.repeat(30)]) {
      const refused = await read(`/bff/config-versions/${id}`);
      expect(refused.status, id).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_request', field: 'id' } });
    }
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?after=abc',
      '?sort=asc',
      '?limit=',
      '?after=%FF',
    ]) {
      const refused = await read(`/bff/config-versions${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_query' } });
    }
    const anonymous = await app.request('/bff/config-versions', { headers: READ_HEADERS });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'session_required' } });
    const forged = await app.request('/bff/knowledge-texts/ks_1', { headers: { cookie: owner } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: 'csrf_failed' } });
  });

  it('keeps the text of a knowledge source added through the dashboard, once, for everyone to read again', async () => {
    const payload = { kind: 'faq', title: 'Returns', text: 'Q: Can I return shoes?\nA: Within 30 days.' };
    const key = crypto.randomUUID();
    const created = await send('POST', '/api/v1/agent-knowledge-sources', payload, owner, key);
    expect(created.status).toBe(201);
    const source = ((await created.json()) as { data: { id: string } }).data;
    // The same submission again (a retry) is the same source and the same copy.
    expect((await send('POST', '/api/v1/agent-knowledge-sources', payload, owner, key)).status).toBe(201);

    for (const cookie of [owner, staff]) {
      const kept = await read(`/bff/knowledge-texts/${source.id}`, cookie);
      expect(kept.status).toBe(200);
      expect(await kept.json()).toMatchObject({
        data: {
          source_id: source.id,
          ...payload,
          actor_user_id: DEMO_ACCOUNTS.owner.storeUserId,
          actor_name: 'Morgan Lee',
        },
      });
    }
    const byStaff = await send(
      'POST',
      '/api/v1/agent-knowledge-sources',
      { ...payload, title: 'Staff' },
      staff,
    );
    expect(byStaff.status).toBe(403);
    const tooLong = await send('POST', '/api/v1/agent-knowledge-sources', {
      ...payload,
      title: 'x'.repeat(201),
    });
    expect(tooLong.status).toBe(400);

    const seeded = await read('/bff/knowledge-texts/ks_never_added_here');
    expect(seeded.status).toBe(404);
    expect(await seeded.json()).toMatchObject({
      error: { code: 'knowledge_text_not_kept', resource: 'knowledge_text' },
    });
    for (const id of ['a%2Fb', '%FF', '%00'])
      expect((await read(`/bff/knowledge-texts/${id}`)).status, id).toBe(400);
    const rows = await driver.database.db.query.knowledgeTexts.findMany();
    expect(rows.map((row) => row.title)).toEqual(['Returns']);
  });

  it('an id the store issues again (a store restored from a backup) holds the new source’s text', async () => {
    const add = async (title: string) => {
      const created = await send('POST', '/api/v1/agent-knowledge-sources', {
        kind: 'doc',
        title,
        text: title,
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as { data: { id: string } }).data.id;
    };
    const before = await add('Before the restore');
    await simulatorPost(simulator.url, '/__sim/reset', {});
    const after = await add('After the restore');
    expect(after).toBe(before);
    expect(await (await read(`/bff/knowledge-texts/${after}`)).json()).toMatchObject({
      data: { title: 'After the restore', text: 'After the restore' },
    });
  });

  if (driver.kind === 'postgres') {
    it('database down: these routes answer 503 and saving still works; a save meanwhile is kept once read again', async () => {
      await driver.server!.kill();
      const refused = await read('/bff/config-versions');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      expect((await read('/bff/knowledge-texts/ks_1')).status).toBe(503);
      expect((await saveThroughDashboard({ greeting: 'During the outage' })).status).toBe(200);

      await driver.server!.restart();
      await expect
        .poll(async () => (await read('/bff/config-versions')).status, { timeout: 10_000 })
        .toBe(200);
      // The next read of the settings keeps it (without a name: the save's own record was lost).
      expect((await read('/api/v1/agent-config')).status).toBe(200);
      await expect
        .poll(async () => (await versions()).data.map((v) => v.config.greeting), { timeout: 10_000 })
        .toEqual(['During the outage']);
    }, 30_000);
  }
});
