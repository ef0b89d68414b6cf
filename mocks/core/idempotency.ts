import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_BYTES } from '../../src/schemas/limits.ts';
import { refuse } from './errors.ts';
import type { PreparedResponse } from './responses.ts';

/** How long a key is remembered (Stripe keeps keys for 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

type Entry = { fingerprint: string; expiresAtMs: number } & (
  { state: 'in_progress' } | { state: 'done'; response: PreparedResponse }
);

/** The request's Idempotency-Key, or the 400 the spec gives when it is missing or too long. */
export function idempotencyKeyOf(request: Request): string {
  const key = request.headers.get('idempotency-key');
  if (key === null || key.trim() === '') throw refuse.idempotencyKeyRequired();
  // Header values are byte strings (one character per byte), so length is the byte count.
  if (key.length > IDEMPOTENCY_KEY_MAX_BYTES) {
    throw refuse.invalidRequest(`The Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX_BYTES} bytes.`);
  }
  return key;
}

/** What makes two requests "the same": method, path with query, and the exact body bytes. */
export function requestFingerprint(method: string, url: URL, body: Uint8Array): string {
  const digest = createHash('sha256').update(body).digest('hex');
  return `${method} ${url.pathname}${url.search} ${digest}`;
}

/**
 * Keys are namespaced per store, not per endpoint. Only responses of a request that reached the
 * store are recorded (see the README); refusals before that leave the key free.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** The recorded response to replay, nothing for a fresh key, or a 409 for a clash. */
  lookup(store: string, key: string, fingerprint: string, nowMs: number): PreparedResponse | null {
    const name = `${store}\u0000${key}`;
    const entry = this.entries.get(name);
    if (entry === undefined) return null;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(name);
      return null;
    }
    if (entry.fingerprint !== fingerprint) throw refuse.idempotencyKeyReused();
    if (entry.state === 'in_progress') throw refuse.idempotencyKeyInProgress();
    return entry.response;
  }

  claim(store: string, key: string, fingerprint: string, nowMs: number): void {
    this.entries.set(`${store}\u0000${key}`, {
      fingerprint,
      expiresAtMs: nowMs + IDEMPOTENCY_TTL_MS,
      state: 'in_progress',
    });
  }

  complete(store: string, key: string, response: PreparedResponse): void {
    const name = `${store}\u0000${key}`;
    const entry = this.entries.get(name);
    // A reset while the request ran dropped the claim: nothing to record.
    if (entry?.state !== 'in_progress') return;
    this.entries.set(name, { ...entry, state: 'done', response });
  }

  release(store: string, key: string): void {
    const name = `${store}\u0000${key}`;
    if (this.entries.get(name)?.state === 'in_progress') this.entries.delete(name);
  }

  clear(): void {
    this.entries.clear();
  }
}
