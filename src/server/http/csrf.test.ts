import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, PUBLIC_ORIGIN, signIn, type TestApp } from '../testing/test-app.ts';

let upstream: FakeUpstream;
let app: TestApp;
let cookie: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  ({ app } = await buildTestApp({ upstreamUrl: upstream.url }));
  cookie = await signIn(app);
});
afterAll(() => upstream.close());

const code = async (response: Response) => errorEnvelopeSchema.parse(await response.json()).error.code;
const write = (headers: Record<string, string>) =>
  app.request('/api/v1/agent-conversations/conv_1/messages', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'k', ...headers },
    body: '{"content":"hi"}',
  });

describe('CSRF', () => {
  it('refuses a GET without X-CSRF: 1 with 403 csrf_failed', async () => {
    for (const headers of [{}, { 'x-csrf': '0' }, { 'x-csrf': 'true' }] as Record<string, string>[]) {
      const response = await app.request('/api/v1/agent-config', { headers: { cookie, ...headers } });
      expect(response.status).toBe(403);
      expect(await code(response)).toBe('csrf_failed');
    }
    const session = await app.request('/bff/session', { headers: { cookie } });
    expect(session.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a sign-in without X-CSRF', async () => {
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a write from a cross-site Origin even with X-CSRF', async () => {
    const response = await write({ 'x-csrf': '1', origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await code(response)).toBe('csrf_failed');
    const crossSite = await write({
      'x-csrf': '1',
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await write({ 'x-csrf': '1', 'sec-fetch-site': 'same-site' });
    expect(sameSite.status).toBe(403);
    const none = await write({ 'x-csrf': '1' });
    expect(none.status).toBe(403);
    const logout = await app.request('/bff/logout', {
      method: 'POST',
      headers: { cookie, 'x-csrf': '1', origin: 'null' },
    });
    expect(logout.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('accepts a write with Sec-Fetch-Site: same-origin or the public Origin', async () => {
    expect((await write({ 'x-csrf': '1', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await write({ 'x-csrf': '1', origin: PUBLIC_ORIGIN })).status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('checks CSRF before the session: no X-CSRF is 403 even without a cookie', async () => {
    const response = await app.request('/api/v1/agent-config');
    expect(response.status).toBe(403);
  });
});

describe('session required', () => {
  it('answers 401 session_required on /api and /bff/session without a session', async () => {
    for (const path of ['/api/v1/agent-config', '/api/v1/orders', '/bff/session']) {
      const response = await app.request(path, { headers: { 'x-csrf': '1' } });
      expect(response.status, path).toBe(401);
      expect(await code(response)).toBe('session_required');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 401 for a forged or malformed cookie', async () => {
    upstream.requests.length = 0;
    for (const forged of ['session=AAAAAAAAAAAAAAAAAAAAAA', 'session=../../etc', 'session=']) {
      const response = await app.request('/api/v1/agent-config', {
        headers: { 'x-csrf': '1', cookie: forged },
      });
      expect(response.status).toBe(401);
    }
    expect(upstream.requests).toHaveLength(0);
  });
});
