import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../log/logger.ts';
import { startRuntime, type Runtime } from '../runtime.ts';
import { sseReader } from '../testing/sse-reader.ts';
import { tempDist, TEST_SCRYPT } from '../testing/test-app.ts';
import { captureLogs } from '../testing/logged-lines.ts';

/** The live stream on a real socket (demo mode, as `npm start` runs it): what sits in front must not hold it. */
let runtime: Runtime;

beforeAll(async () => {
  const config = loadConfig({ PORT: '0', MOCK_API_PORT: '0', LOG_LEVEL: 'info' });
  runtime = await startRuntime(config, {
    logger: createLogger('info', captureLogs()),
    distDir: tempDist(),
    passwordParams: TEST_SCRYPT,
  });
});
afterAll(() => runtime.close());

async function signIn(): Promise<string> {
  const response = await fetch(`${runtime.listenUrl}/bff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: 'staff@example.com', password: 'staff-demo-pass' }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('the live stream over HTTP', () => {
  it('arrives unbuffered with the security headers, and a client disconnect frees the stream', async () => {
    const cookie = await signIn();
    const controller = new AbortController();
    const response = await fetch(`${runtime.listenUrl}/bff/events`, {
      headers: { cookie, 'x-csrf': '1', 'accept-encoding': 'gzip, br' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // `ready` is readable while the response is still open: nothing in front buffers it.
    expect((await sseReader(response).next()).event).toBe('ready');
    expect(runtime.app.liveHub.streamCount).toBe(1);
    expect(runtime.app.feed.isRunning).toBe(true);

    controller.abort();
    await vi.waitFor(() => expect(runtime.app.liveHub.streamCount).toBe(0), { timeout: 5000 });
    // Nobody connected: the feed stops reading the store.
    expect(runtime.app.feed.isRunning).toBe(false);
  });
});
