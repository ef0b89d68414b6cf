import { describe, expect, it } from 'vitest';
import { BASE_URL, expectError, simClient } from '../testing/sim-client.ts';

describe('paths and methods nobody serves', () => {
  it.each([
    ['GET', '/api/v1/orders'],
    ['GET', '/api/v2/agent-config'],
    ['POST', '/api/v1/agent-conversations/conv_1/messages/msg_1'],
    ['DELETE', '/api/anything'],
  ])('%s %s is 404 not_found in the envelope', async (method, path) => {
    const client = simClient();
    expect(expectError(await client.call(method, path), 404, 'not_found').resource).toBe('route');
  });

  it.each([
    ['DELETE', '/api/v1/agent-config', 'GET, PUT'],
    ['POST', '/api/v1/agent-config', 'GET, PUT'],
    ['PATCH', '/api/v1/agent-conversations/conv_1', 'GET, PUT'],
    ['DELETE', '/api/v1/agent-conversations', 'GET'],
    ['PUT', '/api/v1/agent-conversations/conv_1/messages', 'GET, POST'],
    ['GET', '/api/v1/notification-templates/ntpl_1', 'DELETE'],
    ['POST', '/api/v1/webhook-endpoints/we_1', 'GET'],
    ['HEAD', '/api/v1/agent-config', 'GET, PUT'],
    ['GET', '/__sim/reset', 'POST'],
  ])('%s %s is 405 method_not_allowed with Allow: %s', async (method, path, allow) => {
    const client = simClient();
    const answer = await client.call(method, path);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    if (method !== 'HEAD') expectError(answer, 405, 'method_not_allowed');
  });

  it('answers an unknown control-plane path with 404', async () => {
    const client = simClient();
    expectError(await client.call('POST', '/__sim/nothing-here'), 404, 'not_found');
  });

  it('leaves every path outside /api/ and /__sim/ to other handlers', async () => {
    const client = simClient();
    for (const path of ['/bff/session', '/', '/apix/v1/agent-config', '/assets/app.js', '/api']) {
      expect(await client.raw(new Request(`${BASE_URL}${path}`))).toBeUndefined();
    }
  });

  it('still asks for credentials before telling what is mounted', async () => {
    const client = simClient();
    expectError(await client.call('GET', '/api/v1/orders', { key: null }), 401, 'unauthorized');
  });
});
