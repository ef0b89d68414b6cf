import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Address groups from which someone signed in successfully lately. A sign-in from one is checked before
 * those of address groups that never succeeded (work-limiter.ts), so a distributed flood from new
 * addresses waits behind the shop's usual networks. Being known only moves a sign-in up the queue: its
 * attempts are counted and its password checked like any other's. Stored as digests (no address in clear).
 */
export interface KnownGroups {
  has(group: string): Promise<boolean>;
  add(group: string): Promise<void>;
}

/** How long a group stays known after its last successful sign-in. */
export const KNOWN_GROUP_TTL_MS = 30 * 24 * 3_600_000;

const digest = (group: string) =>
  createHash('sha256').update(`known\0${group}`).digest('base64url').slice(0, 22);

/** One process: at most `maxGroups`, the least recently added forgotten first (forgetting costs only priority). */
export function memoryKnownGroups(
  now: () => number,
  maxGroups = 10_000,
  ttlMs = KNOWN_GROUP_TTL_MS,
): KnownGroups {
  const until = new Map<string, number>();
  return {
    has(group) {
      const expiry = until.get(digest(group));
      return Promise.resolve(expiry !== undefined && expiry > now());
    },
    add(group) {
      const key = digest(group);
      until.delete(key);
      until.set(key, now() + ttlMs);
      if (until.size > maxGroups) until.delete(until.keys().next().value!);
      return Promise.resolve();
    },
  };
}

/** Shared by the replicas: one key per group, expiring by TTL. */
export function redisKnownGroups(
  redis: Redis,
  key: (name: string) => string,
  ttlMs = KNOWN_GROUP_TTL_MS,
): KnownGroups {
  return {
    async has(group) {
      return (await redis.exists(key(`signin:known:${digest(group)}`))) === 1;
    },
    async add(group) {
      await redis.set(key(`signin:known:${digest(group)}`), '1', 'PX', ttlMs);
    },
  };
}
