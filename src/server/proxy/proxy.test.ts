import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { streamedBody } from '../testing/streamed-body.ts';
import { startFakeUpstream, jsonHandler, type FakeUpstream } from '../testing/fake-upstream.ts';
import {
  buildTestApp,
  READ_HEADERS,
  signIn,
  TEST_KEY,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';

let upstream: FakeUpstream;
let app: TestApp;
let logs: string[];
let ownerCookie: string;
let staffCookie: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  ({ app, logs } = await buildTestApp({ upstreamUrl: upstream.url, upstreamTimeoutMs: 300 }));
  ownerCookie = await signIn(app);
  staffCookie = await signIn(app, 'staff@example.com', 'staff-demo-pass');
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.setHandler(jsonHandler(200, { data: { ok: true } }));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { ...READ_HEADERS, cookie: ownerCookie, ...headers } });

async function errorCode(response: Response): Promise<string> {
  return errorEnvelopeSchema.parse(await response.json()).error.code;
}

describe('allowlist', () => {
  it('forwards an allowed read with the store key', async () => {
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/agent-config' });
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
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
    const response = await app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie: ownerCookie, 'idempotency-key': 'k1' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('not_found');
    expect(upstream.requests).toHaveLength(0);
  });

  it('percent-encodes ids when forwarding', async () => {
    const response = await get('/api/v1/agent-conversations/conv%20one%3Fx/messages');
    expect(response.status).toBe(200);
    expect(upstream.requests[0]!.url).toBe('/api/v1/agent-conversations/conv%20one%3Fx/messages');
  });

  it('refuses an unknown query parameter with 400 without forwarding', async () => {
    const response = await get('/api/v1/agent-conversations?status=active&sort=desc');
    expect(response.status).toBe(400);
    const body = errorEnvelopeSchema.parse(await response.json());
    expect(body.error).toMatchObject({ code: 'invalid_query', field: 'sort' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses query parameters on a route that defines none', async () => {
    expect((await get('/api/v1/agent-config?limit=5')).status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it('forwards the parameters the route defines, byte for byte', async () => {
    const query =
      'status=active&assigned_to=usr_staff1&updated_after=2026-11-01T10%3A00%3A00Z&limit=5&after=c%2B1';
    expect((await get(`/api/v1/agent-conversations?${query}`)).status).toBe(200);
    expect(upstream.requests[0]!.url).toBe(`/api/v1/agent-conversations?${query}`);
    expect((await get('/api/v1/agent-conversations/c1/messages?limit=2&after=x')).status).toBe(200);
    expect((await get('/api/v1/agent-knowledge-sources?kind=faq')).status).toBe(200);
  });
});

describe('roles', () => {
  it('refuses staff writing the agent config with 403 role_forbidden naming the role', async () => {
    const response = await app.request('/api/v1/agent-config', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staffCookie, 'idempotency-key': 'k-staff' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    const body = errorEnvelopeSchema.parse(await response.json());
    expect(body.error.code).toBe('role_forbidden');
    expect(body.error.message).toContain('owner');
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['POST', '/api/v1/agent-knowledge-sources'],
    ['DELETE', '/api/v1/notification-templates/tpl_1'],
  ])('refuses staff %s %s', async (method, path) => {
    const response = await app.request(path, {
      method,
      headers: { ...WRITE_HEADERS, cookie: staffCookie, 'idempotency-key': 'k' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('forwards a staff reply and a staff conversation update', async () => {
    upstream.setHandler(jsonHandler(201, { data: { id: 'msg_1' } }));
    const reply = await app.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: staffCookie, 'idempotency-key': 'k-reply' },
      body: JSON.stringify({ content: 'Hello' }),
    });
    expect(reply.status).toBe(201);
    const update = await app.request('/api/v1/agent-conversations/conv_1', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staffCookie, 'idempotency-key': 'k-put' },
      body: JSON.stringify({ status: 'closed', handoff_state: 'human', assigned_to: null }),
    });
    expect(update.status).toBe(201);
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
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
      expect((await get(path, { cookie: staffCookie })).status).toBe(200);
    }
  });
});

describe('headers', () => {
  it('forwards only Content-Type, Idempotency-Key and Accept from the browser', async () => {
    await app.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: {
        ...WRITE_HEADERS,
        cookie: `${ownerCookie}; other=1`,
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
    const sent = upstream.requests[0]!;
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
    upstream.setHandler(
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
    const response = await get('/api/v1/agent-config');
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
    upstream.setHandler((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<script>alert(1)</script>');
    });
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('<script>');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('passes the upstream status and body bytes through unchanged', async () => {
    const bytes = '{"error":{"code":"config_modified","message":"Somebody else saved."}, "x": [1,2 ,3]}';
    upstream.setHandler((_request, response) => {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(bytes);
    });
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(409);
    expect(await response.text()).toBe(bytes);
  });

  // Also the case "an answer that is not JSON" allows: no body, so no content type to check.
  it('passes a 204 through without a body or type', async () => {
    upstream.setHandler((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const response = await app.request('/api/v1/notification-templates/tpl_1', {
      method: 'DELETE',
      headers: { ...WRITE_HEADERS, cookie: ownerCookie, 'idempotency-key': 'del-1' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });
});

describe('bodies', () => {
  it('forwards the body as raw bytes, invalid UTF-8 included', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    await app.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: ownerCookie, 'idempotency-key': 'raw-1' },
      body,
    });
    expect(upstream.requests[0]!.body.equals(body)).toBe(true);
    expect(upstream.requests[0]!.headers['content-length']).toBe(String(body.length));
  });

  it('refuses a 2 MB body with 413 payload_too_large (declared length)', async () => {
    const response = await app.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: {
        ...WRITE_HEADERS,
        cookie: ownerCookie,
        'idempotency-key': 'big-1',
        'content-length': String(2 * 1024 * 1024),
      },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a 2 MB streamed (chunked) body with 413 while reading it', async () => {
    const streamed = streamedBody(2 * 1024 * 1024);
    const response = await app.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: ownerCookie, 'idempotency-key': 'big-2' },
      ...streamed.init,
    });
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(streamed.sent()).toBeLessThan(2 * 1024 * 1024);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('upstream failures', () => {
  it('maps the upstream refusing the key to 502 upstream_unauthorized, without the upstream body', async () => {
    upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'No valid key' } }));
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unauthorized');
  });

  it('maps a redirect to 502 and does not follow it', async () => {
    upstream.setHandler((_request, response) => {
      response.writeHead(302, { location: `${upstream.url}/api/v1/agent-conversations` });
      response.end();
    });
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unreachable');
    expect(upstream.requests).toHaveLength(1);
  });

  it('maps a slow upstream to 504 upstream_timeout', async () => {
    upstream.setHandler(() => {
      /* never answers */
    });
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(504);
    expect(await errorCode(response)).toBe('upstream_timeout');
  });

  it('maps a connection dropped mid-answer to 502 upstream_unreachable', async () => {
    upstream.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"data":');
      response.socket?.destroy();
    });
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unreachable');
  });

  it('maps a refused connection to 502 upstream_unreachable', async () => {
    const closed = await startFakeUpstream();
    await closed.close();
    const { app: isolated } = await buildTestApp({ upstreamUrl: closed.url });
    const cookie = await signIn(isolated);
    const response = await isolated.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unreachable');
  });
});

describe('secrets', () => {
  it('never puts the key in a response or a log line', async () => {
    const responses: string[] = [];
    upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'bad' } }));
    for (const path of ['/api/v1/agent-config', '/api/v1/orders', '/readyz']) {
      const response = await get(path);
      responses.push(await response.text(), JSON.stringify([...response.headers]));
    }
    upstream.setHandler(() => undefined);
    const timedOut = await get('/api/v1/agent-config');
    responses.push(await timedOut.text());
    expect(upstream.requests.length).toBeGreaterThan(0);
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...responses, ...logs]) {
      expect(text).not.toContain(TEST_KEY);
      expect(text).not.toContain(ownerCookie.split('=')[1]);
      expect(text).not.toContain('owner-demo-pass');
    }
  });

  it('logs one line per request with the route pattern, not the raw id', async () => {
    logs.length = 0;
    await get('/api/v1/agent-conversations/conv_secret_1/messages');
    const line = JSON.parse(logs.find((l) => l.includes('"msg":"request"'))!) as Record<string, unknown>;
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/v1/agent-conversations/{id}/messages',
      status: 200,
      user_id: 'usr_owner',
    });
    expect(typeof line.duration_ms).toBe('number');
    expect(typeof line.req_id).toBe('string');
    expect(logs.join('\n')).not.toContain('conv_secret_1');
  });
});

