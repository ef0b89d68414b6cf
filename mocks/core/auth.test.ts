import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentConfigSchema } from '../../src/schemas/agent-config.ts';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import { SEED_IDS } from '../seed/stores.ts';
import {
  NODELETE,
  OTHER_OWNER,
  OWNER,
  READONLY,
  dataOf,
  expectError,
  manualClock,
  pageOf,
  simClient,
} from '../testing/sim-client.ts';

const CONFIG = '/api/v1/agent-config';

describe('credentials', () => {
  it('accepts the key as a Bearer token or as X-API-Key', async () => {
    const client = simClient();
    expect((await client.call('GET', CONFIG)).status).toBe(200);
    const viaHeader = await client.call('GET', CONFIG, { key: null, headers: { 'X-API-Key': OWNER } });
    expect(viaHeader.status).toBe(200);
  });

  it('uses Authorization when both headers are sent and never reads X-API-Key then', async () => {
    const client = simClient();
    const goodBearer = await client.call('GET', CONFIG, { headers: { 'X-API-Key': 'sk_test_unknown' } });
    expect(goodBearer.status).toBe(200);
    const badBearer = await client.call('GET', CONFIG, {
      key: 'sk_test_unknown',
      headers: { 'X-API-Key': OWNER },
    });
    expectError(badBearer, 401, 'unauthorized');
  });

  it('never accepts a key in the query string', async () => {
    const client = simClient();
    for (const name of ['api_key', 'key', 'access_token']) {
      expectError(await client.call('GET', `${CONFIG}?${name}=${OWNER}`, { key: null }), 401, 'unauthorized');
    }
  });

  it('refuses every failed credential with byte-identical 401 bodies', async () => {
    const client = simClient({ merchant: 'store_demo' });
    const revoked = await client.call('POST', `/__sim/keys/${NODELETE}/revoke`);
    expect(revoked.status).toBe(204);
    const cases: [string, Record<string, string>][] = [
      ['no credential', {}],
      ['unknown key', { Authorization: 'Bearer sk_test_nobody' }],
      ['expired key', { Authorization: 'Bearer sk_test_demo_expired' }],
      ['revoked key', { Authorization: `Bearer ${NODELETE}` }],
      ['publishable key', { Authorization: 'Bearer pk_test_demo' }],
      ['publishable key as X-API-Key', { 'X-API-Key': 'pk_test_demo' }],
      ["another merchant's key", { Authorization: `Bearer ${OTHER_OWNER}` }],
      ['another auth scheme', { Authorization: `Basic ${btoa(`${OWNER}:`)}` }],
      ['empty Authorization', { Authorization: '' }],
    ];
    const bodies = new Set<string>();
    for (const [label, headers] of cases) {
      const answer = await client.call('GET', CONFIG, { key: null, headers });
      expect(answer.status, label).toBe(401);
      bodies.add(answer.text);
    }
    expect([...bodies]).toEqual([
      '{"error":{"code":"unauthorized","message":"The request could not be authenticated."}}',
    ]);
  });

  it("serves another merchant's key its own store when the base URL is not bound to a merchant", async () => {
    const client = simClient();
    const config = dataOf(await client.call('GET', CONFIG, { key: OTHER_OWNER }), agentConfigSchema);
    expect(config.agent_name).toBe('Trail Guide');
  });

  it('treats a request without any credential as the impersonated key', async () => {
    const client = simClient({ impersonateKey: OWNER });
    expect((await client.call('GET', CONFIG, { key: null })).status).toBe(200);
    expectError(await client.call('GET', CONFIG, { key: 'sk_test_nobody' }), 401, 'unauthorized');
    const readonly = simClient({ impersonateKey: READONLY });
    expectError(await readonly.call('PUT', CONFIG, { key: null, body: {} }), 403, 'insufficient_scope');
  });
});

describe('scopes', () => {
  const conversationId = async (client: ReturnType<typeof simClient>) =>
    pageOf(await client.call('GET', '/api/v1/agent-conversations?limit=1'), conversationSchema).data[0]?.id ??
    '';

  it.each([
    ['GET', CONFIG, READONLY, 200, null],
    ['PUT', CONFIG, READONLY, 403, 'write_sales_agent'],
    ['POST', '/api/v1/agent-knowledge-sources', READONLY, 403, 'write_sales_agent'],
    ['GET', `/api/v1/webhook-endpoints/${SEED_IDS.webhookEndpoints.active}`, READONLY, 403, 'read_webhooks'],
    ['GET', `/api/v1/webhook-endpoints/${SEED_IDS.webhookEndpoints.active}`, OWNER, 200, null],
    ['GET', `/api/v1/webhook-endpoints/${SEED_IDS.webhookEndpoints.active}`, NODELETE, 403, 'read_webhooks'],
    // Two gates: write_notifications first, then write_notifications:delete.
    [
      'DELETE',
      `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.backInStock}`,
      READONLY,
      403,
      'write_notifications',
    ],
    [
      'DELETE',
      `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.backInStock}`,
      NODELETE,
      403,
      'write_notifications:delete',
    ],
    [
      'DELETE',
      `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.backInStock}`,
      OWNER,
      204,
      null,
    ],
  ] as const)('%s %s with %s answers %i', async (method, path, key, status, scope) => {
    const client = simClient();
    const answer = await client.call(method, path, { key });
    if (scope === null) {
      expect(answer.status).toBe(status);
      return;
    }
    const error = expectError(answer, 403, 'insufficient_scope');
    expect(error.message).toContain(scope);
    expect(error.message).not.toContain(`${scope}:`);
  });

  it('checks the scope before the conversation exists (write does not imply read)', async () => {
    const client = simClient();
    const id = await conversationId(client);
    const put = await client.call('PUT', `/api/v1/agent-conversations/${id}`, {
      key: READONLY,
      body: { status: 'closed', handoff_state: 'bot', assigned_to: null },
    });
    expect(expectError(put, 403, 'insufficient_scope').message).toContain('write_sales_agent');
  });
});

describe('key roll', () => {
  it('lets both secrets work during the grace window, then only the new one', async () => {
    const clock = manualClock();
    const client = simClient({ now: clock.now });
    const rolled = await client.call('POST', `/__sim/keys/${OWNER}/roll`, { body: { grace_s: 60 } });
    expect(rolled.status).toBe(200);
    const { secret } = dataOf(rolled, z.object({ secret: z.string() }));
    expect(secret).toMatch(/^sk_test_/);
    expect(secret).not.toBe(OWNER);

    expect((await client.call('GET', CONFIG, { key: OWNER })).status).toBe(200);
    expect((await client.call('GET', CONFIG, { key: secret })).status).toBe(200);

    clock.advance(61_000);
    expectError(await client.call('GET', CONFIG, { key: OWNER }), 401, 'unauthorized');
    // Same key id, same scopes: the new secret may still delete.
    const deleted = await client.call(
      'DELETE',
      `/api/v1/notification-templates/${SEED_IDS.notificationTemplates.abandonedCart}`,
      {
        key: secret,
      },
    );
    expect(deleted.status).toBe(204);
  });

  it('refuses a grace window over 3 days', async () => {
    const client = simClient();
    const answer = await client.call('POST', `/__sim/keys/${OWNER}/roll`, {
      body: { grace_s: 3 * 86_400 + 1 },
    });
    expect(expectError(answer, 400, 'invalid_body')).toMatchObject({
      reason: 'out_of_range',
      field: 'grace_s',
    });
  });
});
