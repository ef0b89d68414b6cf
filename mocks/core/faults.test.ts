import { describe, expect, it } from 'vitest';
import { messageSchema } from '../../src/schemas/message.ts';
import {
  dataOf,
  expectError,
  pageOf,
  simClient,
  someConversationId,
  type SimClient,
} from '../testing/sim-client.ts';

const CONVERSATIONS = '/api/v1/agent-conversations';

async function inject(client: SimClient, fault: object) {
  const answer = await client.call('POST', '/__sim/faults', { key: null, body: fault });
  expect(answer.status).toBe(201);
}

async function transcript(client: SimClient, id: string) {
  return pageOf(await client.call('GET', `${CONVERSATIONS}/${id}/messages?limit=100`), messageSchema).data;
}

describe('POST /__sim/faults', () => {
  it('fails the next `times` matching requests with the status and code, in the envelope', async () => {
    const client = simClient();
    await inject(client, { method: 'GET', path: CONVERSATIONS, times: 2, status: 503 });
    expectError(await client.call('GET', CONVERSATIONS), 503, 'service_unavailable');
    expectError(await client.call('GET', `${CONVERSATIONS}?limit=5`), 503, 'service_unavailable');
    expect((await client.call('GET', CONVERSATIONS)).status).toBe(200);
  });

  it('matches a path prefix ending in * and a given code', async () => {
    const client = simClient();
    await inject(client, { method: '*', path: '/api/v1/agent-*', times: 1, status: 500, code: 'boom' });
    expectError(await client.call('GET', '/api/v1/agent-config'), 500, 'boom');
    expect((await client.call('GET', '/api/v1/agent-config')).status).toBe(200);
  });

  it('does not match another method or path', async () => {
    const client = simClient();
    await inject(client, { method: 'PUT', path: '/api/v1/agent-config', times: 1, status: 500 });
    expect((await client.call('GET', '/api/v1/agent-config')).status).toBe(200);
    expect((await client.call('GET', `${CONVERSATIONS}?limit=1`)).status).toBe(200);
  });

  it('answers an injected 429 with Retry-After', async () => {
    const client = simClient();
    await inject(client, { method: 'GET', path: '/api/v1/agent-config', times: 1, status: 429 });
    const answer = await client.call('GET', '/api/v1/agent-config');
    expectError(answer, 429, 'rate_limited');
    expect(answer.headers.get('retry-after')).toBe('1');
  });

  it('drops the connection before the write applies: nothing changes and the key stays free', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const before = await transcript(client, id);
    await inject(client, { method: 'POST', path: `${CONVERSATIONS}/*`, times: 1, drop: 'before' });
    const request = client.request('POST', `${CONVERSATIONS}/${id}/messages`, {
      idempotencyKey: 'drop-1',
      body: { content: 'Lost?' },
    });
    const dropped = await client.raw(request);
    expect(dropped?.type).toBe('error');
    expect(await transcript(client, id)).toEqual(before);
    const retry = await client.call('POST', `${CONVERSATIONS}/${id}/messages`, {
      idempotencyKey: 'drop-1',
      body: { content: 'Lost?' },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('drops the connection after the write applied and was recorded: the retry replays it', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    const before = await transcript(client, id);
    await inject(client, {
      method: 'POST',
      path: `${CONVERSATIONS}/${id}/messages`,
      times: 1,
      drop: 'after',
    });
    const send = () =>
      client.request('POST', `${CONVERSATIONS}/${id}/messages`, {
        idempotencyKey: 'drop-2',
        body: { content: 'Sent once' },
      });
    expect((await client.raw(send()))?.type).toBe('error');
    const applied = await transcript(client, id);
    expect(applied).toHaveLength(before.length + 1);
    const retry = await client.call('POST', `${CONVERSATIONS}/${id}/messages`, {
      idempotencyKey: 'drop-2',
      body: { content: 'Sent once' },
    });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf(retry, messageSchema)).toEqual(applied.at(-1));
    expect(await transcript(client, id)).toHaveLength(before.length + 1);
  });

  it('does not record an injected error against the idempotency key', async () => {
    const client = simClient();
    const id = await someConversationId(client);
    await inject(client, { method: 'POST', path: `${CONVERSATIONS}/${id}/messages`, times: 1, status: 502 });
    const send = () =>
      client.call('POST', `${CONVERSATIONS}/${id}/messages`, {
        idempotencyKey: 'flaky',
        body: { content: 'Retry me' },
      });
    expectError(await send(), 502, 'bad_gateway');
    expect((await send()).status).toBe(201);
  });

  it.each([
    [{ method: 'GET', path: '/api/v1/agent-config', times: 1 }, undefined],
    [{ method: 'GET', path: '/api/v1/agent-config', times: 1, status: 500, drop: 'after' }, undefined],
    [{ method: 'GET', path: '/__sim/reset', times: 1, status: 500 }, 'path'],
    [{ method: 'GET', path: '/api/v1/agent-config', times: 0, status: 500 }, 'times'],
    [{ method: 'GET', path: '/api/v1/agent-config', times: 1, drop: 'sometimes' }, 'drop'],
    [{ method: 'GET', path: '/api/v1/agent-config', times: 1, delay_ms: 10, code: 'x' }, 'code'],
  ])('refuses the fault %j', async (body, field) => {
    const client = simClient();
    expect(expectError(await client.call('POST', '/__sim/faults', { body }), 400, 'invalid_body').field).toBe(
      field,
    );
  });

  it('clears faults with DELETE /__sim/faults and with a reset', async () => {
    const client = simClient();
    await inject(client, { method: 'GET', path: '/api/v1/agent-config', times: 5, status: 500 });
    expect((await client.call('DELETE', '/__sim/faults')).status).toBe(204);
    expect((await client.call('GET', '/api/v1/agent-config')).status).toBe(200);
    await inject(client, { method: 'GET', path: '/api/v1/agent-config', times: 5, status: 500 });
    await client.call('POST', '/__sim/reset');
    expect((await client.call('GET', '/api/v1/agent-config')).status).toBe(200);
  });
});
