import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conversationSchema } from '@/schemas/conversation';
import { singleSchema } from '@/schemas/page';
import { ApiError } from './api-error';
import { envelope, json, setup } from '@/testing/api-client-harness';
import { buildConversation } from '@/testing/factories';

const conversation = buildConversation();
const conversationResponse = singleSchema(conversationSchema);

describe('requests', () => {
  it('sends X-CSRF and same-origin credentials on a GET, with no Content-Type and no key', async () => {
    const { client, calls } = setup([json(200, { data: conversation })]);
    await client.request('/api/v1/agent-conversations/conv_1', { schema: conversationResponse });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.headers['X-CSRF']).toBe('1');
    expect(calls[0]!.headers).not.toHaveProperty('Content-Type');
    expect(calls[0]!.headers).not.toHaveProperty('Idempotency-Key');
    expect(calls[0]!.headers).not.toHaveProperty('X-Background');
  });

  it('builds the query string, leaving out empty values and repeating arrays', async () => {
    const { client, calls } = setup([json(200, { data: [], page: { has_more: false } })]);
    await client.request('/api/v1/agent-conversations', {
      query: {
        status: 'active',
        assigned_to: undefined,
        channel: null,
        limit: 50,
        after: 'c/1+2',
        tag: ['a', 'b'],
      },
    });
    expect(calls[0]!.url).toBe(
      '/api/v1/agent-conversations?status=active&limit=50&after=c%2F1%2B2&tag=a&tag=b',
    );
  });

  it('sends a JSON body with Content-Type and a minted Idempotency-Key on a write', async () => {
    const { client, calls } = setup([json(201, { data: { id: 'msg_1' } })]);
    await client.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      body: { content: 'Hello' },
    });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"content":"Hello"}');
    expect(calls[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a body-less write without Content-Type but with the given key', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    const result = await client.request('/api/v1/notification-templates/tpl_1', {
      method: 'DELETE',
      idempotencyKey: 'key-from-click',
    });
    expect(result).toBeUndefined();
    expect(calls[0]!.headers).not.toHaveProperty('Content-Type');
    expect(calls[0]!.headers['Idempotency-Key']).toBe('key-from-click');
  });

  it('mints a new key per call, so two separate actions never share one', async () => {
    const { client, calls } = setup([json(201, { data: {} }), json(201, { data: {} })]);
    await client.request('/api/v1/agent-knowledge-sources', { method: 'POST', body: { a: 1 } });
    await client.request('/api/v1/agent-knowledge-sources', { method: 'POST', body: { a: 1 } });
    expect(calls[0]!.headers['Idempotency-Key']).not.toBe(calls[1]!.headers['Idempotency-Key']);
  });

  it('marks requests made while the user is idle with X-Background: 1', async () => {
    let idle = true;
    const { client, calls } = setup([json(200, {}), json(200, {})], { activity: { isIdle: () => idle } });
    await client.request('/api/v1/agent-conversations');
    idle = false;
    await client.request('/api/v1/agent-conversations');
    expect(calls[0]!.headers['X-Background']).toBe('1');
    expect(calls[1]!.headers).not.toHaveProperty('X-Background');
  });

  it('refuses a path that is not same-origin', async () => {
    const { client } = setup([]);
    await expect(client.request('//evil.example/api')).rejects.toThrow(TypeError);
    await expect(client.request('https://evil.example/api')).rejects.toThrow(TypeError);
  });
});

describe('responses', () => {
  it('parses leniently: fields the API added are kept', async () => {
    const { client } = setup([json(200, { data: { ...conversation, priority: 'high' }, meta: 1 })]);
    const result = await client.request('/api/v1/agent-conversations/conv_1', {
      schema: conversationResponse,
    });
    expect(result.data.display_name).toBe('Ana');
    expect(result.data).toMatchObject({ priority: 'high' });
  });

  it('turns a success body of the wrong shape into an invalid_response error', async () => {
    const { client, calls } = setup([json(200, { data: { id: 1 } })]);
    const error = await client
      .request('/api/v1/agent-conversations/conv_1', { schema: conversationResponse })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(calls).toHaveLength(1);
  });

  it('throws the envelope error with all its members', async () => {
    const { client } = setup([
      json(403, { error: { code: 'insufficient_scope', message: 'This key lacks write_sales_agent.' } }),
    ]);
    await expect(client.request('/api/v1/agent-config', { method: 'PUT', body: {} })).rejects.toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      message: 'This key lacks write_sales_agent.',
      isEnvelope: true,
    });
  });
});

