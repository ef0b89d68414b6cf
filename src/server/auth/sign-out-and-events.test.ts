import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { createDemoDirectory } from '../users/demo-users.ts';
import {
  buildTestApp,
  TEST_SCRYPT,
  manualClock,
  READ_HEADERS,
  signIn,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const login = (app: TestApp, body: Record<string, unknown>) =>
  app.request('/bff/login', { method: 'POST', headers: WRITE_HEADERS, body: JSON.stringify(body) });
const events = (logs: string[]) =>
  logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event !== undefined);

describe('sign-out hygiene', () => {
  it('sets a browser-session cookie (no Max-Age/Expires) unless "keep me signed in" is ticked', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const plain = await login(app, { email: 'owner@example.com', password: 'owner-demo-pass' });
    expect(plain.status).toBe(200);
    const sessionCookie = (response: Response) =>
      response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
    expect(sessionCookie(plain)).not.toMatch(/max-age|expires/i);
    const remembered = await login(app, {
      email: 'owner@example.com',
      password: 'owner-demo-pass',
      remember: true,
    });
    expect(sessionCookie(remembered)).toContain(`Max-Age=${12 * 3600}`);
  });

  it('sends Clear-Site-Data for cache and storage on sign-out, and ends the session', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const cookie = await signIn(app);
    const response = await app.request('/bff/logout', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(response.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await app.request('/bff/session', { headers: { ...READ_HEADERS, cookie } })).status).toBe(401);
  });

  it('clears nothing when a session merely expires', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    const cookie = await signIn(app);
    clock.advance(31 * 60_000);
    const response = await app.request('/bff/session', { headers: { ...READ_HEADERS, cookie } });
    expect(response.status).toBe(401);
    expect(response.headers.get('clear-site-data')).toBeNull();
  });
});

describe('security events', () => {
  it('names sign-in success, failure (with the email, never the password), throttling and sign-out', async () => {
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: {
        loginLimits: {
          perAddressAndEmail: { maxFailures: 2, windowMs: 60_000 },
          perAddress: { maxFailures: 50, windowMs: 60_000 },
        },
      },
    });
    await login(app, { email: 'staff@example.com', password: 'not-it-1' });
    await login(app, { email: 'nobody@example.com', password: 'not-it-2' });
    const cookie = await signIn(app);
    await login(app, { email: 'staff@example.com', password: 'not-it-3' });
    await login(app, { email: 'staff@example.com', password: 'not-it-4' });
    await app.request('/bff/logout', { method: 'POST', headers: { ...WRITE_HEADERS, cookie } });

    const seen = events(logs);
    expect(seen.map((event) => event.event)).toEqual([
      'auth.sign_in_failed',
      'auth.sign_in_failed',
      'auth.sign_in_succeeded',
      'auth.sign_in_failed',
      'auth.sign_in_throttled',
      'auth.sign_out',
    ]);
    expect(seen[0]).toMatchObject({ email: 'staff@example.com', reason: 'wrong_password', level: 'warn' });
    expect(seen[1]).toMatchObject({ email: 'nobody@example.com', reason: 'unknown_email' });
    expect(seen[2]).toMatchObject({ email: 'owner@example.com', user_id: 'usr_owner', level: 'info' });
    expect(seen[4]).toMatchObject({ email: 'staff@example.com' });
    expect(seen[5]).toMatchObject({ user_id: 'usr_owner' });
    expect(logs.join('\n')).not.toMatch(/not-it-|owner-demo-pass/);
  });

  it('names session expiry, revocation and CSRF refusals', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    const cookie = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    await app.request('/api/v1/agent-config', { headers: { cookie } });
    clock.advance(31 * 60_000);
    await app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    const seen = events(logs);
    expect(seen.find((event) => event.event === 'csrf.refused')).toMatchObject({ reason: 'missing_header' });
    expect(seen.find((event) => event.event === 'auth.session_expired')).toMatchObject({
      user_id: 'usr_staff1',
      reason: 'idle',
    });
  });

  it('names a session revoked because its user left the directory', async () => {
    const directory = await createDemoDirectory(TEST_SCRYPT);
    const removed = new Set<string>();
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: {
        directory: {
          findByEmail: (email) => (removed.has(email) ? undefined : directory.findByEmail(email)),
          roster: () => directory.roster(),
        },
      },
    });
    const cookie = await signIn(app, 'staff@example.com', 'staff-demo-pass');
    removed.add('staff@example.com');
    expect((await app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } })).status).toBe(
      401,
    );
    expect(events(logs).find((event) => event.event === 'auth.session_revoked')).toMatchObject({
      user_id: 'usr_staff1',
      reason: 'user_removed',
    });
  });
});
