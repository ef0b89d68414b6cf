import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { jsonHandler } from '../testing/fake-upstream.ts';
import { errorCode, proxyFixture } from '../testing/proxy-fixture.ts';
import { TEST_KEY, WRITE_HEADERS } from '../testing/test-app.ts';

// The /api proxy: what it forwards and to whom, and the headers both ways (answers: proxy-answers.test.ts).
const proxy = proxyFixture();

describe('allowlist', () => {
  it('forwards an allowed read with the store key', async () => {
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(200);
    expect(proxy.upstream.requests).toHaveLength(1);
    expect(proxy.upstream.requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/agent-config' });
    expect(proxy.upstream.requests[0]!.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it.each([
    ['a route outside the allowlist', 'GET', '/api/v1/orders'],
    ['an allowed path with a method it does not allow', 'DELETE', '/api/v1/agent-config'],
    ['a route of the spec that is not allowlisted', 'GET', '/api/v1/notification-templates/tpl_1'],
    ['a trailing slash', 'GET', '/api/v1/agent-config/'],
    ['another API version', 'GET', '/api/v2/agent-config'],
    ['an encoded slash in an id', 'GET', '/api/v1/agent-conversations/a%2Fb'],
    ['..%2F in an id', 'GET', '/api/v1/agent-conversations/..%2Fagent-config'],
    ['..%2F with a nested route', 'GET', '/api/v1/agent-conversations/..%2F..%2Fagent-config/messages'],
    ['an encoded backslash', 'GET', '/api/v1/webhook-endpoints/a%5Cb'],
    ['a control character', 'GET', '/api/v1/agent-conversations/a%00b'],
    ['invalid percent-encoding', 'GET', '/api/v1/agent-conversations/a%zzb'],
    ['percent-encoded bytes that are not UTF-8', 'GET', '/api/v1/agent-conversations/%FF'],
    ['an over-long id', 'GET', `/api/v1/agent-conversations/${'c'.repeat(129)}`],
    ['an empty id', 'GET', '/api/v1/agent-conversations//messages'],
    ['the simulator control plane', 'POST', '/api/v1/../../__sim/reset'],
  ])('refuses %s with 404 and never forwards it', async (_label, method, path) => {
    const response = await proxy.app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie: proxy.ownerCookie, 'idempotency-key': 'k1' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('not_found');
    expect(proxy.upstream.requests).toHaveLength(0);
  });

  it('percent-encodes ids when forwarding', async () => {
    const response = await proxy.get('/api/v1/agent-conversations/conv%20one%3Fx/messages');
    expect(response.status).toBe(200);
    expect(proxy.upstream.requests[0]!.url).toBe('/api/v1/agent-conversations/conv%20one%3Fx/messages');
  });

  it('refuses an unknown query parameter with 400 without forwarding', async () => {
    const response = await proxy.get('/api/v1/agent-conversations?status=active&sort=desc');
    expect(response.status).toBe(400);
    const body = errorEnvelopeSchema.parse(await response.json());
    expect(body.error).toMatchObject({ code: 'invalid_query', field: 'sort' });
    expect(proxy.upstream.requests).toHaveLength(0);
  });

  it('refuses query parameters on a route that defines none', async () => {
    expect((await proxy.get('/api/v1/agent-config?limit=5')).status).toBe(400);
    expect(proxy.upstream.requests).toHaveLength(0);
  });

  it('forwards the parameters the route defines, byte for byte', async () => {
    const query =
      'status=active&assigned_to=usr_staff1&updated_after=2026-11-01T10%3A00%3A00Z&limit=5&after=c%2B1';
    expect((await proxy.get(`/api/v1/agent-conversations?${query}`)).status).toBe(200);
    expect(proxy.upstream.requests[0]!.url).toBe(`/api/v1/agent-conversations?${query}`);
    expect((await proxy.get('/api/v1/agent-conversations/c1/messages?limit=2&after=x')).status).toBe(200);
    expect((await proxy.get('/api/v1/agent-knowledge-sources?kind=faq')).status).toBe(200);
  });
});

describe('roles', () => {
  it('refuses staff writing the agent config with 403 role_forbidden naming the role', async () => {
    const response = await proxy.app.request('/api/v1/agent-config', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: proxy.staffCookie, 'idempotency-key': 'k-staff' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    const body = errorEnvelopeSchema.parse(await response.json());
    expect(body.error.code).toBe('role_forbidden');
    expect(body.error.message).toContain('owner');
    expect(proxy.upstream.requests).toHaveLength(0);
  });

  it.each([
    ['POST', '/api/v1/agent-knowledge-sources'],
    ['DELETE', '/api/v1/notification-templates/tpl_1'],
  ])('refuses staff %s %s', async (method, path) => {
    const response = await proxy.app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie: proxy.staffCookie, 'idempotency-key': 'k' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(proxy.upstream.requests).toHaveLength(0);
  });

  it('forwards a staff reply and a staff conversation update', async () => {
    proxy.upstream.setHandler(jsonHandler(201, { data: { id: 'msg_1' } }));
    const reply = await proxy.app.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: proxy.staffCookie, 'idempotency-key': 'k-reply' },
      body: JSON.stringify({ content: 'Hello' }),
    });
    expect(reply.status).toBe(201);
    const update = await proxy.app.request('/api/v1/agent-conversations/conv_1', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: proxy.staffCookie, 'idempotency-key': 'k-put' },
      body: JSON.stringify({ status: 'closed', handoff_state: 'human', assigned_to: null }),
    });
    expect(update.status).toBe(201);
    expect(proxy.upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/agent-conversations/conv_1/messages',
      'PUT /api/v1/agent-conversations/conv_1',
    ]);
  });

  it('lets staff read everything', async () => {
    for (const path of [
      '/api/v1/agent-config',
      '/api/v1/webhook-endpoints/we_1',
      '/api/v1/agent-knowledge-sources',
    ]) {
      expect((await proxy.get(path, { cookie: proxy.staffCookie })).status).toBe(200);
    }
  });
});

