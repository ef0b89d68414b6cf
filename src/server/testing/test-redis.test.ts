import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startRedis, type TestRedis } from './test-redis.ts';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.stop());

test('the harness starts a private redis-server that answers and comes back on the same URL', async () => {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  await client.set('k', 'v');
  expect(await client.get('k')).toBe('v');
  client.disconnect();
  await redis.kill();
  await redis.restart();
  const again = new Redis(redis.url, { lazyConnect: true });
  await again.connect();
  // No persistence: a restart starts empty.
  expect(await again.get('k')).toBeNull();
  again.disconnect();
});
