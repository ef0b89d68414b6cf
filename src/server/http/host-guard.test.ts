import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { rawRequest, serveOnSocket } from '../testing/raw-http.ts';
import { buildTestApp, signIn, type TestApp } from '../testing/test-app.ts';

let upstream: FakeUpstream;
let app: TestApp;
let logs: string[];
let cookie: string;
const REBIND = 'http://rebind.attacker.example:8080';

beforeAll(async () => {
  upstream = await startFakeUpstream();
  ({ app, logs } = await buildTestApp({ upstreamUrl: upstream.url }));
  cookie = await signIn(app);
});
afterAll(() => upstream.close());

const code = async (response: Response) => errorEnvelopeSchema.parse(await response.json()).error.code;
const login = (url: string, headers: Record<string, string>) =>
  app.request(url, {
    method: 'POST',
    headers: { 'x-csrf': '1', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
  });

describe('DNS rebinding', () => {
  it('refuses a sign-in addressed to another host name, even as same-origin', async () => {
    const response = await login(`${REBIND}/bff/login`, { origin: REBIND, 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(421);
    expect(await code(response)).toBe('host_not_allowed');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(logs.some((line) => line.includes('"event":"host.refused"'))).toBe(true);
  });

  it('refuses any page or API request for another Host, with or without a session', async () => {
    for (const path of ['/', '/inbox', '/api/v1/agent-config', '/bff/session']) {
      const response = await app.request(`${REBIND}${path}`, { headers: { 'x-csrf': '1', cookie } });
      expect(response.status, path).toBe(421);
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a write whose Origin is foreign although Sec-Fetch-Site says same-origin', async () => {
    const response = await login('/bff/login', { origin: REBIND, 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(403);
    expect(await code(response)).toBe('csrf_failed');
    expect(logs.some((line) => line.includes('"event":"csrf.refused"'))).toBe(true);
  });

  it('accepts the public origin, and the loopback spellings of a loopback (demo) origin', async () => {
    expect((await login('/bff/login', { origin: 'http://127.0.0.1:8080' })).status).toBe(200);
    const viaLocalhost = await login('http://localhost:8080/bff/login', { origin: 'http://localhost:8080' });
    expect(viaLocalhost.status).toBe(200);
    expect((await login('http://localhost:9999/bff/login', { origin: 'http://localhost:9999' })).status).toBe(
      421,
    );
  });

  it('still answers health probes addressed by IP', async () => {
    expect((await app.request('http://10.0.0.7:8080/healthz')).status).toBe(200);
  });

  it('applies to a real socket: the Host header decides', async () => {
    const served = await serveOnSocket(app);
    try {
      const foreign = await rawRequest(
        served.port,
        'GET /bff/session HTTP/1.1\r\nHost: rebind.attacker.example:8080\r\nX-CSRF: 1\r\nConnection: close',
      );
      expect(foreign.status).toBe(421);
      const own = await rawRequest(
        served.port,
        'GET /bff/session HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-CSRF: 1\r\nConnection: close',
      );
      expect(own.status).toBe(401);
    } finally {
      await served.close();
    }
  });
});

describe('absolute-form request targets', () => {
  it('refuses one whose authority is not the public origin, and never forwards it', async () => {
    const served = await serveOnSocket(app);
    upstream.requests.length = 0;
    try {
      const body = '{"greeting":"pwned"}';
      const answer = await rawRequest(
        served.port,
        [
          'PUT http://evil.example/api/v1/agent-config HTTP/1.1',
          'Host: 127.0.0.1:8080',
          'X-CSRF: 1',
          'Sec-Fetch-Site: same-origin',
          `Cookie: ${cookie}`,
          'Content-Type: application/json',
          'Idempotency-Key: k-abs',
          `Content-Length: ${body.length}`,
          'Connection: close',
        ].join('\r\n'),
        body,
      );
      expect(answer.status).toBe(421);
      expect(upstream.requests).toHaveLength(0);
    } finally {
      await served.close();
    }
  });

  it('accepts one addressed to the public origin, matched on its raw (unnormalised) path', async () => {
    const served = await serveOnSocket(app);
    upstream.requests.length = 0;
    const send = (target: string) =>
      rawRequest(
        served.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-CSRF: 1\r\nCookie: ${cookie}\r\nConnection: close`,
      );
    try {
      expect((await send('http://127.0.0.1:8080/api/v1/agent-config')).status).toBe(200);
      expect((await send('http://127.0.0.1:8080/api/v1/x/../agent-config')).status).toBe(404);
      expect(upstream.requests.map((request) => request.url)).toEqual(['/api/v1/agent-config']);
    } finally {
      await served.close();
    }
  });
});
