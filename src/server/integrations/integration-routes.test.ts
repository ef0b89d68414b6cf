import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import type { IntegrationsAnswer } from '../../schemas/integrations.ts';
import {
  buildTestApp,
  READ_HEADERS,
  signIn,
  signInAs,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { apiBudgetFor } from '../proxy/api-budget.ts';
import { staticKeyProvider } from '../store-api/key-provider.ts';
import { createUpstreamClient } from '../store-api/upstream-client.ts';
import { startFakeUpstream } from '../testing/fake-upstream.ts';
import { DEFAULT_FEED_TIMING } from '../feed/pacing.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { IntegrationRefresh } from './integration-refresh.ts';
import { Integrations } from './integrations.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { capturedLogger } from '../testing/logged-lines.ts';

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
});
afterAll(() => simulator.close());

/** How many webhook endpoint reads the store has answered. */
async function endpointReads(): Promise<number> {
  const log = (await (await fetch(`${simulator.url}/__sim/requests`)).json()) as {
    data: { path: string }[];
  };
  return log.data.filter((entry) => entry.path.startsWith('/api/v1/webhook-endpoints/')).length;
}

describe.each(bothDrivers())('the integrations the dashboard remembers, on %s', (driver) => {
  let app: TestApp;
  let owner: string;
  beforeAll(async () => {
    ({ app } = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: { database: new DashboardDatabase(Promise.resolve(driver.database)) },
    }));
    owner = await signIn(app);
  });

  const send = (method: string, path: string, body?: unknown, cookie = owner) =>
    app.request(path, {
      method,
      headers: {
        ...(method === 'GET' ? READ_HEADERS : WRITE_HEADERS),
        ...(method === 'DELETE' ? { 'idempotency-key': crypto.randomUUID() } : {}),
        cookie,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const list = async (q = '') => {
    const response = await send('GET', `/bff/integrations${q ? `?q=${encodeURIComponent(q)}` : ''}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: IntegrationsAnswer }).data;
  };
  // The simulator is shared by both drivers' runs: each removes a template of its own.
  const template = driver.kind === 'pglite' ? 'ntpl_demo_order_confirmation' : 'ntpl_demo_shipping_update';

  it('lists an endpoint once looked up, with its state, a label and a note, found by search', async () => {
    expect(await list()).toEqual({ entries: [], removed: [] });
    const read = await send('GET', '/api/v1/webhook-endpoints/we_demo_erp');
    expect(read.status).toBe(200);
    // The recording of a read goes on after the answer.
    await expect.poll(async () => (await list()).entries.length).toBe(1);
    const [entry] = (await list()).entries;
    expect(entry).toMatchObject({
      kind: 'webhook_endpoint',
      id: 'we_demo_erp',
      url: 'https://erp.example.net/webhooks/inventory',
      events: ['inventory/updated', 'products/updated'],
      status: 'auto_disabled',
      added_by_name: 'Morgan Lee',
      label: '',
    });
    // Nothing secret is kept: only what the API answered (it never returns a signing secret).
    expect(JSON.stringify(entry)).not.toMatch(/secret/i);

    const labelled = await send('PATCH', '/bff/integrations/webhook_endpoint/we_demo_erp', {
      label: 'ERP stock sync',
      note: 'Owned by the warehouse team',
    });
    expect(labelled.status).toBe(200);
    expect((await list('warehouse')).entries.map((e) => e.label)).toEqual(['ERP stock sync']);
    expect((await list('inventory/')).entries).toHaveLength(1);
    expect((await list('nothing like it')).entries).toEqual([]);
  });

  it('moves a template removed through the dashboard to the history, naming who removed it', async () => {
    const removed = await send('DELETE', `/api/v1/notification-templates/${template}`, undefined, owner);
    expect(removed.status).toBe(204);
    const { entries, removed: history } = await list();
    expect(entries.map((e) => e.id)).not.toContain(template);
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'notification_template',
        id: template,
        status: 'removed',
        removed_by_name: 'Morgan Lee',
      }),
    ]);
  });

  it('refuses staff, an unknown entry, an over-long label and an unknown query parameter', async () => {
    const staff = await signInAs(app);
    expect((await send('GET', '/bff/integrations', undefined, staff)).status).toBe(403);
    const unknown = await send('PATCH', '/bff/integrations/webhook_endpoint/we_nope', {
      label: 'x',
      note: '',
    });
    expect(unknown.status).toBe(404);
    const long = await send('PATCH', '/bff/integrations/webhook_endpoint/we_demo_erp', {
      label: 'x'.repeat(81),
      note: '',
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: { code: 'invalid_body', field: 'label' } });
    expect((await send('GET', '/bff/integrations?kind=x')).status).toBe(400);
  });

  it("reads the remembered endpoints again from the store feed's budget when the list opens, not the owner's", async () => {
    // An owner whose own share of the store's budget is spent: 20 requests, all used.
    const { app: tight } = await buildTestApp({
      upstreamUrl: simulator.url,
      deps: {
        database: new DashboardDatabase(Promise.resolve(driver.database)),
        apiBudget: apiBudgetFor(20),
      },
    });
    const cookie = await signIn(tight);
    const get = (path: string) => tight.request(path, { headers: { ...READ_HEADERS, cookie } });
    expect((await get('/api/v1/webhook-endpoints/we_demo_orders')).status).toBe(200);
    const listed = async () =>
      ((await (await get('/bff/integrations')).json()) as { data: IntegrationsAnswer }).data.entries;
    await expect.poll(async () => (await listed()).map((entry) => entry.id)).toContain('we_demo_orders');
    const before = (await listed()).find((entry) => entry.id === 'we_demo_orders')!.last_looked_up_at;
    let spending = 0;
    while ((await get('/api/v1/agent-config')).status !== 429) expect((spending += 1)).toBeLessThan(25);
    const sentBefore = await endpointReads();

    const asked = await tight.request('/bff/integrations/refresh', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie },
    });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ data: { refreshing: 1 } });
    // The store feed's step reads it, and every open list is told.
    const events: unknown[] = [];
    tight.liveHub.log.subscribe((event) => events.push(event.data));
    await tight.feed.step();
    expect(await endpointReads()).toBe(sentBefore + 1);
    expect(events).toContainEqual({ part: 'integrations' });
    const after = (await listed()).find((entry) => entry.id === 'we_demo_orders')!;
    expect(after.last_looked_up_at > before).toBe(true);
    expect(after.status).toBe('active');
    await tight.liveHub.close();
  });

  it("leaves the feed's reserve for the dashboards: no refresh while the store's budget is down to it", async () => {
    const kept = new Integrations(driver.database.db, Date.now);
    const owner = { id: 'usr_owner', name: 'Morgan Lee' };
    const endpoint = (id: string) => ({
      id,
      url: `https://example.net/${id}`,
      is_active: true,
      auto_disabled_at: null,
      subscribed_events: ['orders/created'],
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
    });
    for (const id of ['we_a', 'we_b', 'we_c']) await kept.endpointRead(endpoint(id), owner);
    expect(await kept.wantRefresh(10)).toBe(3);
    // The store announces 100 a window; the feed leaves a quarter of it to the dashboards.
    let remaining = 27;
    const store = await startFakeUpstream((request, response) => {
      remaining -= 1;
      response.writeHead(200, {
        'content-type': 'application/json',
        'ratelimit-limit': '100',
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': '30',
      });
      response.end(
        JSON.stringify({ data: { ...endpoint(request.url.split('/').at(-1)!), is_active: false } }),
      );
    });
    const refresh = new IntegrationRefresh({
      integrations: () => Promise.resolve(kept),
      upstream: createUpstreamClient({ baseUrl: store.url, timeoutMs: 2000 }),
      keys: staticKeyProvider('sk_test_demo_owner'),
      logger: capturedLogger(),
      timing: DEFAULT_FEED_TIMING,
      refreshed: () => Promise.resolve(),
    });
    try {
      expect(await refresh.step({ limit: 100, remaining: 25, resetS: 30 })).toMatchObject({ requests: 0 });
      expect(await kept.refreshesWanted(10)).toHaveLength(3);
      // Two requests above the reserve: two endpoints read, the third waits for the next window.
      expect(await refresh.step({ limit: 100, remaining: 27, resetS: 30 })).toMatchObject({ requests: 2 });
      expect(await kept.refreshesWanted(10)).toEqual(['we_c']);
      const { entries } = await kept.list('');
      expect(
        entries
          .filter((entry) => entry.status === 'inactive')
          .map((entry) => entry.id)
          .sort(),
      ).toEqual(['we_a', 'we_b']);
    } finally {
      await store.close();
    }
  });
});
