import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAGE_SIZE_DEFAULT } from '../../src/schemas/limits.ts';
import type { ListOf } from '../../src/schemas/page.ts';
import { refuse } from './errors.ts';

/** created_desc is every list's default; updated_asc comes with updated_after; messages are created_asc. */
export type Ordering = 'created_desc' | 'updated_asc' | 'created_asc';

interface CursorPayload {
  /** Which list the cursor walks (e.g. `conversations`, `messages:conv_...`). */
  l: string;
  o: Ordering;
  /** Sort key (epoch ms) and id of the last item served. */
  k: number;
  i: string;
}

// Signed so that a cursor cannot be forged or edited; the secret only has to be stable per process.
const CURSOR_SECRET = 'commerce-api-simulator/cursor/v1';

function sign(payload: string): string {
  return createHmac('sha256', CURSOR_SECRET).update(payload).digest('base64url').slice(0, 22);
}

function encodeCursor(payload: CursorPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body)}`;
}

function decodeCursor(raw: string, list: string, ordering: Ordering): CursorPayload {
  const invalid = (why: string) => refuse.invalidQuery(why, 'after');
  const [body = '', signature = '', ...rest] = raw.split('.');
  const expected = sign(body);
  if (
    rest.length > 0 ||
    signature.length !== expected.length ||
    !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  ) {
    throw invalid('after is not a cursor this API issued.');
  }
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
  if (payload.l !== list) throw invalid('after is a cursor of a different list.');
  if (payload.o !== ordering)
    throw invalid('after is a cursor of the other ordering; start the walk again without it.');
  return payload;
}

export interface PageOptions<Item, Wire> {
  list: string;
  ordering: Ordering;
  sortKey: (item: Item) => number;
  id: (item: Item) => string;
  wire: (item: Item) => Wire;
  limit?: number;
  after?: string;
}

/** One page of a keyset-paginated list, in the spec's `{data, page}` shape. */
export function paginate<Item, Wire>(items: Iterable<Item>, options: PageOptions<Item, Wire>): ListOf<Wire> {
  const direction = options.ordering === 'created_desc' ? -1 : 1;
  const compare = (aKey: number, aId: string, bKey: number, bId: string) =>
    direction * (aKey - bKey || (aId < bId ? -1 : aId > bId ? 1 : 0));
  const sorted = [...items].sort((a, b) =>
    compare(options.sortKey(a), options.id(a), options.sortKey(b), options.id(b)),
  );
  const cursor =
    options.after === undefined ? null : decodeCursor(options.after, options.list, options.ordering);
  const remaining =
    cursor === null
      ? sorted
      : sorted.filter((item) => compare(options.sortKey(item), options.id(item), cursor.k, cursor.i) > 0);
  const limit = options.limit ?? PAGE_SIZE_DEFAULT;
  const page = remaining.slice(0, limit);
  const last = page.at(-1);
  const hasMore = remaining.length > limit;
  return {
    data: page.map(options.wire),
    page:
      hasMore && last !== undefined
        ? {
            has_more: true,
            next_cursor: encodeCursor({
              l: options.list,
              o: options.ordering,
              k: options.sortKey(last),
              i: options.id(last),
            }),
          }
        : { has_more: false },
  };
}

/** Epoch ms of a stored timestamp, the sort key of every list. */
export const epochMs = (timestamp: string) => Date.parse(timestamp);

interface Timestamped {
  id: string;
  created_at: string;
  updated_at: string;
}

/**
 * A list with the spec's two orderings: newest first by created_at, or, with updated_after, every item
 * touched at or after that instant in ascending updated_at (at least once: an item that changes
 * mid-walk sorts after the cursor again). Conversations and knowledge sources share this rule.
 */
export function paginateByRecency<Item extends Timestamped, Wire>(
  items: Iterable<Item>,
  options: {
    list: string;
    wire: (item: Item) => Wire;
    updatedAfter?: string;
    limit?: number;
    after?: string;
  },
): ListOf<Wire> {
  const since = options.updatedAfter === undefined ? null : Date.parse(options.updatedAfter);
  const candidates = since === null ? items : [...items].filter((item) => epochMs(item.updated_at) >= since);
  return paginate(candidates, {
    list: options.list,
    ordering: since === null ? 'created_desc' : 'updated_asc',
    sortKey: (item) => epochMs(since === null ? item.created_at : item.updated_at),
    id: (item) => item.id,
    wire: options.wire,
    limit: options.limit,
    after: options.after,
  });
}
