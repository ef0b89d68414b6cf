import type { Redis } from 'ioredis';
import { shared } from '../redis/connection.ts';
import {
  DEFAULT_SESSIONS_PER_USER,
  EndedListeners,
  expiryOf,
  isWellFormedToken,
  newSessionToken,
  sessionKeyFor,
  type ListedSession,
  type Session,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store.ts';

export interface RedisSessionStoreOptions extends SessionStoreOptions {
  client: Redis;
  /** Namespaces the keys (the store's REDIS_KEY_PREFIX). */
  key: (name: string) => string;
  /**
   * Redis keeps an entry this much longer than its timeout, so the request that finds it timed out can
   * still log why (idle or absolute); the timeout itself is checked exactly, here.
   */
  ttlGraceMs?: number;
  /** A connection of its own for the channel that says whose sessions all ended (none: this process only). */
  subscriber?: () => Redis;
}

/** Replaces the entry only if it still exists: a touch never brings back a session ended elsewhere. */
const TOUCH = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

// KEYS: the person's index. ARGV: the cap, the new session's key (never the one ended). Drops index entries whose session is gone (expired), then ends
// the oldest sessions beyond the cap; returns how many it ended. Atomic, so two replicas signing the same
// person in at once cannot both keep one too many.
const CAP = `
local live = {}
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local raw = redis.call('GET', key)
  if raw then
    local ok, session = pcall(cjson.decode, raw)
    local at = ok and tonumber(session.createdAt) or 0
    if key == ARGV[2] then at = math.huge end
    table.insert(live, { key = key, at = at })
  else
    redis.call('SREM', KEYS[1], key)
  end
end
local excess = #live - tonumber(ARGV[1])
if excess <= 0 then return 0 end
table.sort(live, function(a, b) return a.at < b.at end)
for i = 1, excess do
  redis.call('DEL', live[i].key)
  redis.call('SREM', KEYS[1], live[i].key)
end
return excess`;

/**
 * Sessions in Redis, shared by every replica and kept across restarts. Key `s:<HMAC(secret, token)>`, value
 * the session as JSON, expiring (Redis TTL) when the earlier of the idle and the absolute timeout falls.
 * A per-person set `u:<email>` lists their session keys, so all of them can be ended at once.
 */
export class RedisSessionStore implements SessionStore {
  private readonly grace: number;
  private readonly ended = new EndedListeners();
  private readonly endedChannel: string;
  private subscriber: Redis | undefined;

  constructor(private readonly options: RedisSessionStoreOptions) {
    this.grace = options.ttlGraceMs ?? 5000;
    this.endedChannel = options.key('sessions:ended');
  }

  private sessionKey(token: string): string {
    return this.options.key(`s:${sessionKeyFor(this.options.secret, token)}`);
  }

  private userKey(email: string): string {
    return this.options.key(`u:${email.toLowerCase()}`);
  }

  /** Time until the earlier timeout, plus the grace. */
  private ttlOf(session: Session, now: number): number {
    const idleLeft = session.lastActiveAt + this.options.idleMs - now;
    const absoluteLeft = session.createdAt + this.options.absoluteMs - now;
    return Math.max(Math.min(idleLeft, absoluteLeft), 1) + this.grace;
  }

  async create(
    user: { id: string; email: string },
    seen: Pick<Session, 'browser' | 'address'> = {},
  ): Promise<{ token: string; session: Session; ended: number }> {
    const now = this.options.now();
    const token = newSessionToken();
    const session: Session = {
      userId: user.id,
      email: user.email,
      createdAt: now,
      lastActiveAt: now,
      ...seen,
    };
    const key = this.sessionKey(token);
    await shared(() =>
      this.options.client
        .multi()
        .set(key, JSON.stringify(session), 'PX', this.ttlOf(session, now))
        .sadd(this.userKey(user.email), key)
        // The index lives as long as the longest session it can list.
        .pexpire(this.userKey(user.email), this.options.absoluteMs + this.grace)
        .exec(),
    );
    const ended = await shared(() =>
      this.options.client.eval(
        CAP,
        1,
        this.userKey(user.email),
        String(this.options.maxPerUser ?? DEFAULT_SESSIONS_PER_USER),
        key,
      ),
    );
    return { token, session, ended: Number(ended) };
  }

  async get(token: string | undefined, activity: boolean): Promise<Session | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    const key = this.sessionKey(token);
    const raw = await shared(() => this.options.client.get(key));
    if (raw === null) return undefined;
    const session = parseSession(raw);
    if (!session) {
      await shared(() => this.options.client.del(key));
      return undefined;
    }
    const now = this.options.now();
    const expired = expiryOf(session, now, this.options);
    if (expired) {
      // Only the request that removes it reports it (two replicas may look at once).
      const removed = await shared(() => this.options.client.del(key));
      if (removed > 0) this.options.onExpired?.(session, expired);
      return undefined;
    }
    if (activity) {
      session.lastActiveAt = now;
      await shared(() =>
        this.options.client.eval(TOUCH, 1, key, JSON.stringify(session), String(this.ttlOf(session, now))),
      );
    }
    return session;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!isWellFormedToken(token)) return;
    const key = this.sessionKey(token);
    const raw = await shared(() => this.options.client.get(key));
    const session = raw === null ? undefined : parseSession(raw);
    const multi = this.options.client.multi().del(key);
    if (session) multi.srem(this.userKey(session.email), key);
    await shared(() => multi.exec());
  }

  async listOf(email: string): Promise<ListedSession[]> {
    const keys = await shared(() => this.options.client.smembers(this.userKey(email)));
    if (keys.length === 0) return [];
    const values = await shared(() => this.options.client.mget(...keys));
    const now = this.options.now();
    const prefix = this.options.key('s:');
    return keys
      .flatMap((key, index) => {
        const session = values[index] ? parseSession(values[index]) : undefined;
        return session && !expiryOf(session, now, this.options)
          ? [{ ...session, id: key.slice(prefix.length) }]
          : [];
      })
      .sort((a, b) => b.lastActiveAt - a.lastActiveAt);
  }

  async destroyListed(email: string, id: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return false;
    const key = this.options.key(`s:${id}`);
    const results = await shared(() => this.options.client.multi().srem(this.userKey(email), key).exec());
    // Only a key in the person's own index is theirs to end.
    if (results?.[0]?.[1] !== 1) return false;
    await shared(() => this.options.client.del(key));
    await this.tellEnded(email);
    return true;
  }

  async destroyAllOf(email: string): Promise<number> {
    const index = this.userKey(email);
    const keys = await shared(() => this.options.client.smembers(index));
    let deleted: unknown = 0;
    if (keys.length > 0) {
      const results = await shared(() =>
        this.options.client
          .multi()
          .del(...keys)
          .srem(index, ...keys)
          .exec(),
      );
      deleted = results?.[0]?.[1];
    }
    await this.tellEnded(email);
    return typeof deleted === 'number' ? deleted : 0;
  }

  /**
   * This replica closes the person's streams without a session at once, the others when the message
   * reaches them (this one hears it too: closing twice is closing once). Redis gone now: they close at
   * their next check.
   */
  private async tellEnded(email: string): Promise<void> {
    this.ended.tell(email);
    await this.options.client.publish(this.endedChannel, email.toLowerCase()).catch(() => undefined);
  }

  onSessionsEnded(listener: (email: string) => void): () => void {
    if (this.ended.size === 0 && !this.subscriber && this.options.subscriber) {
      const subscriber = this.options.subscriber();
      this.subscriber = subscriber;
      // The connection is new: subscribe once it is up (it subscribes again by itself after a reconnect).
      subscriber.once('ready', () => {
        subscriber.subscribe(this.endedChannel).catch(() => undefined);
      });
      subscriber.on('message', (channel: string, email: string) => {
        if (channel === this.endedChannel) this.ended.tell(email);
      });
    }
    return this.ended.add(listener);
  }
}

function parseSession(raw: string): Session | undefined {
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (
      typeof value.userId === 'string' &&
      typeof value.email === 'string' &&
      typeof value.createdAt === 'number' &&
      typeof value.lastActiveAt === 'number'
    )
      return value as Session;
  } catch {
    // Not ours (or damaged): treated as no session.
  }
  return undefined;
}
