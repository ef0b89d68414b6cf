import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ConversationLocks } from './conversation-locks.ts';
import { shared } from '../redis/connection.ts';

/**
 * Longer than any holder needs (two upstream requests within their deadlines): a replica that dies holding
 * a lock frees it after this.
 */
export const CONVERSATION_LOCK_TTL_MS = 30_000;
const RETRY_MS = 25;

// Only the holder may release it (compare-and-delete): a late release never frees the next holder's lock.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The conversation locks shared by replicas: a key per conversation, taken with SET NX PX. */
export class RedisConversationLocks implements ConversationLocks {
  constructor(
    private readonly client: Redis,
    private readonly key: (name: string) => string,
    private readonly ttlMs = CONVERSATION_LOCK_TTL_MS,
  ) {}

  async run<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    const lockKey = this.key(`conversation-lock:${conversationId}`);
    const token = randomBytes(12).toString('base64url');
    while ((await shared(() => this.client.set(lockKey, token, 'PX', this.ttlMs, 'NX'))) !== 'OK')
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    try {
      return await work();
    } finally {
      await shared(() => this.client.eval(RELEASE, 1, lockKey, token)).catch(() => undefined);
    }
  }
}
