import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../seed/stores.ts';
import {
  OTHER_OWNER,
  READONLY,
  expectError,
  manualClock,
  simClient,
  type Answer,
} from '../testing/sim-client.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limit.ts';

const CONFIG = '/api/v1/agent-config';

function limits(answer: Answer) {
  return {
    limit: answer.headers.get('ratelimit-limit'),
    remaining: answer.headers.get('ratelimit-remaining'),
    reset: answer.headers.get('ratelimit-reset'),
  };
}

describe('rate limiting', () => {
  it('sends RateLimit headers on every answer, refusals included', async () => {
    const client = simClient();
    for (const answer of [
      await client.call('GET', CONFIG),
      await client.call('GET', CONFIG, { key: null }),
      await client.call('GET', '/api/v1/nothing'),
      await client.call('GET', `${CONFIG}?x=1`),
    ]) {
      const { limit, remaining, reset } = limits(answer);
      expect(Number(limit)).toBe(DEFAULT_RATE_LIMITS.perKey.limit);
      expect(Number(remaining)).toBeGreaterThanOrEqual(0);
      expect(Number(reset)).toBeGreaterThanOrEqual(1);
    }
  });

  it('never bothers a dashboard polling from several tabs', async () => {
    const client = simClient();
    const polls = Array.from({ length: 300 }, () =>
      client.call('GET', '/api/v1/agent-conversations?status=active'),
    );
    expect((await Promise.all(polls)).every((answer) => answer.status === 200)).toBe(true);
  });

  it('limits per credential and route family, with Retry-After on the 429', async () => {
    const clock = manualClock();
    const client = simClient({ now: clock.now });
    await client.call('PUT', '/__sim/rate-limits', {
      body: { limit: 2, window_s: 30, per_address: { limit: 100, window_s: 30 } },
    });
    expect((await client.call('GET', CONFIG)).status).toBe(200);
    expect(limits(await client.call('GET', CONFIG))).toEqual({ limit: '2', remaining: '0', reset: '30' });
    clock.advance(10_500);
    const limited = await client.call('GET', CONFIG);
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('20');
    expect(limits(limited)).toEqual({ limit: '2', remaining: '0', reset: '20' });
    // Another family, another key: their own windows.
    expect(
      (await client.call('GET', `/api/v1/webhook-endpoints/${SEED_IDS.webhookEndpoints.active}`)).status,
    ).toBe(200);
    expect((await client.call('GET', CONFIG, { key: READONLY })).status).toBe(200);
    expect((await client.call('GET', CONFIG, { key: OTHER_OWNER })).status).toBe(200);
    clock.advance(20_000);
    expect((await client.call('GET', CONFIG)).status).toBe(200);
  });

  it('limits per client address whatever the credential', async () => {
    const client = simClient();
    await client.call('PUT', '/__sim/rate-limits', {
      body: { limit: 100, window_s: 60, per_address: { limit: 3, window_s: 60 } },
    });
    const address = '203.0.113.7';
    expect((await client.call('GET', CONFIG, { address })).status).toBe(200);
    expect((await client.call('GET', CONFIG, { address, key: READONLY })).status).toBe(200);
    expect((await client.call('GET', CONFIG, { address, key: null })).status).toBe(401);
    const limited = await client.call('GET', CONFIG, { address, key: OTHER_OWNER });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await client.call('GET', CONFIG, { address: '198.51.100.1' })).status).toBe(200);
  });

  it('describes whichever limit has less left', async () => {
    const client = simClient();
    await client.call('PUT', '/__sim/rate-limits', {
      body: { limit: 10, window_s: 60, per_address: { limit: 5, window_s: 60 } },
    });
    expect(limits(await client.call('GET', CONFIG, { address: 'a' }))).toMatchObject({
      limit: '5',
      remaining: '4',
    });
    await client.call('PUT', '/__sim/rate-limits', {
      body: { limit: 3, window_s: 60, per_address: { limit: 50, window_s: 60 } },
    });
    expect(limits(await client.call('GET', CONFIG, { address: 'a' }))).toMatchObject({
      limit: '3',
      remaining: '2',
    });
  });

  it('validates the control-plane body', async () => {
    const client = simClient();
    const answer = await client.call('PUT', '/__sim/rate-limits', { body: { limit: 0, window_s: 60 } });
    expect(expectError(answer, 400, 'invalid_body')).toMatchObject({
      reason: 'out_of_range',
      field: 'limit',
    });
  });
});
