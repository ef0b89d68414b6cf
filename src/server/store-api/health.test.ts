import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHandler, startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, manualClock, TEST_KEY } from '../testing/test-app.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe('/readyz', () => {
  it('is ready when the upstream accepts the key', async () => {
    upstream.setHandler(jsonHandler(200, { data: {} }));
    const { app } = await buildTestApp({ upstreamUrl: upstream.url });
    const response = await app.request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it('is not ready, with a reason and without the key, when the key is refused', async () => {
    upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'no' } }));
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: { clientAddress: () => '127.0.0.1' },
    });
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    const text = await response.text();
    const body = JSON.parse(text) as { status: string; reason: string };
    expect(body.status).toBe('not_ready');
    expect(body.reason).toContain('upstream_unauthorized');
    expect(text).not.toContain(TEST_KEY);
  });

  it('is not ready when the upstream cannot be reached', async () => {
    const gone = await startFakeUpstream();
    await gone.close();
    const { app } = await buildTestApp({ upstreamUrl: gone.url, deps: { clientAddress: () => '::1' } });
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { reason: string }).reason).toContain('upstream_unreachable');
  });

  it('caches its answer briefly so probes cannot hammer the upstream', async () => {
    upstream.setHandler(jsonHandler(200, { data: {} }));
    const clock = manualClock();
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, now: clock.now });
    upstream.requests.length = 0;
    await Promise.all([app.request('/readyz'), app.request('/readyz'), app.request('/readyz')]);
    expect(upstream.requests).toHaveLength(1);
    clock.advance(5000);
    await app.request('/readyz');
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('/readyz reason', () => {
  it('shows others the status only, and keeps the reason for the log', async () => {
    upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'no' } }));
    const { app, logs } = await buildTestApp({
      upstreamUrl: upstream.url,
      deps: { clientAddress: () => '203.0.113.9' },
    });
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not_ready' });
    expect(logs.some((line) => line.includes('upstream_unauthorized'))).toBe(true);
  });

  it('shows the reason to a probe with the configured health token', async () => {
    upstream.setHandler(jsonHandler(401, { error: { code: 'unauthorized', message: 'no' } }));
    const { app } = await buildTestApp({
      upstreamUrl: upstream.url,
      config: { healthToken: 'health-token-0123456789' },
      deps: { clientAddress: () => '203.0.113.9' },
    });
    const wrong = await app.request('/readyz', { headers: { 'x-health-token': 'health-token-wrong-value' } });
    expect(await wrong.json()).toEqual({ status: 'not_ready' });
    const right = await app.request('/readyz', { headers: { 'x-health-token': 'health-token-0123456789' } });
    expect(((await right.json()) as { reason: string }).reason).toContain('upstream_unauthorized');
  });
});
