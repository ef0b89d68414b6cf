import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { connectRedis, type RedisConnection } from '../redis/connection.ts';
import { memorySharedState, redisSharedState, type SharedState } from '../composition/shared-state.ts';
import { startRedis, type TestRedis } from './test-redis.ts';
import { capturedLogger } from './logged-lines.ts';

/**
 * For a Vitest file: a private redis-server started before its tests and a plain client to it, both gone
 * after them. Read `server` and `client` inside tests and hooks (they are set by beforeAll). Kept apart from
 * test-redis.ts, which the benchmarks and e2e fixtures load outside Vitest.
 */
export function testRedisPerFile(): { readonly server: TestRedis; readonly client: Redis } {
  let server: TestRedis | undefined;
  let client: Redis | undefined;
  beforeAll(async () => {
    server = await startRedis();
    client = new Redis(server.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('testRedisPerFile: read it inside a test or hook, after beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get client() {
      return started(client);
    },
  };
}

/** A fresh key space per store, so the tests sharing one Redis never see each other's state. */
export function keySpace(name: string): (key: string) => string {
  const prefix = `${name}:${Math.random()}:`;
  return (key) => `${prefix}${key}`;
}

/**
 * For `describe.each`: the app's shared state in memory, and on this file's Redis (under `keyPrefix`), so
 * one test proves a rule for a single process and for replicas. The connections close after the file.
 */
export function sharedStatesPerFile(
  redis: { readonly server: TestRedis },
  keyPrefix: string,
): [string, () => Promise<SharedState>][] {
  const connections: RedisConnection[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
  });
  return [
    ['memory', () => Promise.resolve(memorySharedState())],
    [
      'Redis',
      async () => {
        const connection = await connectRedis({ url: redis.server.url, keyPrefix }, capturedLogger());
        connections.push(connection);
        return redisSharedState(connection, capturedLogger());
      },
    ],
  ];
}
