import { inArray } from 'drizzle-orm';
import type { HistoryKind } from '../../schemas/history.ts';
import type { Db } from '../db/database.ts';
import { snoozes } from '../db/schema.ts';

/** Transitions that end a snooze, asleep or woken: closing, reopening, handing back to the bot. */
const ENDS_A_SNOOZE: ReadonlySet<HistoryKind> = new Set(['closed', 'reopened', 'handed_to_assistant']);

export const endsASnooze = (kinds: readonly HistoryKind[]): boolean =>
  kinds.some((kind) => ENDS_A_SNOOZE.has(kind));

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Deletes the snoozes of these conversations (in the caller's transaction); answers those that had one. */
export async function clearSnoozes(db: Db | Tx, conversationIds: readonly string[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .delete(snoozes)
    .where(inArray(snoozes.conversationId, [...conversationIds]))
    .returning({ conversationId: snoozes.conversationId });
  return rows.map((row) => row.conversationId);
}
