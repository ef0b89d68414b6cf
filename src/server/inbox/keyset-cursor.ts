import type { OrderKeys } from '../../schemas/inbox-rules.ts';

/** A model page's cursor starts so (the API's own cursors start `api:`). */
export const KEYSET_CURSOR = 'k:';

/**
 * A page's cursor, opaque to the client: the order keys and id of its last row, so the next page starts
 * right after that row wherever the list stands by then. A conversation that moves between two reads
 * then never shifts the others (offsets did: one moving up made the next page skip one that did not move).
 */
export function keysetCursor(keys: OrderKeys): string {
  const activity = Number.isNaN(keys.activityMs) ? null : keys.activityMs;
  const text = JSON.stringify([keys.waitingMs, activity, keys.id]);
  return `${KEYSET_CURSOR}${Buffer.from(text, 'utf8').toString('base64url')}`;
}

const isTime = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

/** The keys a cursor of ours names; undefined for anything else. */
export function readKeysetCursor(cursor: string): OrderKeys | undefined {
  if (!cursor.startsWith(KEYSET_CURSOR)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor.slice(KEYSET_CURSOR.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [waitingMs, activityMs, id] = parsed as unknown[];
  if (!isTime(waitingMs) || !isTime(activityMs) || typeof id !== 'string' || id === '') return undefined;
  return { id, waitingMs, activityMs: activityMs ?? Number.NaN };
}

/** The first place in `order` after the row with these keys (where it was, or would be). */
export function placeAfter<Entry extends { keys: OrderKeys }>(
  order: readonly Entry[],
  keys: OrderKeys,
  compare: (a: OrderKeys, b: OrderKeys) => number,
): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle]!.keys, keys) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
