import { Redis, type RedisOptions } from 'ioredis';
import type { RedisConfig } from '../config/config.ts';
import type { Logger } from '../log/logger.ts';

/**
 * The one place the BFF connects to Redis (REDIS_URL). Everything shared between replicas (sessions, the
 * live feed, presence, sign-in limits) takes this connection and names its keys with `key()`, so two stores
 * sharing one Redis never see each other's state.
 */
export interface RedisConnection {
  /** Commands fail at once while Redis is unreachable (no offline queue): callers answer 503, never hang. */
  readonly client: Redis;
  readonly keyPrefix: string;
  readonly key: (name: string) => string;
  /** A second connection for blocking reads (XREAD BLOCK); closed with this one. */
  duplicate(): Redis;
  /** Whether the last word from Redis was good (for /readyz; "why" without the URL). */
  health(): { ok: true } | { ok: false; reason: string };
  close(): Promise<void>;
}

/** Thrown (and answered 503) when a request needs Redis and Redis is not there. */
export class SharedStateUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('the shared state store (Redis) is unreachable', { cause });
    this.name = 'SharedStateUnavailableError';
  }
}

const CLIENT_OPTIONS: RedisOptions = {
  // A request waiting for an outage to end would hang the dashboard: fail fast, answer 503, retry later.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 3000,
  connectTimeout: 3000,
  // Reconnects forever, backing off to 2 s: recovers by itself when Redis returns.
  retryStrategy: (times) => Math.min(times * 200, 2000),
  lazyConnect: true,
};

export async function connectRedis(config: RedisConfig, logger: Logger): Promise<RedisConnection> {
  const clients: Redis[] = [];
  let lastError: string | undefined = 'not connected yet';

  const watch = (client: Redis, role: string) => {
    client.on('ready', () => {
      if (role === 'main' && lastError !== undefined) logger.info({ role }, 'redis connected');
      if (role === 'main') lastError = undefined;
    });
    client.on('error', (error: Error) => {
      // ioredis emits an error per failed reconnect: log the first of an outage only. The message names
      // host and port at most (never the URL, which may carry a password).
      const message = (error as NodeJS.ErrnoException).code ?? error.name;
      if (role === 'main' && lastError === undefined)
        logger.error({ role, err: message }, 'redis unreachable');
      if (role === 'main') lastError = message;
    });
    client.on('end', () => {
      if (role === 'main') lastError ??= 'connection closed';
    });
  };

  const client = new Redis(config.url, CLIENT_OPTIONS);
  clients.push(client);
  watch(client, 'main');
  try {
    await client.connect();
  } catch {
    // Not fatal: the BFF starts, /readyz says why, and the client keeps reconnecting.
    logger.error({ err: lastError }, 'redis unreachable at start; retrying in the background');
  }

  return {
    client,
    keyPrefix: config.keyPrefix,
    key: (name) => `${config.keyPrefix}${name}`,
    duplicate() {
      const copy = new Redis(config.url, {
        ...CLIENT_OPTIONS,
        lazyConnect: false,
        commandTimeout: undefined,
      });
      watch(copy, 'blocking');
      clients.push(copy);
      return copy;
    },
    health() {
      if (client.status === 'ready') return { ok: true };
      return {
        ok: false,
        reason: `redis_unreachable: the shared state store cannot be reached (${lastError ?? client.status})`,
      };
    },
    async close() {
      // Blocking readers are cut (QUIT would wait for their XREAD BLOCK); the main one finishes its commands.
      for (const c of clients.slice(1)) c.disconnect();
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

/** Redis errors become SharedStateUnavailableError; the routes map it to 503. */
export async function shared<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SharedStateUnavailableError) throw error;
    throw new SharedStateUnavailableError(error);
  }
}
