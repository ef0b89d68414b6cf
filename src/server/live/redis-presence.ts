import type { Redis } from 'ioredis';
import type { PresenceViewer } from '../../schemas/live.ts';
import {
  allViewersOf,
  DEFAULT_PRESENCE_METER,
  entryKey,
  PRESENCE_LAPSE_MS,
  viewersOf,
  type HeartbeatResult,
  type PresenceEntry,
  type PresenceMeter,
  type PresenceStore,
  type PresenceUpdateEntry,
} from './presence.ts';
import { shared } from '../redis/connection.ts';

export interface RedisPresenceOptions {
  client: Redis;
  key: (name: string) => string;
  lapseMs?: number;
  meter?: PresenceMeter;
}

// KEYS: entries hash, last-seen sorted set. Each script changes and reports atomically, so when two
// replicas act at once only one of them publishes the change.
// HEARTBEAT also takes KEYS[3], the meters: a sorted set of tabs scored by their meter's `tat` (see
// meteredTat in live/presence.ts), kept for the lapse time. ARGV: tab, entry, now, leaving, TTL, lapse,
// interval, burst, tabs per session, the session's prefix. Answers 'rate' or 'tabs' (refused), or 'ok'
// followed by the conversations whose viewer list changed.
const HEARTBEAT = `
local now = tonumber(ARGV[3])
local keep = tonumber(ARGV[5])
local interval = tonumber(ARGV[7])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[6]))
local raw = redis.call('ZSCORE', KEYS[3], ARGV[1])
local tat = raw and tonumber(raw) or nil
if not tat then
  local prefix = ARGV[10]
  local tabs = 0
  for _, member in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
    if string.sub(member, 1, #prefix) == prefix then tabs = tabs + 1 end
  end
  if tabs >= tonumber(ARGV[9]) then return { 'tabs' } end
end
local from = math.max(tat or now, now)
if from - now > (tonumber(ARGV[8]) - 1) * interval then return { 'rate' } end
redis.call('ZADD', KEYS[3], from + interval, ARGV[1])
redis.call('PEXPIRE', KEYS[3], keep)

local prev = redis.call('HGET', KEYS[1], ARGV[1])
local old = prev and cjson.decode(prev) or nil
if ARGV[4] == '1' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  if old then return { 'ok', old.conversationId } end
  return { 'ok' }
end
local e = cjson.decode(ARGV[2])
local same = old and old.conversationId == e.conversationId and old.state == e.state and old.userId == e.userId
if same then e.sinceMs = old.sinceMs else e.sinceMs = now end
e.lastSeenMs = now
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(e))
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], keep)
redis.call('PEXPIRE', KEYS[2], keep)
if same then return { 'ok' } end
if old and old.conversationId ~= e.conversationId then return { 'ok', e.conversationId, old.conversationId } end
return { 'ok', e.conversationId }`;

// Every tab of one session (ARGV[1]): a scan of the hash, which holds one entry per open dashboard tab.
const REMOVE = `
local all = redis.call('HGETALL', KEYS[1])
local changed = {}
for i = 1, #all, 2 do
  local e = cjson.decode(all[i + 1])
  if e.sessionKey == ARGV[1] then
    redis.call('HDEL', KEYS[1], all[i])
    redis.call('ZREM', KEYS[2], all[i])
    table.insert(changed, e.conversationId)
  end
end
return changed`;

const SWEEP = `
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local changed = {}
for _, tab in ipairs(lapsed) do
  local prev = redis.call('HGET', KEYS[1], tab)
  redis.call('HDEL', KEYS[1], tab)
  redis.call('ZREM', KEYS[2], tab)
  if prev then table.insert(changed, cjson.decode(prev).conversationId) end
end
return changed`;

/**
 * Presence shared by every replica: one hash of entries and a sorted set of last heartbeats. An entry lapses
 * lapseMs after its last heartbeat (whichever replica sweeps first removes and publishes it); both keys
 * carry a TTL too, so presence left behind by replicas that all stopped disappears by itself.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly lapseMs: number;
  private readonly meter: PresenceMeter;
  private readonly entriesKey: string;
  private readonly seenKey: string;
  private readonly metersKey: string;

  constructor(private readonly options: RedisPresenceOptions) {
    this.lapseMs = options.lapseMs ?? PRESENCE_LAPSE_MS;
    this.meter = options.meter ?? DEFAULT_PRESENCE_METER;
    this.entriesKey = options.key('live:presence');
    this.seenKey = options.key('live:presence:seen');
    this.metersKey = options.key('live:presence:meters');
  }

  private async run(script: string, ...args: (string | number)[]): Promise<string[]> {
    const result = (await shared(() =>
      this.options.client.eval(script, 2, this.entriesKey, this.seenKey, ...args),
    )) as string[] | null;
    return [...new Set(result ?? [])];
  }

  async heartbeat(update: PresenceUpdateEntry, nowMs: number): Promise<HeartbeatResult> {
    const result = (await shared(() =>
      this.options.client.eval(
        HEARTBEAT,
        3,
        this.entriesKey,
        this.seenKey,
        this.metersKey,
        entryKey(update),
        JSON.stringify(update),
        nowMs,
        update.conversationId === null ? '1' : '0',
        this.lapseMs * 4,
        this.lapseMs,
        this.meter.intervalMs,
        this.meter.burst,
        this.meter.maxTabsPerSession,
        `${update.sessionKey} `,
      ),
    )) as string[];
    const [status, ...changed] = result;
    if (status === 'rate' || status === 'tabs') return { refused: status };
    return { changed: [...new Set(changed)] };
  }

  remove(sessionKey: string): Promise<string[]> {
    return this.run(REMOVE, sessionKey);
  }

  sweep(nowMs: number): Promise<string[]> {
    return this.run(SWEEP, nowMs - this.lapseMs);
  }

  private async entries(): Promise<PresenceEntry[]> {
    const values = await shared(() => this.options.client.hvals(this.entriesKey));
    return values.map((value) => JSON.parse(value) as PresenceEntry);
  }

  async viewers(conversationId: string): Promise<PresenceViewer[]> {
    return viewersOf(await this.entries(), conversationId);
  }

  async allViewers(): Promise<Map<string, PresenceViewer[]>> {
    return allViewersOf(await this.entries());
  }

  async watched(): Promise<string[]> {
    return [...new Set((await this.entries()).map((entry) => entry.conversationId))];
  }
}
