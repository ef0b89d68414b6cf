import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { addressGroup } from '../http/client-address.ts';

/**
 * Slows password guessing without letting a stranger lock an account's owner out.
 *
 * Two fixed-window counters (rate-limiter-flexible), both counted BEFORE the password is checked, so a
 * burst of concurrent guesses cannot all slip past while the first ones are being verified:
 * - per (client address group, email): guessing one account from one place. A stranger's failures block
 *   only their own pair, so the right password from another address still signs in;
 * - per client address group: spraying many accounts from one place.
 * Beyond either, the sign-in is refused with Retry-After and the password is not checked (no scrypt).
 * Address groups: IPv6 per /64, IPv4-mapped as IPv4 (`addressGroup`). Keys are hashes, so the store holds
 * no email or address in clear. Unknown emails count exactly like known ones (no enumeration).
 *
 * A success clears its pair and takes back its own attempt from the address, never more (a valid account
 * must not reset an address's budget between guesses). The login route calls `begin` before it waits for
 * a password-check slot (`WorkLimiter`), so a sign-in turned away by a full queue is counted too.
 *
 * Memory: nothing is ever forgotten early (forgetting lets an attacker erase their own record). The
 * number of keys is bounded by design: an address refused by its budget creates no new key, so each
 * address group holds at most 1 + perAddress.maxFailures keys per window; the memory store also has a
 * hard cap, beyond which sign-ins that would need a new key are refused (fail closed) until keys expire.
 */
export interface ThrottleLimit {
  maxFailures: number;
  windowMs: number;
}

export interface LoginLimits {
  perAddressAndEmail: ThrottleLimit;
  perAddress: ThrottleLimit;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddressAndEmail: { maxFailures: 5, windowMs: 15 * 60_000 },
  perAddress: { maxFailures: 20, windowMs: 15 * 60_000 },
};

/** Default cap of the memory store's keys: about 520 bytes each (measured, with its expiry timer), so ~50 MB. */
export const DEFAULT_MEMORY_MAX_KEYS = 100_000;

export type RefusalScope = 'address' | 'address_and_email' | 'capacity';

export interface SignInAttempt {
  /** The password was right: the pair starts afresh, the address gets this attempt back. */
  succeeded(): Promise<void>;
}

export type ThrottleVerdict =
  | { allowed: true; attempt: SignInAttempt }
  | { allowed: false; retryAfterSeconds: number; scope: RefusalScope };

export interface LoginThrottle {
  /** Counts a sign-in attempt for (email, address) before its password is checked, or refuses it. */
  begin(email: string, address: string): Promise<ThrottleVerdict>;
}

/** The throttle's store (Redis) did not answer: the sign-in cannot be counted, so it must not proceed. */
export class ThrottleUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The sign-in throttle store is unavailable.', { cause });
    this.name = 'ThrottleUnavailableError';
  }
}

interface Counters {
  byAddress: RateLimiterAbstract;
  byPair: RateLimiterAbstract;
  /** False when creating these keys would pass the store's cap (memory only). */
  hasRoomFor(addressKey: string, pairKey: string): Promise<boolean>;
  /** A store that does not answer within this is treated as down (a sign-in holds a password-check slot). */
  timeoutMs?: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const digest = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22);

type Outcome = { ok: boolean; res: RateLimiterRes };

/** The operation's result, or a rejection once `ms` have passed (a late answer is then ignored). */
function within<T>(operation: Promise<T>, ms: number | undefined): Promise<T> {
  if (ms === undefined) return operation;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([operation, late]).finally(() => clearTimeout(timer));
}

async function settle(operation: Promise<RateLimiterRes>, ms: number | undefined): Promise<Outcome> {
  try {
    return { ok: true, res: await within(operation, ms) };
  } catch (error) {
    // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, with an Error when the store failed.
    if (error instanceof RateLimiterRes) return { ok: false, res: error };
    throw new ThrottleUnavailableError(error);
  }
}

async function guarded<T>(operation: Promise<T>, ms: number | undefined): Promise<T> {
  try {
    return await within(operation, ms);
  } catch (error) {
    throw new ThrottleUnavailableError(error);
  }
}

