import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../../schemas/bff.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, manualClock, signIn, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const MINUTE = 60_000;
const session = (app: TestApp, cookie: string, headers: Record<string, string> = {}) =>
  app.request('/bff/session', { headers: { 'x-csrf': '1', cookie, ...headers } });

describe('session endpoints', () => {
  let app: TestApp;
  beforeEach(async () => {
    ({ app } = await buildTestApp({ upstreamUrl: upstream.url }));
  });

  it('answers a signed-out visitor 401, or 200 with data null when asked with ?optional=1', async () => {
    const refused = await session(app, '');
    expect(refused.status).toBe(401);
    const optional = await app.request('/bff/session?optional=1', { headers: { 'x-csrf': '1' } });
    expect(optional.status).toBe(200);
    expect(await optional.json()).toEqual({ data: null });
    const cookie = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    const signedIn = await app.request('/bff/session?optional=1', { headers: { 'x-csrf': '1', cookie } });
    expect(sessionResponseSchema.parse(await signedIn.json()).data.user.email).toBe('staff@example.com');
  });

  it('returns the user and the roster (including members who cannot sign in)', async () => {
    const cookie = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    const response = await session(app, cookie);
    expect(response.status).toBe(200);
    const { data } = sessionResponseSchema.parse(await response.json());
    expect(data.user).toEqual({
      id: 'usr_staff1',
      email: 'staff@example.com',
      name: 'Sam Rivera',
      role: 'staff',
    });
    expect(data.roster).toEqual([
      { id: 'usr_owner', name: 'Morgan Lee' },
      { id: 'usr_staff1', name: 'Sam Rivera' },
      { id: 'usr_staff2', name: 'Alex Kim' },
      { id: 'usr_staff3', name: 'Jordan Patel' },
    ]);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('logout destroys the session on the server: the old cookie gets 401', async () => {
    const cookie = await signIn(app);
    expect((await session(app, cookie)).status).toBe(200);
    const logout = await app.request('/bff/logout', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie },
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^session=; .*Max-Age=0/);
    expect((await session(app, cookie)).status).toBe(401);
    const api = await app.request('/api/v1/agent-config', { headers: { 'x-csrf': '1', cookie } });
    expect(api.status).toBe(401);
  });

  it('"sign out everywhere" (in memory too) ends every session of that person and nobody else\'s', async () => {
    const [first, second] = [await signIn(app), await signIn(app)];
    const other = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    const response = await app.request('/bff/sessions/end-all', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: second },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ended: 2 } });
    expect(response.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect((await session(app, first)).status).toBe(401);
    expect((await session(app, second)).status).toBe(401);
    expect((await session(app, other)).status).toBe(200);
    // Like every write, it needs the CSRF header.
    const forged = await app.request('/bff/sessions/end-all', { method: 'POST', headers: { cookie: other } });
    expect(forged.status).toBe(403);
    expect((await session(app, other)).status).toBe(200);
  });

  it('issues a new session id at every sign-in and ends the previous one', async () => {
    const first = await signIn(app);
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: first },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
    });
    const second = response.headers.get('set-cookie')!.split(';')[0]!;
    expect(second).not.toBe(first);
    expect(second).toMatch(/^session=[A-Za-z0-9_-]{22}$/);
    expect((await session(app, first)).status).toBe(401);
    expect((await session(app, second)).status).toBe(200);
  });

  it('sets HttpOnly, SameSite=Strict, Path=/ and no Secure over http', async () => {
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
    });
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('Domain');
  });
});

describe('session cookie over https', () => {
  it('uses the __Host- prefix and Secure, and sets HSTS', async () => {
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      config: { publicOrigin: 'https://dashboard.example.com', secure: true },
    });
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
    });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{22}; /);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const cookie = setCookie.split(';')[0]!;
    expect((await session(app, cookie)).status).toBe(200);
    // The unprefixed name is not read over https (it could have been planted by a sibling subdomain).
    expect((await session(app, cookie.replace('__Host-session', 'session'))).status).toBe(401);
  });
});

describe('timeouts', () => {
  it('ends a session after the idle timeout, and activity extends it', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    const cookie = await signIn(app);
    clock.advance(29 * MINUTE);
    expect((await session(app, cookie)).status).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await session(app, cookie)).status).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await session(app, cookie)).status).toBe(401);
  });

  it('does not let background polling (X-Background: 1) extend the idle timeout', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    const cookie = await signIn(app);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(5 * MINUTE);
      expect((await session(app, cookie, { 'x-background': '1' })).status).toBe(200);
      const poll = await app.request('/api/v1/agent-conversations?status=active', {
        headers: { 'x-csrf': '1', 'x-background': '1', cookie },
      });
      expect(poll.status).toBe(200);
    }
    clock.advance(5 * MINUTE); // 30 minutes since the last real activity (the sign-in)
    expect((await session(app, cookie, { 'x-background': '1' })).status).toBe(401);
  });

  it('ends a session at the absolute timeout however active it is', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      config: { sessionIdleMs: 30 * MINUTE, sessionAbsoluteMs: 2 * 60 * MINUTE },
    });
    const cookie = await signIn(app);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(20 * MINUTE);
      expect((await session(app, cookie)).status).toBe(200);
    }
    clock.advance(25 * MINUTE); // 125 minutes after sign-in, 25 after the last activity
    const response = await session(app, cookie);
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toContain('Max-Age=0');
  });
});