describe('headers', () => {
  it('forwards only Content-Type, Idempotency-Key and Accept from the browser', async () => {
    await proxy.app.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: {
        ...WRITE_HEADERS,
        cookie: `${proxy.ownerCookie}; other=1`,
        accept: 'application/json',
        'idempotency-key': 'idem-1',
        authorization: 'Bearer sk_test_browser_supplied',
        'x-api-key': 'sk_test_browser_supplied',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        'x-custom': 'nope',
        origin: 'http://127.0.0.1:8080',
      },
      body: '{"kind":"faq","title":"t","text":"x"}',
    });
    const sent = proxy.upstream.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['idempotency-key']).toBe('idem-1');
    expect(sent.headers.accept).toBe('application/json');
    for (const name of [
      'cookie',
      'x-api-key',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-custom',
      'origin',
      'x-csrf',
      'sec-fetch-site',
    ]) {
      expect(sent.headers[name], name).toBeUndefined();
    }
  });

  it('passes back only the allowed upstream headers, plus its own', async () => {
    proxy.upstream.setHandler(
      jsonHandler(
        429,
        { error: { code: 'rate_limited', message: 'slow down' } },
        {
          'retry-after': '3',
          'ratelimit-limit': '10',
          'ratelimit-remaining': '0',
          'ratelimit-reset': '3',
          'accept-post': 'application/json',
          'set-cookie': 'upstream=1',
          server: 'commerce',
          'x-upstream-secret': 'internal',
          'access-control-allow-origin': '*',
        },
      ),
    );
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('ratelimit-limit')).toBe('10');
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    expect(response.headers.get('ratelimit-reset')).toBe('3');
    expect(response.headers.get('accept-post')).toBe('application/json');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    for (const name of ['set-cookie', 'server', 'x-upstream-secret', 'access-control-allow-origin']) {
      expect(response.headers.get(name), name).toBeNull();
    }
  });

  it('never lets an upstream answer act as a document', async () => {
    proxy.upstream.setHandler((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<script>alert(1)</script>');
    });
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('<script>');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('passes the upstream status and body bytes through unchanged', async () => {
    const bytes = '{"error":{"code":"config_modified","message":"Somebody else saved."}, "x": [1,2 ,3]}';
    proxy.upstream.setHandler((_request, response) => {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(bytes);
    });
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(409);
    expect(await response.text()).toBe(bytes);
  });

  // Also the case "an answer that is not JSON" allows: no body, so no content type to check.
  it('passes a 204 through without a body or type', async () => {
    proxy.upstream.setHandler((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const response = await proxy.app.request('/api/v1/notification-templates/tpl_1', {
      method: 'DELETE',
      headers: { ...WRITE_HEADERS, cookie: proxy.ownerCookie, 'idempotency-key': 'del-1' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });
});
