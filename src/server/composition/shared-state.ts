import { randomBytes } from 'node:crypto';
import type { Logger } from '../log/logger.ts';
import { RedisEventLog } from '../live/redis-event-log.ts';
import { RedisPresenceStore } from '../live/redis-presence.ts';
import { RedisInboxSettingsStore, RedisOpenedMarkerStore } from '../inbox/redis-opened-markers.ts';
import { expiringOnChanges } from '../inbox/expiring-on-changes.ts';
import { RedisReadModelStore } from '../inbox/redis-read-model-store.ts';
import { RedisFeedCheckpoint, RedisFeedLease } from '../feed/redis-feed-lease.ts';
import type { EventLog } from '../live/event-log.ts';
import type { PresenceStore } from '../live/presence.ts';
import type { StreamSlots } from '../live/redis-stream-slots.ts';
import type { FeedLease } from '../feed/feed-lease.ts';
import type { FeedCheckpoint } from '../inbox/feed-checkpoint.ts';
import type { ReadModelStore } from '../inbox/read-model-store.ts';
import type { InboxSettingsStore, OpenedMarkerStore } from '../inbox/opened-markers.ts';
import { memoryBudgetStore, type BudgetStore } from '../http/budget-store.ts';
import { MemoryConversationLocks, type ConversationLocks } from '../proxy/conversation-locks.ts';
import { RedisConversationLocks } from '../proxy/redis-conversation-locks.ts';
import { redisBudgetStore } from '../http/redis-budget-store.ts';
import { RedisSessionStore } from '../sessions/redis-session-store.ts';
import { RedisStreamSlots } from '../live/redis-stream-slots.ts';
import {
  MemorySessionStore,
  type SessionStore,
  type SessionStoreOptions,
} from '../sessions/session-store.ts';
import type { RedisConnection } from '../redis/connection.ts';

/** What replicas share (Redis) in place of this process's memory (left out: the memory default). */
export interface SharedLiveStores {
  log?: EventLog;
  presence?: PresenceStore;
  lease?: FeedLease;
  checkpoint?: FeedCheckpoint;
  readModel?: ReadModelStore;
  openedMarkers?: OpenedMarkerStore;
  inboxSettings?: InboxSettingsStore;
  /** The per-person stream cap over every replica (none: this process's streams are all there are). */
  streamSlots?: StreamSlots;
}

/**
 * What replicas must share, in one place: sessions, the live feed's log, presence and feed lease, the
 * inbox's read model, opened markers and settings. The runtime picks memory (one process, the default) or
 * Redis (REDIS_URL); the app and the live hub only see the interfaces.
 */
export interface SharedState {
  kind: 'memory' | 'redis';
  sessions(options: SessionStoreOptions): SessionStore;
  /** Left out: the hub uses its memory defaults. `now` dates the log's events (the sessions' clock). */
  live(now?: () => number): SharedLiveStores;
  /** The /api budget's buckets: a person's share holds over all replicas. */
  budgets(): BudgetStore;
  /** One writer at a time per conversation, over all replicas. */
  conversationLocks(): ConversationLocks;
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
    budgets: () => memoryBudgetStore(),
    conversationLocks: () => new MemoryConversationLocks(),
    health: () => ({ ok: true }),
    close: () => Promise.resolve(),
  };
}

export function redisSharedState(
  connection: RedisConnection,
  logger: Logger,
  /** Tests shorten the feed lease to see a failover quickly. */
  options: { leaseTtlMs?: number } = {},
): SharedState {
  const { client } = connection;
  const key = connection.key;
  let live: SharedLiveStores | undefined;
  let log: RedisEventLog | undefined;
  return {
    kind: 'redis',
    redis: connection,
    sessions: (options) =>
      new RedisSessionStore({ ...options, client, key, subscriber: () => connection.duplicate() }),
    live(now) {
      // One of each per process: the hub takes them once.
      if (!live) {
        log = new RedisEventLog({
          client,
          key,
          blocking: () => connection.duplicate(),
          logger,
          ...(now ? { now } : {}),
        });
        const owner = randomBytes(8).toString('hex');
        const readModel = new RedisReadModelStore({ client, key });
        live = {
          log: expiringOnChanges(log, readModel),
          presence: new RedisPresenceStore({ client, key }),
          lease: new RedisFeedLease({
            client,
            key,
            owner,
            onTaken: () =>
              logger.info({ event: 'live.reader_lease_taken' }, 'this replica reads the store now'),
            ...(options.leaseTtlMs ? { ttlMs: options.leaseTtlMs } : {}),
          }),
          checkpoint: new RedisFeedCheckpoint({ client, key, owner }),
          readModel,
          openedMarkers: new RedisOpenedMarkerStore({ client, key }),
          inboxSettings: new RedisInboxSettingsStore({ client, key }),
          streamSlots: new RedisStreamSlots(client, key),
        };
      }
      return live;
    },
    budgets: () => redisBudgetStore(client, key),
    conversationLocks: () => new RedisConversationLocks(client, key),
    health: () => connection.health(),
    async close() {
      log?.close();
      await connection.close();
    },
  };
}
