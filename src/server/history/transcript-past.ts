import { desc, sql } from 'drizzle-orm';
import type { Message } from '../../schemas/message.ts';
import type { Db } from '../db/database.ts';
import { withDatabase } from '../db/database.ts';
import { conversations, messages } from '../db/schema.ts';

// The past of conversations the feed met in the store's listing, not from their start: which transcripts
// are still to read, and what the ones read prove (the history backfill reads them).

/** The version of history entries derived from a transcript (one per conversation and kind). */
const DERIVED_VERSION = 'transcript';
const DERIVED_DETAIL = JSON.stringify({ derived: 'transcript' });

/**
 * A conversation whose past is still to read: met without it (not seen from its start), with no message
 * in the copy and no transcript read by the history backfill.
 */
export const PAST_UNREAD = sql`${conversations.transcriptReadAt} is null and not ${conversations.seenFromStart}
  and not exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id})`;

/**
 * The conversations whose past the dashboard has not read: met in the store's listing (or before this
 * was recorded), with no message in the copy and no transcript read by the history backfill, newest first.
 */
export async function transcriptsToRead(db: Db, limit: number): Promise<string[]> {
  const rows = await withDatabase(() =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(PAST_UNREAD)
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(limit),
  );
  return rows.map((row) => row.id);
}

/**
 * What the transcripts prove about conversations whose transitions were not seen (met in the store's
 * listing), recorded as history marked `derived: transcript`, once, for one conversation or all:
 * - handed to a person: it has a staff reply or is with a person now; at the assistant's last message
 *   before the first staff reply (its hand-over notice: the assistant stops answering once a
 *   conversation is handed over), else at its first message;
 * - closed: it is closed; the API keeps no closing time, so at its last update.
 * A transition the dashboard did see is never doubled: only kinds with no entry at all are derived.
 */
export async function deriveFromTranscripts(db: Db, conversationId?: string): Promise<void> {
  const which = conversationId === undefined ? sql`true` : sql`c.id = ${conversationId}`;
  await withDatabase(async () => {
    await db.execute(sql`
      insert into conversation_events (conversation_id, kind, version, actor_user_id, detail, at)
      select c.id, 'handed_to_person', ${DERIVED_VERSION}, null, ${DERIVED_DETAIL}::jsonb,
        coalesce(
          (select max(m.created_at) from messages m
            where m.conversation_id = c.id and m.role = 'assistant' and m.author_user_id is null
              and (s.first_reply is null or m.created_at < s.first_reply)),
          (select min(m.created_at) from messages m where m.conversation_id = c.id))
      from conversations c
      cross join lateral (
        select min(m.created_at) as first_reply from messages m
        where m.conversation_id = c.id and m.role = 'assistant' and m.author_user_id is not null
      ) s
      where ${which} and not c.seen_from_start
        and (s.first_reply is not null or c.handoff_state = 'human')
        and exists (select 1 from messages m where m.conversation_id = c.id)
        and not exists (
          select 1 from conversation_events e where e.conversation_id = c.id and e.kind = 'handed_to_person'
        )
      on conflict do nothing`);
    await db.execute(sql`
      insert into conversation_events (conversation_id, kind, version, actor_user_id, detail, at)
      select c.id, 'closed', ${DERIVED_VERSION}, null, ${DERIVED_DETAIL}::jsonb, c.updated_at
      from conversations c
      where ${which} and not c.seen_from_start and c.status = 'closed'
        and not exists (select 1 from conversation_events e where e.conversation_id = c.id and e.kind = 'closed')
      on conflict do nothing`);
  });
}

/** Keeps these messages in the copy (new ones, or a rating given since). */
export async function keepMessages(db: Db, read: readonly Message[]): Promise<void> {
  if (read.length === 0) return;
  await withDatabase(() =>
    db
      .insert(messages)
      .values(
        read.map((message) => ({
          id: message.id,
          conversationId: message.conversation_id,
          role: message.role,
          authorUserId: message.author_user_id,
          content: message.content,
          rating: message.rating,
          createdAt: new Date(message.created_at),
        })),
      )
      .onConflictDoUpdate({ target: messages.id, set: { rating: sql`excluded.rating` } }),
  );
}
