import type { Redis } from 'ioredis';
import { shared } from '../redis/connection.ts';

/**
 * A person's live streams counted over every replica: the per-person cap holds for the whole deployment,
 * not for each process. (One process needs none of this: the hub counts its own streams.)
 */
export interface StreamSlots {
  /** Takes a slot for stream `streamId` of `userId`; false when `max` are held on all replicas together. */
  take(userId: string, streamId: string, max: number): Promise<boolean>;
  release(userId: string, streamId: string): Promise<void>;
  /** Keeps the slots of this replica's open streams: a replica that dies frees its slots within the TTL. */
  renew(held: readonly { userId: string; streamId: string }[]): Promise<void>;
}

/** A held slot lapses this long after it was last renewed (the hub renews at every heartbeat). */
export const STREAM_SLOT_TTL_MS = 45_000;

const now = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// KEYS: the person's set. ARGV: stream id, cap, TTL. Lapsed slots go first; then one is taken if free.
const TAKE = `${now}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

// KEYS: the person's set. ARGV: stream id, TTL. Only a slot still held is renewed (XX).
const RENEW = `${now}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

/** The slots in Redis: a sorted set per person, each member a stream, scored by when its slot lapses. */
export class RedisStreamSlots implements StreamSlots {
  constructor(
    private readonly client: Redis,
    private readonly key: (name: string) => string,
    private readonly ttlMs = STREAM_SLOT_TTL_MS,
  ) {}

  private setOf(userId: string): string {
    return this.key(`live:stream-slots:${userId}`);
  }

  async take(userId: string, streamId: string, max: number): Promise<boolean> {
    const taken = await shared(() =>
      this.client.eval(TAKE, 1, this.setOf(userId), streamId, String(max), String(this.ttlMs)),
    );
    return taken === 1;
  }

  async release(userId: string, streamId: string): Promise<void> {
    await shared(() => this.client.zrem(this.setOf(userId), streamId));
  }

  async renew(held: readonly { userId: string; streamId: string }[]): Promise<void> {
    if (held.length === 0) return;
    const pipeline = this.client.pipeline();
    for (const { userId, streamId } of held)
      pipeline.eval(RENEW, 1, this.setOf(userId), streamId, String(this.ttlMs));
    await shared(() => pipeline.exec());
  }
}