/** Gives one point back, unless the window already ended (a reward then would open a window below zero). */
async function takeBack(limiter: RateLimiterAbstract, key: string, ms: number | undefined): Promise<void> {
  const current = await guarded(limiter.get(key), ms);
  if (current && current.consumedPoints > 0) await guarded(limiter.reward(key, 1), ms);
}

function throttleOn(counters: Counters): LoginThrottle {
  const ms = counters.timeoutMs;
  const refuse = (scope: RefusalScope, ms: number): ThrottleVerdict => ({
    allowed: false,
    retryAfterSeconds: seconds(ms),
    scope,
  });
  return {
    async begin(email, address) {
      const group = addressGroup(address);
      const addressKey = digest('address', group);
      const pairKey = digest('pair', group, email);
      if (!(await counters.hasRoomFor(addressKey, pairKey))) return refuse('capacity', 60_000);

      const byAddress = await settle(counters.byAddress.consume(addressKey), ms);
      if (!byAddress.ok) {
        // A refused attempt is not counted (the window keeps its end), and no pair key is created for it.
        await guarded(counters.byAddress.reward(addressKey, 1), ms);
        return refuse('address', byAddress.res.msBeforeNext);
      }
      const byPair = await settle(counters.byPair.consume(pairKey), ms);
      if (!byPair.ok) {
        await guarded(counters.byPair.reward(pairKey, 1), ms);
        await guarded(counters.byAddress.reward(addressKey, 1), ms);
        return refuse('address_and_email', byPair.res.msBeforeNext);
      }
      return {
        allowed: true,
        attempt: {
          async succeeded() {
            await guarded(counters.byPair.delete(pairKey), ms);
            await takeBack(counters.byAddress, addressKey, ms);
          },
        },
      };
    },
  };
}

const options = (limit: ThrottleLimit, keyPrefix: string) => ({
  keyPrefix,
  points: limit.maxFailures,
  duration: seconds(limit.windowMs),
});

/** rate-limiter-flexible's memory limiter keeps its records in a Map it does not expose; its size is the count. */
function keyCount(limiter: RateLimiterMemory): number {
  const storage = (limiter as unknown as { _memoryStorage?: { _storage?: unknown } })._memoryStorage
    ?._storage;
  if (!(storage instanceof Map)) {
    // An upgrade changed the internals: fail loudly rather than run without a bound.
    throw new Error('rate-limiter-flexible memory storage layout changed; update keyCount().');
  }
  return storage.size;
}

/** The embedded default: one process's memory, never pruned early, capped at `maxKeys` keys. */
export function memoryLoginThrottle(
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  maxKeys: number = DEFAULT_MEMORY_MAX_KEYS,
): LoginThrottle {
  const byAddress = new RateLimiterMemory(options(limits.perAddress, 'signin-address'));
  const byPair = new RateLimiterMemory(options(limits.perAddressAndEmail, 'signin-pair'));
  keyCount(byAddress);
  return throttleOn({
    byAddress,
    byPair,
    async hasRoomFor(addressKey, pairKey) {
      const room = maxKeys - keyCount(byAddress) - keyCount(byPair);
      if (room >= 2) return true;
      const [address, pair] = await Promise.all([byAddress.get(addressKey), byPair.get(pairKey)]);
      return room >= Number(address === null) + Number(pair === null);
    },
  });
}

/**
 * Shared by every replica on one Redis: the counters are Redis keys with the window as their TTL
 * (atomic increments, so concurrent sign-ins on two replicas cannot both take the last point).
 */
export function redisLoginThrottle(
  redis: Redis,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  timeoutMs = 2000,
  /** Names the keys under the store's prefix (REDIS_KEY_PREFIX), as every other shared state does. */
  key: (name: string) => string = (name) => `bff:${name}`,
): LoginThrottle {
  return throttleOn({
    timeoutMs,
    byAddress: new RateLimiterRedis({
      storeClient: redis,
      ...options(limits.perAddress, key('signin:address')),
    }),
    byPair: new RateLimiterRedis({
      storeClient: redis,
      ...options(limits.perAddressAndEmail, key('signin:pair')),
    }),
    hasRoomFor: () => Promise.resolve(true),
  });
}
