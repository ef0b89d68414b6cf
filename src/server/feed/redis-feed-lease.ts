import type { Redis } from 'ioredis';
import type { FeedCheckpoint, FeedState } from '../inbox/feed-checkpoint.ts';
import type { FeedLease } from './feed-lease.ts';

export interface RedisLeaseOptions {
  client: Redis;
  key: (name: string) => string;
  /** This process's name in the lease (random per start). */
  owner: string;
  /** Lapses this long after the holder's last renewal: how soon another replica takes over. */
  ttlMs?: number;
  /** Told when this process takes the lease (not at renewals): the log says which replica reads. */
  onTaken?: () => void;
}

export const READER_LEASE_TTL_MS = 5000;

// Renew when ours (compare-and-extend), take it when free (SET NX PX); 0 when someone else holds it.
const ACQUIRE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 2 end
return 0`;

// Extend only (never take): the holder's background renewal.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

// Only the holder may release it (compare-and-delete): a late release never frees a successor's lease.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// A checkpoint is written only by the current holder: a reader that lost its lease mid-step cannot
// move the next reader's position.
const SAVE_IF_HOLDER = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1`;

/**
 * "Who reads the store" across replicas: a Redis key holding the reader's name, with a TTL renewed at every
 * step and, in between, every ttl/3 while held (a step slowed by a slow upstream must not hand the lease to
 * a second reader). When the reader dies, or loses Redis, its lease lapses within ttlMs and the next
 * replica that asks takes it.
 */
export class RedisFeedLease implements FeedLease {
  readonly retryMs: number;
  private readonly ttlMs: number;
  private readonly leaseKey: string;
  private renewal: NodeJS.Timeout | undefined;

  constructor(private readonly options: RedisLeaseOptions) {
    this.ttlMs = options.ttlMs ?? READER_LEASE_TTL_MS;
    // Followers ask a few times per lease lifetime, so a lapsed lease is taken within about ttl + ttl/3.
    this.retryMs = Math.max(Math.floor(this.ttlMs / 3), 100);
    this.leaseKey = options.key('live:reader');
  }

  /** True while this process holds (or just took) the lease. Redis unreachable: not the reader. */
  async acquire(): Promise<boolean> {
    try {
      const result = await this.options.client.eval(
        ACQUIRE,
        1,
        this.leaseKey,
        this.options.owner,
        String(this.ttlMs),
      );
      if (result === 2) this.options.onTaken?.();
      const held = result === 1 || result === 2;
      if (held) this.keepRenewing();
      else this.stopRenewing();
      return held;
    } catch {
      this.stopRenewing();
      return false;
    }
  }

  private keepRenewing(): void {
    if (this.renewal) return;
    this.renewal = setInterval(() => {
      this.options.client
        .eval(RENEW, 1, this.leaseKey, this.options.owner, String(this.ttlMs))
        .then((renewed) => renewed === 1 || this.stopRenewing())
        .catch(() => this.stopRenewing());
    }, this.retryMs);
    this.renewal.unref();
  }

  private stopRenewing(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  async release(): Promise<void> {
    this.stopRenewing();
    try {
      await this.options.client.eval(RELEASE, 1, this.leaseKey, this.options.owner);
    } catch {
      // Unreachable: the lease lapses by itself.
    }
  }
}

export class RedisFeedCheckpoint implements FeedCheckpoint {
  private readonly leaseKey: string;
  private readonly stateKey: string;

  constructor(private readonly options: Omit<RedisLeaseOptions, 'ttlMs'>) {
    this.leaseKey = options.key('live:reader');
    this.stateKey = options.key('live:feed-state');
  }

  async load(): Promise<FeedState | undefined> {
    const raw = await this.options.client.get(this.stateKey);
    if (raw === null) return undefined;
    try {
      const state = JSON.parse(raw) as FeedState;
      return typeof state.watermark === 'string' && Array.isArray(state.seen) ? state : undefined;
    } catch {
      return undefined;
    }
  }

  async save(state: FeedState): Promise<void> {
    await this.options.client.eval(
      SAVE_IF_HOLDER,
      2,
      this.leaseKey,
      this.stateKey,
      this.options.owner,
      JSON.stringify(state),
    );
  }
}
