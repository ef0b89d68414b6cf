import { describe, expect, it } from 'vitest';
import { webhookEndpointSchema } from '../../src/schemas/webhook-endpoint.ts';
import { SEED_IDS } from '../seed/stores.ts';
import { OTHER_OWNER, dataOf, expectError, simClient } from '../testing/sim-client.ts';

const endpointPath = (id: string) => `/api/v1/webhook-endpoints/${id}`;
const templatePath = (id: string) => `/api/v1/notification-templates/${id}`;

describe('GET webhook endpoint', () => {
  it('serves an active endpoint without any signing secret', async () => {
    const client = simClient();
    const answer = await client.call('GET', endpointPath(SEED_IDS.webhookEndpoints.active));
    const endpoint = dataOf(answer, webhookEndpointSchema);
    expect(endpoint).toMatchObject({ is_active: true, auto_disabled_at: null });
    expect(Object.keys(endpoint).sort()).toEqual([
      'auto_disabled_at',
      'created_at',
      'id',
      'is_active',
      'subscribed_events',
      'updated_at',
      'url',
    ]);
    expect(answer.text).not.toMatch(/secret|whsec/);
  });

  it('serves an auto-disabled endpoint with auto_disabled_at set', async () => {
    const client = simClient();
    const endpoint = dataOf(
      await client.call('GET', endpointPath(SEED_IDS.webhookEndpoints.autoDisabled)),
      webhookEndpointSchema,
    );
    expect(endpoint.is_active).toBe(false);
    expect(Date.parse(endpoint.auto_disabled_at ?? '')).not.toBeNaN();
  });

  it('serves an endpoint subscribed to every topic with *', async () => {
    const client = simClient();
    const endpoint = dataOf(
      await client.call('GET', endpointPath(SEED_IDS.webhookEndpoints.wildcard)),
      webhookEndpointSchema,
    );
    expect(endpoint.subscribed_events).toEqual(['*']);
  });

  it("answers 404 webhook_endpoint for an unknown id and for another store's endpoint", async () => {
    const client = simClient();
    const unknown = await client.call('GET', endpointPath('we_nope'));
    const foreign = await client.call('GET', endpointPath(SEED_IDS.webhookEndpoints.active), {
      key: OTHER_OWNER,
    });
    expect(expectError(unknown, 404, 'not_found').resource).toBe('webhook_endpoint');
    expect(foreign.text).toBe(unknown.text);
  });
});

describe('DELETE notification template', () => {
  it('answers 204 with no body, then 404 notification_template', async () => {
    const client = simClient();
    const path = templatePath(SEED_IDS.notificationTemplates.orderConfirmation);
    const deleted = await client.call('DELETE', path);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(deleted.headers.get('content-type')).toBeNull();
    expect(expectError(await client.call('DELETE', path), 404, 'not_found').resource).toBe(
      'notification_template',
    );
  });

  it("cannot delete another store's template", async () => {
    const client = simClient();
    const answer = await client.call(
      'DELETE',
      templatePath(SEED_IDS.notificationTemplates.orderConfirmation),
      { key: OTHER_OWNER },
    );
    expect(expectError(answer, 404, 'not_found').resource).toBe('notification_template');
  });

  it('takes an empty JSON object as a body but nothing else', async () => {
    const client = simClient();
    const answer = await client.call('DELETE', templatePath(SEED_IDS.notificationTemplates.backInStock), {
      body: { force: true },
    });
    expect(expectError(answer, 400, 'invalid_body')).toMatchObject({
      reason: 'unknown_field',
      field: 'force',
    });
    expect(
      (await client.call('DELETE', templatePath(SEED_IDS.notificationTemplates.backInStock), { body: {} }))
        .status,
    ).toBe(204);
  });
});
