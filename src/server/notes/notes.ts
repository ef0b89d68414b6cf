import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  summariseNote,
  type Mention,
  type Note,
  type NoteEvent,
  type NoteWrite,
} from '../../schemas/note.ts';
import type { ConversationHistory } from '../history/conversation-history.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { conversations, notes } from '../db/schema.ts';

/** Publishes a note change to every open dashboard (the live `note` event). */
export type PublishNote = (event: NoteEvent) => Promise<void>;

type NoteRow = typeof notes.$inferSelect;

/** Where a page of notes ends: its last (oldest) note's time and id. */
export interface NotesCursor {
  createdAt: Date;
  id: number;
}
export interface NotesPage {
  notes: Note[];
  /** Absent on the last page. */
  next: NotesCursor | undefined;
}

export type NoteChange = { ok: true; note: Note } | { ok: false; reason: 'not_found' | 'not_yours' };

const toNote = (row: NoteRow): Note => ({
  id: String(row.id),
  conversation_id: row.conversationId,
  author_user_id: row.authorUserId,
  body: row.body,
  mentioned_user_ids: row.mentionedUserIds,
  created_at: row.createdAt.toISOString(),
  edited_at: row.editedAt?.toISOString() ?? null,
});

/** A jsonb array of ids holds `id`. */
const holds = (column: typeof notes.mentionedUserIds | typeof notes.readBy, id: string) =>
  sql`${column} @> ${JSON.stringify([id])}::jsonb`;

const unique = (ids: readonly string[] = []) => [...new Set(ids)];

/**
 * Internal notes, kept only here: nothing of them is ever sent to the Commerce API. Each change is
 * recorded in the conversation's history (who wrote, edited or deleted a note) and published live.
 * Only a note's author edits it; its author or an owner deletes it.
 */
