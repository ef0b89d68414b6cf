import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { loginResponseSchema } from '../../schemas/bff.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { streamedBody } from '../testing/streamed-body.ts';
import { buildTestApp, manualClock, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';
import { WorkLimiter } from './work-limiter.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const login = (app: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  app.request('/bff/login', {
    method: 'POST',
    headers: { ...WRITE_HEADERS, ...headers },
    body: JSON.stringify({ email, password }),
  });
const code = async (response: Response) => errorEnvelopeSchema.parse(await response.json()).error.code;

/** The client address comes from the socket in production; tests name it with a header. */
const addressFromHeader = {
  clientAddress: (c: { req: { header(name: string): string | undefined } }) =>
    c.req.header('x-test-client') ?? 'client-a',
};

describe('sign-in', () => {
  it('signs in with the right password, case-insensitive email', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const response = await login(app, '  Owner@Example.com ', 'owner-demo-pass');
    expect(response.status).toBe(200);
    const body = loginResponseSchema.parse(await response.json());
    expect(body.data.user).toEqual({
      id: 'usr_owner',
      email: 'owner@example.com',
      name: 'Morgan Lee',
      role: 'owner',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 invalid_credentials for a wrong password and for an unknown email alike', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const wrong = await login(app, 'owner@example.com', 'not-the-password');
    const unknown = await login(app, 'nobody@example.com', 'owner-demo-pass');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(errorEnvelopeSchema.parse(JSON.parse(a)).error.code).toBe('invalid_credentials');
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a malformed body with 400 and a non-JSON type with 415', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const malformed = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect(await code(malformed)).toBe('invalid_body');
    const notEmail = await login(app, 'owner', 'x');
    expect(notEmail.status).toBe(400);
    const form = await app.request('/bff/login', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=owner%40example.com&password=owner-demo-pass',
    });
    expect(form.status).toBe(415);
  });

  it('refuses a 2 MB sign-in body with 413', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify({ email: 'owner@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await code(response)).toBe('payload_too_large');
  });

  it('refuses a streamed (chunked) body with 413 as soon as it passes the cap', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const streamed = streamedBody(4 * 1024 * 1024);
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      ...streamed.init,
    });
    expect(response.status).toBe(413);
    expect(await code(response)).toBe('payload_too_large');
    expect(streamed.sent()).toBeLessThan(4 * 1024 * 1024);
  });

  it('refuses a body that is not valid UTF-8 with 400, rather than reading it with replacement characters', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: Buffer.concat([
        Buffer.from('{"email":"owner@example.com","password":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    });
    expect(response.status).toBe(400);
    const { error } = errorEnvelopeSchema.parse(await response.json());
    expect(error).toMatchObject({ code: 'invalid_body', reason: 'invalid_utf8' });
    expect(error.message).toBe('The body of the sign-in is not valid UTF-8.');
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after repeated failures for one email, even with the right password', async () => {
    const clock = manualClock();
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      now: clock.now,
      deps: addressFromHeader,
    });
    for (let i = 0; i < 5; i += 1) {
      // Different addresses: the per-email limit alone must trigger.
      expect(
        (await login(app, 'owner@example.com', `guess-${i}`, { 'x-test-client': `10.0.0.${i}` })).status,
      ).toBe(401);
    }
    const blocked = await login(app, 'owner@example.com', 'owner-demo-pass', {
      'x-test-client': '10.0.0.99',
    });
    expect(blocked.status).toBe(429);
    expect(await code(blocked)).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);

    // Another account is not affected; the same account is released when the window has passed.
    expect(
      (await login(app, 'staff@example.com', 'staff-demo-pass', { 'x-test-client': '10.0.0.99' })).status,
    ).toBe(200);
    clock.advance(15 * 60_000);
    expect(
      (await login(app, 'owner@example.com', 'owner-demo-pass', { 'x-test-client': '10.0.0.99' })).status,
    ).toBe(200);
  });

  it('throttles unknown emails exactly like known ones', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    for (let i = 0; i < 5; i += 1)
      await login(app, 'ghost@example.com', 'x', { 'x-test-client': `10.1.0.${i}` });
    expect((await login(app, 'ghost@example.com', 'x', { 'x-test-client': '10.1.0.9' })).status).toBe(429);
  });

  it('answers 429 after repeated failures from one address across many emails', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await login(app, `user${i}@example.com`, 'guess', { 'x-test-client': 'attacker' })).status,
      ).toBe(401);
    }
    const blocked = await login(app, 'owner@example.com', 'owner-demo-pass', { 'x-test-client': 'attacker' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // Someone else, elsewhere, still signs in.
    expect(
      (await login(app, 'owner@example.com', 'owner-demo-pass', { 'x-test-client': 'office' })).status,
    ).toBe(200);
  });

  it('checks at most the allowed number of passwords when guesses arrive all at once', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const response = await login(app, 'owner@example.com', `burst-${i}`, {
          'x-test-client': `10.2.0.${i}`,
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('clears the email count on success', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1)
        await login(app, 'staff@example.com', 'wrong', { 'x-test-client': `r${round}` });
      expect(
        (await login(app, 'staff@example.com', 'staff-demo-pass', { 'x-test-client': `r${round}` })).status,
      ).toBe(200);
    }
  });
});

describe('WorkLimiter', () => {
  it('runs at most N tasks at once and refuses beyond the queue', async () => {
    const limiter = new WorkLimiter(1, 1);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await gate;
      running -= 1;
      return 'done';
    };
    const first = limiter.run(task);
    const second = limiter.run(task);
    const third = await limiter.run(task);
    expect(third).toBeUndefined();
    release();
    expect(await first).toEqual({ value: 'done' });
    expect(await second).toEqual({ value: 'done' });
    expect(peak).toBe(1);
  });
});
