import { inArray, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import {
  conversationEvents,
  conversations,
  dashboardWrites,
  messages,
  notes,
  snoozes,
} from '../db/schema.ts';

interface ShopperDataTable {
  /** The name the retention's log and the erasure's report use. */
  name: string;
  table: PgTable;
  /** When a row happened: the retention removes rows older than its cut-off. */
  at: AnyPgColumn;
  conversationId: AnyPgColumn;
}

/**
 * Every table that holds what the dashboard copied or recorded about a shopper's conversation. The
 * retention (by age) and an erasure (by conversation) both remove from exactly these, so a table added
 * here is covered by both.
 */
const SHOPPER_DATA: readonly ShopperDataTable[] = [
  { name: 'messages', table: messages, at: messages.createdAt, conversationId: messages.conversationId },
  {
    name: 'history',
    table: conversationEvents,
    at: conversationEvents.at,
    conversationId: conversationEvents.conversationId,
  },
  {
    name: 'writes',
    table: dashboardWrites,
    at: dashboardWrites.at,
    conversationId: dashboardWrites.conversationId,
  },
  { name: 'notes', table: notes, at: notes.createdAt, conversationId: notes.conversationId },
  { name: 'snoozes', table: snoozes, at: snoozes.snoozedAt, conversationId: snoozes.conversationId },
  {
    name: 'conversations',
    table: conversations,
    at: conversations.updatedAt,
    conversationId: conversations.id,
  },
];

async function removeFromEach(
  db: Db,
  where: (table: ShopperDataTable) => SQL,
): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const removed: Record<string, number> = {};
    for (const entry of SHOPPER_DATA) {
      const result = await tx.delete(entry.table).where(where(entry)).returning({ at: entry.at });
      removed[entry.name] = result.length;
    }
    return removed;
  });
}

/** Removes every row about these conversations; returns how many rows of each kind went. */
export function eraseConversations(
  db: Db,
  conversationIds: readonly string[],
): Promise<Record<string, number>> {
  if (conversationIds.length === 0)
    return Promise.resolve(Object.fromEntries(SHOPPER_DATA.map((entry) => [entry.name, 0])));
  const ids = [...conversationIds];
  return removeFromEach(db, (entry) => inArray(entry.conversationId, ids));
}

/** Removes every row that happened before the cut-off; returns how many rows of each kind went. */
export function removeOlderThan(db: Db, cutoff: Date): Promise<Record<string, number>> {
  return removeFromEach(db, (entry) => lt(entry.at, cutoff));
}
