import type { Redis } from 'ioredis';
import type { BudgetStore } from './budget-store.ts';
import { shared } from '../redis/connection.ts';

// KEYS: one hash per bucket (tokens, at). ARGV: now, then burst, per-minute and cost for each bucket.
// Refills every bucket, then takes its cost from each when all have it (0), or answers the seconds until
// they do.
// Atomic, so two replicas serving one person at once cannot both take the last token.
const TAKE = `
local now = tonumber(ARGV[1])
local buckets = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local burst = tonumber(ARGV[i * 3 - 1])
  local perMinute = tonumber(ARGV[i * 3])
  local cost = tonumber(ARGV[i * 3 + 1])
  local saved = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(saved[1]) or burst
  local at = tonumber(saved[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - at) / 60000 * perMinute)
  if tokens < cost then wait = math.max(wait, math.max(1, math.ceil((cost - tokens) * 60 / perMinute))) end
  buckets[i] = { key = key, tokens = tokens, burst = burst, perMinute = perMinute, cost = cost }
end
if wait > 0 then return wait end
for _, b in ipairs(buckets) do
  redis.call('HSET', b.key, 'tokens', tostring(b.tokens - b.cost), 'at', tostring(now))
  redis.call('PEXPIRE', b.key, math.ceil(b.burst / b.perMinute * 60000) + 1000)
end
return 0`;

/**
 * The /api budget shared by every replica: a person's requests count against one bucket wherever they
 * land. A bucket expires once it would be full again (a full bucket carries no information).
 */
export function redisBudgetStore(client: Redis, key: (name: string) => string): BudgetStore {
  return {
    async take(draws, nowMs) {
      const args = draws.flatMap(({ limit, cost = 1 }) => [
        String(limit.burst),
        String(limit.perMinute),
        String(cost),
      ]);
      const wait = await shared(() =>
        client.eval(
          TAKE,
          draws.length,
          ...draws.map((draw) => key(`api:budget:${draw.key}`)),
          String(nowMs),
          ...args,
        ),
      );
      return Number(wait);
    },
  };
}