describe('retries', () => {
  it('retries a 5xx with the same Idempotency-Key and backoff, then succeeds', async () => {
    const { client, calls, sleeps, retries } = setup([
      envelope(502, 'upstream_unreachable'),
      new Response('<html>Service Unavailable</html>', { status: 503 }),
      json(201, { data: { id: 'msg_1' } }),
    ]);
    const result = await client.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      body: { content: 'Hi' },
      idempotencyKey: 'key-1',
      schema: z.object({ data: z.object({ id: z.string() }) }),
    });
    expect(result.data.id).toBe('msg_1');
    expect(calls.map((call) => call.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1', 'key-1']);
    expect(calls.map((call) => call.init.body)).toEqual(Array(3).fill('{"content":"Hi"}'));
    expect(sleeps).toEqual([250, 500]);
    expect(retries.map((event) => [event.retryNumber, event.reason])).toEqual([
      [1, 'server_error'],
      [2, 'server_error'],
    ]);
  });

  it('keeps the key it minted itself across retries', async () => {
    const { client, calls } = setup([new TypeError('Failed to fetch'), json(200, { data: {} })]);
    await client.request('/api/v1/agent-config', { method: 'PUT', body: { enabled: true } });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['Idempotency-Key']).toBeDefined();
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key']);
  });

  it('retries 409 idempotency_key_in_progress with the same key', async () => {
    const { client, calls } = setup([envelope(409, 'idempotency_key_in_progress'), json(201, { data: {} })]);
    await client.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      body: {},
      idempotencyKey: 'k',
    });
    expect(calls.map((call) => call.headers['Idempotency-Key'])).toEqual(['k', 'k']);
  });

  it('retries a network error on a GET', async () => {
    const { client, calls } = setup([new TypeError('network down'), json(200, { ok: true })]);
    await client.request('/api/v1/agent-config');
    expect(calls).toHaveLength(2);
  });

  it('gives up after the retries and throws the last error', async () => {
    const { client, calls } = setup([
      envelope(504, 'upstream_timeout'),
      envelope(504, 'upstream_timeout'),
      envelope(502, 'upstream_unreachable'),
    ]);
    await expect(client.request('/api/v1/agent-config')).rejects.toMatchObject({
      status: 502,
      code: 'upstream_unreachable',
    });
    expect(calls).toHaveLength(3);
  });

  it.each([
    ['409 idempotency_key_reused', 409, 'idempotency_key_reused'],
    ['409 config_modified', 409, 'config_modified'],
    ['503 agent_disabled', 503, 'agent_disabled'],
    ['400 invalid_body', 400, 'invalid_body'],
    ['403 role_forbidden', 403, 'role_forbidden'],
    ['404 not_found', 404, 'not_found'],
  ])('sends %s once and throws it', async (_label, status, code) => {
    const { client, calls, sleeps } = setup([envelope(status, code)]);
    await expect(
      client.request('/api/v1/agent-knowledge-sources', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status, code });
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('honours Retry-After on a 429 and announces the wait', async () => {
    const { client, calls, sleeps, retries } = setup([
      envelope(429, 'rate_limited', { 'Retry-After': '3' }),
      json(200, { data: {} }),
    ]);
    await client.request('/api/v1/agent-conversations');
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
    expect(retries).toEqual([
      expect.objectContaining({
        reason: 'rate_limited',
        delayMs: 3000,
        retryNumber: 1,
        path: '/api/v1/agent-conversations',
      }),
    ]);
  });

  it('does not wait for a Retry-After beyond the cap', async () => {
    const { client, calls } = setup([envelope(429, 'rate_limited', { 'Retry-After': '600' })]);
    await expect(client.request('/api/v1/agent-conversations')).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 600,
    });
    expect(calls).toHaveLength(1);
  });

  it('does not retry at all with retry: false', async () => {
    const { client, calls } = setup([envelope(503, 'upstream_unreachable')]);
    await expect(
      client.request('/bff/login', { method: 'POST', body: {}, retry: false }),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(1);
  });

  it('stops retrying when the caller aborts during the backoff', async () => {
    const controller = new AbortController();
    const { client, calls } = setup([envelope(503, 'x')], {
      sleep: (_ms, signal) => {
        controller.abort();
        return Promise.reject(signal?.reason as Error);
      },
    });
    await expect(client.request('/api/v1/agent-config', { signal: controller.signal })).rejects.toMatchObject(
      {
        name: 'AbortError',
      },
    );
    expect(calls).toHaveLength(1);
  });

  it('passes an abort through untouched and does not retry it', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client, calls } = setup([abort]);
    await expect(client.request('/api/v1/agent-config')).rejects.toBe(abort);
    expect(calls).toHaveLength(1);
  });
});
