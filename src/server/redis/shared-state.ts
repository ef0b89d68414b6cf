import type { Logger } from '../http/logger.ts';
import type { EventLog } from '../live/event-log.ts';
import type { PresenceStore } from '../live/presence.ts';
import type { ReaderLease } from '../live/reader-lease.ts';
import { RedisSessionStore } from '../sessions/redis-session-store.ts';
import {
  MemorySessionStore,
  type SessionStore,
  type SessionStoreOptions,
} from '../sessions/session-store.ts';
import type { RedisConnection } from './connection.ts';

/**
 * What replicas must share, in one place: sessions, the live feed's log, presence and reader lease. The
 * runtime picks memory (one process, the default) or Redis (REDIS_URL); the app and the live hub only see
 * the interfaces.
 */
export interface SharedState {
  kind: 'memory' | 'redis';
  sessions(options: SessionStoreOptions): SessionStore;
  /** Left out: the hub uses its memory defaults. */
  live(): { log?: EventLog; presence?: PresenceStore; lease?: ReaderLease };
  /** For /readyz: not ready while the shared store is unreachable. */
  health(): { ok: true } | { ok: false; reason: string };
  /** The Redis connection when there is one (the sign-in throttle shares it). */
  redis?: RedisConnection;
  close(): Promise<void>;
}

export function memorySharedState(): SharedState {
  return {
    kind: 'memory',
    sessions: (options) => new MemorySessionStore(options),
    live: () => ({}),
    health: () => ({ ok: true }),
    close: () => Promise.resolve(),
  };
}

export function redisSharedState(connection: RedisConnection, _logger: Logger): SharedState {
  const { client } = connection;
  const key = connection.key;
  return {
    kind: 'redis',
    redis: connection,
    sessions: (options) => new RedisSessionStore({ ...options, client, key }),
    live: () => ({}),
    health: () => connection.health(),
    async close() {
      await connection.close();
    },
  };
}
