import { describe, expect, it } from 'vitest';
import { buildTestApp, manualClock, WRITE_HEADERS } from '../testing/test-app.ts';

const generous = { maxFailures: 10_000, windowMs: 15 * 60_000 };

describe('auth.sign_in_failed in the log', () => {
  it('is logged within a budget per address group, and the next line says how many were left out', async () => {
    const clock = manualClock();
    const { app, logs } = await buildTestApp({
      // Signing in never asks the store.
      upstreamUrl: 'http://127.0.0.1:9',
      now: clock.now,
      deps: {
        clientAddress: (c) => c.req.header('x-test-client') ?? '203.0.113.7',
        loginLimits: { perAddressAndEmail: generous, perAddress: generous },
      },
    });
    const fail = async (client?: string) => {
      const response = await app.request('/bff/login', {
        method: 'POST',
        headers: { ...WRITE_HEADERS, ...(client ? { 'x-test-client': client } : {}) },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      expect(response.status).toBe(401);
    };
    const failedLines = () =>
      logs
        .map((line) => JSON.parse(line) as { event?: string; suppressed_since_last?: number })
        .filter((line) => line.event === 'auth.sign_in_failed');

    for (let i = 0; i < 25; i += 1) await fail();
    expect(failedLines()).toHaveLength(10);
    // Another address group has its own share; its line says how many were left out meanwhile.
    await fail('198.51.100.20');
    expect(failedLines()).toHaveLength(11);
    expect(failedLines().at(-1)).toMatchObject({ suppressed_since_last: 15 });
    // A minute later the first group is logged again.
    clock.advance(60_000);
    await fail();
    expect(failedLines()).toHaveLength(12);
    await app.liveHub.close();
  });
});