describe('upstream answers that are not JSON (issue 15, item 7)', () => {
  it.each([
    ['text/html with a script', 200, { 'content-type': 'text/html' }, '<script>alert(1)</script>'],
    ['no Content-Type', 200, {}, '{"data":{}}'],
    ['a JSON look-alike type', 200, { 'content-type': 'text/json' }, '{"data":{}}'],
    ['an error page', 503, { 'content-type': 'text/html' }, '<h1>down</h1>'],
    ['a compressed body', 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'x'],
  ])('refuses %s with 502 upstream_unreachable', async (_label, status, headers, body) => {
    upstream.setHandler((_request, response) => {
      response.writeHead(status, headers as Record<string, string>);
      response.end(body);
    });
    const response = await get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unreachable');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('asks the upstream for an uncompressed answer and relays JSON with a charset', async () => {
    upstream.setHandler(
      jsonHandler(200, { data: { ok: true } }, { 'content-type': 'application/json; charset=utf-8' }),
    );
    const response = await get('/api/v1/agent-config', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(upstream.requests[0]!.headers['accept-encoding']).toBe('identity');
    expect(await response.json()).toEqual({ data: { ok: true } });
  });
});

describe('security events (issue 15, item 10)', () => {
  it('logs a role refusal as authz.role_refused with the user and route', async () => {
    logs.length = 0;
    const response = await app.request('/api/v1/agent-config', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staffCookie, 'idempotency-key': 'k-role' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    const event = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'authz.role_refused');
    expect(event).toMatchObject({
      user_id: 'usr_staff1',
      role: 'staff',
      method: 'PUT',
      route: '/api/v1/agent-config',
    });
  });
});
