import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AssignmentStrategy } from '../../schemas/assignment.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import type { Db } from '../db/database.ts';
import { withDatabase } from '../db/database.ts';
import { conversationEvents, dashboardWrites } from '../db/schema.ts';
import { automaticDetail, type EventRow } from './history-rows.ts';

// What the dashboard's own writes (through the proxy) say about who acted on a conversation.

/**
 * Of these conversations, those a person acted on through the dashboard (a take-over, a reply, an
 * assignment) at or after the instant given for each: what automatic assignment leaves to them. A
 * conversation whose latest such write handed it back as its person went away is theirs no longer.
 */
export async function actedOnByPeople(db: Db, since: ReadonlyMap<string, number>): Promise<Set<string>> {
  if (since.size === 0) return new Set();
  const rows = await withDatabase(() =>
    db
      .selectDistinctOn([dashboardWrites.conversationId], {
        id: dashboardWrites.conversationId,
        action: dashboardWrites.action,
        at: dashboardWrites.at,
      })
      .from(dashboardWrites)
      .where(
        and(
          inArray(dashboardWrites.conversationId, [...since.keys()]),
          sql`${dashboardWrites.status} between 200 and 299`,
        ),
      )
      .orderBy(dashboardWrites.conversationId, desc(dashboardWrites.at), desc(dashboardWrites.id)),
  );
  return new Set(
    rows
      .filter((row) => row.action !== 'away_hand_back' && row.at.getTime() >= (since.get(row.id) ?? Infinity))
      .map((row) => row.id),
  );
}

/** The dashboard user whose write produced this version of the conversation, if one did. */
export async function writerOf(db: Db, conversationId: string, version: string): Promise<string | null> {
  const [write] = await db
    .select({ actor: dashboardWrites.actorUserId })
    .from(dashboardWrites)
    .where(and(eq(dashboardWrites.conversationId, conversationId), eq(dashboardWrites.version, version)))
    .orderBy(desc(dashboardWrites.id))
    .limit(1);
  return write?.actor ?? null;
}

/**
 * Marks the `assigned` entry of an automatic assignment (the store's answer to its write) as automatic.
 * The feed may have recorded it at that version, or at a later one carrying more changes: the first
 * `assigned` entry to that person since then is this one.
 */
export async function markAutomatic(
  db: Db,
  conversation: Conversation,
  strategy: AssignmentStrategy,
): Promise<EventRow[]> {
  return withDatabase(async () => {
    const [entry] = await db
      .select({ id: conversationEvents.id })
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.conversationId, conversation.id),
          eq(conversationEvents.kind, 'assigned'),
          gte(conversationEvents.version, conversation.updated_at),
          sql`${conversationEvents.detail}->>'assigned_to' = ${conversation.assigned_to}`,
        ),
      )
      .orderBy(asc(conversationEvents.version))
      .limit(1);
    if (!entry) return [];
    return db
      .update(conversationEvents)
      .set({
        detail: sql`${conversationEvents.detail} || ${JSON.stringify(automaticDetail(strategy))}::jsonb`,
      })
      .where(
        and(eq(conversationEvents.id, entry.id), sql`${conversationEvents.detail}->>'automatic' is null`),
      )
      .returning();
  });
}
