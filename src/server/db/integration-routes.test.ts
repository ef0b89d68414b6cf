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
import { DashboardDatabase } from './dashboard-database.ts';
import { bothDrivers } from './test-databases.ts';

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
});
afterAll(() => simulator.close());

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
});
