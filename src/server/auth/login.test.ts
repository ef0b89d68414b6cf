import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../schemas/error.ts';
import { loginResponseSchema } from '../../schemas/bff.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { streamedBody } from '../testing/streamed-body.ts';
import { buildTestApp, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';

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
  it("a stranger's failures for an email do not lock its owner out from another address", async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await login(app, 'owner@example.com', `guess-${i}`, { 'x-test-client': '198.51.100.7' })).status,
      ).toBe(401);
    }
    // The stranger's address is refused for that email, even with the right password, without a check.
    const blocked = await login(app, 'owner@example.com', 'owner-demo-pass', {
      'x-test-client': '198.51.100.7',
    });
    expect(blocked.status).toBe(429);
    const body = errorEnvelopeSchema.parse(await blocked.json());
    expect(body.error.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(body.error.message).toBe(`Too many failed sign-ins. Try again in ${retryAfter} seconds.`);
    // The owner, from their own address, signs in.
    expect(
      (await login(app, 'owner@example.com', 'owner-demo-pass', { 'x-test-client': '203.0.113.20' })).status,
    ).toBe(200);
  });

  it('throttles unknown emails exactly like known ones', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    const sixth = async (email: string, client: string) => {
      for (let i = 0; i < 5; i += 1) await login(app, email, 'x', { 'x-test-client': client });
      const response = await login(app, email, 'x', { 'x-test-client': client });
      return { status: response.status, code: await code(response) };
    };
    expect(await sixth('ghost@example.com', '10.1.0.1')).toEqual({ status: 429, code: 'rate_limited' });
    expect(await sixth('staff@example.com', '10.1.0.2')).toEqual({ status: 429, code: 'rate_limited' });
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
        const response = await login(app, 'owner@example.com', `burst-${i}`, { 'x-test-client': '10.2.0.1' });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('clears the count of an address and email on success', async () => {
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, deps: addressFromHeader });
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1)
        await login(app, 'staff@example.com', 'wrong', { 'x-test-client': 'shop' });
      expect(
        (await login(app, 'staff@example.com', 'staff-demo-pass', { 'x-test-client': 'shop' })).status,
      ).toBe(200);
    }
  });
});

describe('password-check queue', () => {
  // A decoy hash that takes a few milliseconds, so concurrent sign-ins really wait for the one slot.
  const slowChecks = { ...addressFromHeader, passwordParams: { ln: 12, r: 8, p: 1 } };

  it('a sign-in turned away because the queue is full still spends its address budget', async () => {
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: { ...slowChecks, hashConcurrency: { running: 1, queued: 1 } },
    });
    // Fewer than the address's budget of 20, so only the queue turns any of them away.
    const burst = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const response = await login(app, `nobody${i}@example.com`, 'guess', { 'x-test-client': 'busy' });
        return { status: response.status, body: await response.text() };
      }),
    );
    const checked = burst.filter((answer) => answer.status === 401).length;
    const queueRefusals = burst.filter((answer) => answer.body.includes('Too many sign-ins at once')).length;
    expect(checked + queueRefusals).toBe(15);
    expect(queueRefusals).toBeGreaterThan(0);
    // The refused ones were counted too: the address's budget of 20 has 5 left.
    let more = 0;
    while (
      (await login(app, `later${more}@example.com`, 'guess', { 'x-test-client': 'busy' })).status === 401
    )
      more += 1;
    expect(more).toBe(5);
  });

  it('a flood from one address does not keep another address out of the queue', async () => {
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: { ...slowChecks, hashConcurrency: { running: 1, queued: 4 } },
    });
    // The decoy hash is made at start; wait for it, so the flood reaches the queue before the honest sign-in.
    expect((await login(app, 'warm@example.com', 'guess', { 'x-test-client': 'warm-up' })).status).toBe(401);
    const flood = Array.from({ length: 15 }, (_, i) =>
      login(app, `nobody${i}@example.com`, 'guess', { 'x-test-client': 'flood' }),
    );
    // Let the flood reach the queue first (its requests only wait on promises until then).
    await new Promise((resolve) => setImmediate(resolve));
    const honest = login(app, 'owner@example.com', 'owner-demo-pass', { 'x-test-client': 'office' });
    expect((await honest).status).toBe(200);
    const statuses = await Promise.all(flood.map(async (response) => (await response).status));
    expect(statuses).toContain(429);
  });
});
