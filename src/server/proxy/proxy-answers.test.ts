import { describe, expect, it } from 'vitest';
import { streamedBody } from '../testing/streamed-body.ts';
import { jsonHandler, startFakeUpstream } from '../testing/fake-upstream.ts';
import { errorCode, proxyFixture } from '../testing/proxy-fixture.ts';
import { buildTestApp, READ_HEADERS, signIn, TEST_KEY, WRITE_HEADERS } from '../testing/test-app.ts';

// The /api proxy's answers: bodies, upstream failures, secrets, non-JSON answers and security events.
const proxy = proxyFixture();

describe('bodies', () => {
  it('forwards the body as raw bytes, invalid UTF-8 included', async () => {
    const body = Buffer.from([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    await proxy.app.request('/api/v1/agent-conversations/conv_1/messages', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: proxy.ownerCookie, 'idempotency-key': 'raw-1' },
      body,
    });
    expect(proxy.upstream.requests[0]!.body.equals(body)).toBe(true);
    expect(proxy.upstream.requests[0]!.headers['content-length']).toBe(String(body.length));
  });

  it('refuses a 2 MB body with 413 payload_too_large (declared length)', async () => {
    const response = await proxy.app.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: {
        ...WRITE_HEADERS,
        cookie: proxy.ownerCookie,
        'idempotency-key': 'big-1',
        'content-length': String(2 * 1024 * 1024),
      },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(proxy.upstream.requests).toHaveLength(0);
  });

  it('refuses a 2 MB streamed (chunked) body with 413 while reading it', async () => {
    const streamed = streamedBody(2 * 1024 * 1024);
    const response = await proxy.app.request('/api/v1/agent-knowledge-sources', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: proxy.ownerCookie, 'idempotency-key': 'big-2' },
      ...streamed.init,
    });
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(streamed.sent()).toBeLessThan(2 * 1024 * 1024);
    expect(proxy.upstream.requests).toHaveLength(0);
  });
});

describe('upstream failures', () => {
  it('maps the upstream refusing the key to 502 upstream_unauthorized, without the upstream body', async () => {
    proxy.upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'No valid key' } }));
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unauthorized');
  });

  it('maps a redirect to 502 and does not follow it', async () => {
    proxy.upstream.setHandler((_request, response) => {
      response.writeHead(302, { location: `${proxy.upstream.url}/api/v1/agent-conversations` });
      response.end();
    });
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unreachable');
    expect(proxy.upstream.requests).toHaveLength(1);
  });

  it('maps a slow upstream to 504 upstream_timeout', async () => {
    proxy.upstream.setHandler(() => {
      /* never answers */
    });
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(504);
    expect(await errorCode(response)).toBe('upstream_timeout');
  });

  it('maps a connection dropped mid-answer to 502 upstream_unreachable', async () => {
    proxy.upstream.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"data":');
      response.socket?.destroy();
    });
    const response = await proxy.get('/api/v1/agent-config');
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
    proxy.upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'bad' } }));
    for (const path of ['/api/v1/agent-config', '/api/v1/orders', '/readyz']) {
      const response = await proxy.get(path);
      responses.push(await response.text(), JSON.stringify([...response.headers]));
    }
    proxy.upstream.setHandler(() => undefined);
    const timedOut = await proxy.get('/api/v1/agent-config');
    responses.push(await timedOut.text());
    expect(proxy.upstream.requests.length).toBeGreaterThan(0);
    expect(proxy.logs.length).toBeGreaterThan(0);
    for (const text of [...responses, ...proxy.logs]) {
      expect(text).not.toContain(TEST_KEY);
      expect(text).not.toContain(proxy.ownerCookie.split('=')[1]);
      expect(text).not.toContain('owner-demo-pass');
    }
  });

  it('logs one line per request with the route pattern, not the raw id', async () => {
    proxy.logs.length = 0;
    await proxy.get('/api/v1/agent-conversations/conv_secret_1/messages');
    const line = JSON.parse(proxy.logs.find((l) => l.includes('"msg":"request"'))!) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/v1/agent-conversations/{id}/messages',
      status: 200,
      user_id: 'usr_owner',
    });
    expect(typeof line.duration_ms).toBe('number');
    expect(typeof line.req_id).toBe('string');
    expect(proxy.logs.join('\n')).not.toContain('conv_secret_1');
  });
});

describe('upstream answers that are not JSON', () => {
  it.each([
    ['text/html with a script', 200, { 'content-type': 'text/html' }, '<script>alert(1)</script>'],
    ['no Content-Type', 200, {}, '{"data":{}}'],
    ['a JSON look-alike type', 200, { 'content-type': 'text/json' }, '{"data":{}}'],
    ['an error page', 503, { 'content-type': 'text/html' }, '<h1>down</h1>'],
    ['a compressed body', 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'x'],
  ])('refuses %s with 502 upstream_unreachable', async (_label, status, headers, body) => {
    proxy.upstream.setHandler((_request, response) => {
      response.writeHead(status, headers as Record<string, string>);
      response.end(body);
    });
    const response = await proxy.get('/api/v1/agent-config');
    expect(response.status).toBe(502);
    expect(await errorCode(response)).toBe('upstream_unreachable');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('asks the upstream for an uncompressed answer and relays JSON with a charset', async () => {
    proxy.upstream.setHandler(
      jsonHandler(200, { data: { ok: true } }, { 'content-type': 'application/json; charset=utf-8' }),
    );
    const response = await proxy.get('/api/v1/agent-config', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(proxy.upstream.requests[0]!.headers['accept-encoding']).toBe('identity');
    expect(await response.json()).toEqual({ data: { ok: true } });
  });
});

describe('security events', () => {
  it('logs a role refusal as authz.role_refused with the user and route', async () => {
    proxy.logs.length = 0;
    const response = await proxy.app.request('/api/v1/agent-config', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: proxy.staffCookie, 'idempotency-key': 'k-role' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    const event = proxy.logs
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
