import type { ReadModelRecord } from './read-model.ts';

// How the shared read model is kept in Redis: the script that versions each write, and the parsing of
// what a load reads back (RedisReadModelStore).

/**
 * Runs inside the writer's MULTI, after the change: the model's next version, and the change log's entry for
 * it (score = the version, member = the version and the conversation that changed, or the version alone for
 * a change of a flag), the entries older than the versions kept dropped. Version 1 starts a model from
 * nothing (a new Redis, or one restarted empty): it gets a new epoch, so that a replica holding a copy of
 * the model before never takes the new versions for changes to its copy. Returns the version.
 */
export const NEXT_VERSION = `
local version = redis.call('INCR', KEYS[1])
if version == 1 then redis.call('SET', KEYS[3], ARGV[3]) end
local member = tostring(version)
if ARGV[1] ~= '' then member = member .. ' ' .. ARGV[1] end
redis.call('ZADD', KEYS[2], version, member)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', version - tonumber(ARGV[2]))
return version
`;

/** The conversation a log entry names (`<version> <id>`); undefined for a flag's change (`<version>`). */
export function conversationOf(entry: string): string | undefined {
  const space = entry.indexOf(' ');
  return space === -1 ? undefined : entry.slice(space + 1);
}

/** A record that does not parse is left out; the writer rewrites it at its next change. */
export function parseRecord(raw: string | null): ReadModelRecord | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as ReadModelRecord;
  } catch {
    return undefined;
  }
}

export function parseUntil(value: string | null): number {
  const until = value === null ? Number.NaN : Number(value);
  return Number.isFinite(until) ? until : Number.NEGATIVE_INFINITY;
}