export class Notes {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly history: () => Promise<ConversationHistory>,
    private readonly publish: PublishNote,
  ) {}

  /**
   * A page of the conversation's notes that are not deleted, newest first: `limit` of them after the
   * cursor (the page before's last note), with the cursor of the next page while older ones remain.
   */
  async page(conversationId: string, cursor: NotesCursor | undefined, limit: number): Promise<NotesPage> {
    const older = cursor
      ? or(
          lt(notes.createdAt, cursor.createdAt),
          and(eq(notes.createdAt, cursor.createdAt), lt(notes.id, cursor.id)),
        )
      : undefined;
    const rows = await withDatabase(() =>
      this.db
        .select()
        .from(notes)
        .where(and(eq(notes.conversationId, conversationId), isNull(notes.deletedAt), older))
        .orderBy(desc(notes.createdAt), desc(notes.id))
        .limit(limit + 1),
    );
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      notes: shown.map(toNote),
      next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : undefined,
    };
  }

  async add(conversationId: string, authorUserId: string, write: NoteWrite): Promise<Note> {
    const mentioned = unique(write.mentioned_user_ids);
    const [row] = await withDatabase(() =>
      this.db
        .insert(notes)
        .values({
          conversationId,
          authorUserId,
          body: write.body,
          mentionedUserIds: mentioned,
          // Mentioning yourself is fine, and needs no alert.
          readBy: mentioned.includes(authorUserId) ? [authorUserId] : [],
          createdAt: new Date(this.now()),
        })
        .returning(),
    );
    const note = toNote(row!);
    await this.changed('added', row!, authorUserId, mentioned);
    return note;
  }

  /** The author rewrites their note; anyone else is refused, owners included. */
  async edit(noteId: string, userId: string, write: NoteWrite): Promise<NoteChange> {
    const found = await this.find(noteId);
    if (!found) return { ok: false, reason: 'not_found' };
    if (found.authorUserId !== userId) return { ok: false, reason: 'not_yours' };
    const mentioned = unique(write.mentioned_user_ids);
    const [row] = await withDatabase(() =>
      this.db
        .update(notes)
        .set({ body: write.body, mentionedUserIds: mentioned, editedAt: new Date(this.now()) })
        .where(and(eq(notes.id, found.id), isNull(notes.deletedAt)))
        .returning(),
    );
    if (!row) return { ok: false, reason: 'not_found' };
    const before = new Set(found.mentionedUserIds);
    await this.changed(
      'edited',
      row,
      userId,
      mentioned.filter((id) => !before.has(id)),
    );
    return { ok: true, note: toNote(row) };
  }

  /** Its author, or an owner, deletes a note: its words go, the row stays for the history. */
  async remove(noteId: string, user: { id: string; role: 'owner' | 'staff' }): Promise<NoteChange> {
    const found = await this.find(noteId);
    if (!found) return { ok: false, reason: 'not_found' };
    if (found.authorUserId !== user.id && user.role !== 'owner') return { ok: false, reason: 'not_yours' };
    const [row] = await withDatabase(() =>
      this.db
        .update(notes)
        .set({ body: '', mentionedUserIds: [], readBy: [], deletedAt: new Date(this.now()) })
        .where(and(eq(notes.id, found.id), isNull(notes.deletedAt)))
        .returning(),
    );
    if (!row) return { ok: false, reason: 'not_found' };
    await this.changed('deleted', row, user.id, []);
    return { ok: true, note: toNote(row) };
  }

  /** The notes that mention `userId`, newest first, with whether they opened each. */
  async mentionsOf(userId: string, limit = 100): Promise<{ data: Mention[]; unread: number }> {
    const mentioning = and(holds(notes.mentionedUserIds, userId), isNull(notes.deletedAt));
    const [rows, [unread]] = await withDatabase(() =>
      Promise.all([
        this.db
          .select({ note: notes, shopperName: conversations.displayName })
          .from(notes)
          .leftJoin(conversations, eq(conversations.id, notes.conversationId))
          .where(mentioning)
          .orderBy(desc(notes.createdAt), desc(notes.id))
          .limit(limit),
        this.db
          .select({ count: count() })
          .from(notes)
          .where(and(mentioning, sql`not ${holds(notes.readBy, userId)}`)),
      ]),
    );
    return {
      data: rows.map(({ note, shopperName }) => ({
        note: toNote(note),
        shopper_name: shopperName,
        read: note.readBy.includes(userId),
      })),
      unread: unread?.count ?? 0,
    };
  }

  /** `userId` opened a note that mentions them; false when no such note mentions them. */
  async markOpened(noteId: string, userId: string): Promise<boolean> {
    const id = Number(noteId);
    if (!Number.isSafeInteger(id)) return false;
    const [row] = await withDatabase(() =>
      this.db
        .update(notes)
        .set({
          readBy: sql`case when ${holds(notes.readBy, userId)} then ${notes.readBy} else ${notes.readBy} || ${JSON.stringify([userId])}::jsonb end`,
        })
        .where(and(eq(notes.id, id), holds(notes.mentionedUserIds, userId), isNull(notes.deletedAt)))
        .returning({ id: notes.id }),
    );
    return row !== undefined;
  }

  /** How many notes (not deleted) each of these conversations carries; absent means none. */
  async countsFor(conversationIds: readonly string[]): Promise<Map<string, number>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await withDatabase(() =>
      this.db
        .select({ conversationId: notes.conversationId, count: count() })
        .from(notes)
        .where(and(inArray(notes.conversationId, [...conversationIds]), isNull(notes.deletedAt)))
        .groupBy(notes.conversationId),
    );
    return new Map(rows.map((row) => [row.conversationId, row.count]));
  }

  /** These notes as they are now, deleted ones included (their words are gone), by id. */
  async current(noteIds: readonly string[]): Promise<Map<string, { note: Note; deleted: boolean }>> {
    const ids = [...new Set(noteIds.map(Number).filter(Number.isSafeInteger))];
    if (ids.length === 0) return new Map();
    const rows = await withDatabase(() => this.db.select().from(notes).where(inArray(notes.id, ids)));
    return new Map(
      rows.map((row) => [String(row.id), { note: toNote(row), deleted: row.deletedAt !== null }]),
    );
  }

  /** One note that is not deleted, as it is now; undefined when there is no such note. */
  async get(noteId: string): Promise<Note | undefined> {
    const row = await this.find(noteId);
    return row ? toNote(row) : undefined;
  }

  private async find(noteId: string): Promise<NoteRow | undefined> {
    const id = Number(noteId);
    if (!Number.isSafeInteger(id)) return undefined;
    const [row] = await withDatabase(() =>
      this.db
        .select()
        .from(notes)
        .where(and(eq(notes.id, id), isNull(notes.deletedAt))),
    );
    return row;
  }

  private async changed(
    change: NoteEvent['change'],
    row: NoteRow,
    actorUserId: string,
    newlyMentioned: string[],
  ): Promise<void> {
    const at = row.deletedAt ?? row.editedAt ?? row.createdAt;
    await (
      await this.history()
    ).noteChanged(row.conversationId, `note_${change}`, actorUserId, String(row.id), at);
    await this.publish({
      conversation_id: row.conversationId,
      change,
      note: summariseNote(toNote(row)),
      newly_mentioned_user_ids: newlyMentioned.filter((id) => id !== actorUserId),
    });
  }
}
