import { asc, desc, eq, sql } from 'drizzle-orm';
import type { SavedReply, SavedReplyValues } from '../../schemas/saved-replies.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { savedReplies } from '../db/schema.ts';

/** Who made a change: the signed-in person's store user id and name. */
export type SavedReplyActor = { id: string; name: string };

/** What a write can meet besides success: the id is unknown, or another reply holds the shortcut. */
export type SavedReplyWrite =
  { ok: true; reply: SavedReply } | { ok: false; reason: 'not_found' | 'shortcut_taken' };

type Row = typeof savedReplies.$inferSelect;

const toWire = (row: Row): SavedReply => ({
  id: String(row.id),
  title: row.title,
  shortcut: row.shortcut,
  text: row.text,
  use_count: row.useCount,
  created_by: row.createdByName,
  created_at: row.createdAt.toISOString(),
  updated_by: row.updatedByName,
  updated_at: row.updatedAt.toISOString(),
});

/** The columns a create and an edit both write: the reply as sent, and who last changed it. */
const edited = (values: SavedReplyValues, actor: SavedReplyActor, at: Date) => ({
  title: values.title,
  shortcut: values.shortcut ?? null,
  text: values.text,
  updatedByUserId: actor.id,
  updatedByName: actor.name,
  updatedAt: at,
});

/** Postgres' unique_violation, on the driver's error or on the one Drizzle wraps it in. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== undefined && cause !== error && isUniqueViolation(cause));
}

/**
 * The store's saved replies in the dashboard's database. A taken shortcut is told by the unique index
 * itself, so two owners saving the same shortcut at once get one reply and one refusal.
 */
export class SavedReplies {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Most used first, then by title. */
  async list(): Promise<SavedReply[]> {
    const rows = await withDatabase(() =>
      this.db
        .select()
        .from(savedReplies)
        .orderBy(desc(savedReplies.useCount), asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id)),
    );
    return rows.map(toWire);
  }

  async create(values: SavedReplyValues, actor: SavedReplyActor): Promise<SavedReplyWrite> {
    const at = new Date(this.now());
    return this.write(() =>
      this.db
        .insert(savedReplies)
        .values({
          ...edited(values, actor, at),
          createdByUserId: actor.id,
          createdByName: actor.name,
          createdAt: at,
        })
        .returning(),
    );
  }

  async update(id: number, values: SavedReplyValues, actor: SavedReplyActor): Promise<SavedReplyWrite> {
    return this.write(() =>
      this.db
        .update(savedReplies)
        .set(edited(values, actor, new Date(this.now())))
        .where(eq(savedReplies.id, id))
        .returning(),
    );
  }

  /** Whether there was a reply with this id to delete. */
  async delete(id: number): Promise<boolean> {
    const rows = await withDatabase(() =>
      this.db.delete(savedReplies).where(eq(savedReplies.id, id)).returning({ id: savedReplies.id }),
    );
    return rows.length > 0;
  }

  /** Someone inserted the reply into a reply box: one more use, counted in the database. */
  async recordUse(id: number): Promise<SavedReply | undefined> {
    const [row] = await withDatabase(() =>
      this.db
        .update(savedReplies)
        .set({ useCount: sql`${savedReplies.useCount} + 1` })
        .where(eq(savedReplies.id, id))
        .returning(),
    );
    return row ? toWire(row) : undefined;
  }

  private async write(run: () => Promise<Row[]>): Promise<SavedReplyWrite> {
    try {
      const [row] = await withDatabase(run);
      return row ? { ok: true, reply: toWire(row) } : { ok: false, reason: 'not_found' };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'shortcut_taken' };
      throw error;
    }
  }
}
