import type { Redis } from 'ioredis';
import {
  DEFAULT_WAITING_THRESHOLD_MINUTES,
  inboxSettingsSchema,
  type InboxSettings,
} from '../../schemas/inbox.ts';
import { MARKERS_PER_USER, type InboxSettingsStore, type OpenedMarkerStore } from './opened-markers.ts';
import { shared } from '../redis/connection.ts';

interface RedisStoreOptions {
  client: Redis;
  key: (name: string) => string;
}

/** A user who opens nothing for this long loses their markers (everything reads as unread again). */
export const MARKERS_TTL_MS = 180 * 24 * 60 * 60 * 1000;

// KEYS: the user's markers hash (conversation id -> "ms|readUpTo"), their order (sorted set, score = when set,
// as a sequence). ARGV: conversation id, readUpTo's ms, "ms|readUpTo", cap, TTL ms.
// Never backwards, atomically: two devices (or replicas) opening the same conversation keep the later mark.
// Beyond the cap the marker set longest ago goes, as in the memory store.
const SET_MARKER = `
local prev = redis.call('HGET', KEYS[1], ARGV[1])
if prev and tonumber(string.match(prev, '^(-?%d+)|')) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
local last = redis.call('ZREVRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local seq = 1
if last[2] then seq = tonumber(last[2]) + 1 end
redis.call('ZADD', KEYS[2], seq, ARGV[1])
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if over > 0 then
  local popped = redis.call('ZPOPMIN', KEYS[2], over)
  for i = 1, #popped, 2 do redis.call('HDEL', KEYS[1], popped[i]) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1`;

/** Opened markers shared by every replica: a hash per user, so they follow the person across replicas too. */
export class RedisOpenedMarkerStore implements OpenedMarkerStore {
  constructor(private readonly options: RedisStoreOptions & { maxPerUser?: number; ttlMs?: number }) {}

  private keysOf(userId: string): [string, string] {
    const markers = this.options.key(`inbox:markers:${userId}`);
    return [markers, `${markers}:order`];
  }

  async set(userId: string, conversationId: string, readUpTo: string): Promise<void> {
    const readMs = Date.parse(readUpTo);
    if (Number.isNaN(readMs)) throw new Error(`opened marker is not a time: ${readUpTo}`);
    await shared(() =>
      this.options.client.eval(
        SET_MARKER,
        2,
        ...this.keysOf(userId),
        conversationId,
        readMs,
        `${readMs}|${readUpTo}`,
        this.options.maxPerUser ?? MARKERS_PER_USER,
        this.options.ttlMs ?? MARKERS_TTL_MS,
      ),
    );
  }

  async forUser(userId: string): Promise<ReadonlyMap<string, string>> {
    const raw = await shared(() => this.options.client.hgetall(this.keysOf(userId)[0]));
    const markers = new Map<string, string>();
    for (const [conversationId, value] of Object.entries(raw)) {
      const bar = value.indexOf('|');
      if (bar > 0) markers.set(conversationId, value.slice(bar + 1));
    }
    return markers;
  }
}

/** The owner's inbox settings, one key for every replica (the default until an owner sets them). */
export class RedisInboxSettingsStore implements InboxSettingsStore {
  private readonly settingsKey: string;

  constructor(private readonly options: RedisStoreOptions) {
    this.settingsKey = options.key('inbox:settings');
  }

  async get(): Promise<InboxSettings> {
    const raw = await shared(() => this.options.client.get(this.settingsKey));
    const fallback = { waiting_threshold_minutes: DEFAULT_WAITING_THRESHOLD_MINUTES };
    if (raw === null) return fallback;
    try {
      const parsed = inboxSettingsSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  async set(settings: InboxSettings): Promise<void> {
    await shared(() => this.options.client.set(this.settingsKey, JSON.stringify(settings)));
  }
}
