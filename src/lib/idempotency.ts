/**
 * Idempotency keys (spec, Common rules): every write carries one. Mint a key once per user action
 * (at click or submit time), keep it with the pending write (persist it with the payload when the
 * write must survive a reload) and send the same key on every retry of that action.
 */

function uuidFromRandomValues(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  // RFC 9562 version 4, variant 10xx.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A v4 UUID. `crypto.randomUUID` exists only in secure contexts, so a dashboard served over plain http
 * on a LAN address falls back to getRandomValues.
 */
export function newUuid(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : uuidFromRandomValues();
}

/** A fresh idempotency key. */
export function newIdempotencyKey(): string {
  return newUuid();
}

/** What a pending write keeps so every retry, even after a reload, sends the same request. */
export type PendingWrite<Payload> = { idempotencyKey: string; payload: Payload };

/** Pairs a payload with a key minted now: call it in the click or submit handler, not in the fetcher. */
export function pendingWrite<Payload>(payload: Payload): PendingWrite<Payload> {
  return { idempotencyKey: newIdempotencyKey(), payload };
}
