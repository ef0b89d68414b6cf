import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TagColour, TagRef } from '../../schemas/tag-ref.ts';
import type { ConversationTags, Tag } from '../../schemas/tags.ts';
import { withDatabase, type Db } from '../db/database.ts';
import type { PublishHistory } from '../history/conversation-history.ts';
import { toEntry } from '../history/history-rows.ts';
import { conversationEvents, conversationTags, tags } from '../db/schema.ts';

/** Tells every dashboard that these conversations' tags changed (the tags' live `records` event). */
export type PublishTags = (conversationIds: string[]) => Promise<void>;

/** Another tag has this name (ignoring case): 409. */
export class TagNameTakenError extends Error {
  constructor(readonly tagName: string) {
    super(`A tag named "${tagName}" exists already.`);
    this.name = 'TagNameTakenError';
  }
}

/** A tag id that names no tag (never created, or deleted): 404. */
export class UnknownTagError extends Error {
  constructor(readonly tagId: string) {
    super('That tag does not exist (it may have been deleted).');
    this.name = 'UnknownTagError';
  }
}

/** Postgres' unique_violation, also when Drizzle wraps the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== undefined && cause !== error && isUniqueViolation(cause));
}

const newTagId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `tag_${[...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
};

type TagRow = typeof tags.$inferSelect;
const refOf = (row: Pick<TagRow, 'id' | 'name' | 'colour'>): TagRef => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
});
const byName = (a: TagRef, b: TagRef) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * The store's tags and which conversations carry them, in the dashboard's database. Adding and removing a
 * tag is recorded in the conversation's history in the same transaction, and every change is published
 * to every dashboard (the history entries and the tags' `records` event) once it is committed.
 */
export class TagStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly publish: { history: PublishHistory; tags: PublishTags },
  ) {}

  /** Every tag by name, with how many conversations carry it. */
  async list(): Promise<Tag[]> {
    const rows = await withDatabase(() =>
      this.db
        .select({
          id: tags.id,
          name: tags.name,
          colour: tags.colour,
          conversation_count: count(conversationTags.conversationId),
        })
        .from(tags)
        .leftJoin(conversationTags, eq(conversationTags.tagId, tags.id))
        .groupBy(tags.id)
        .orderBy(asc(sql`lower(${tags.name})`)),
    );
    return rows.map((row) => ({ ...refOf(row), conversation_count: row.conversation_count }));
  }

  /** Every tag, and each tagged conversation's tags by name: what the inbox's rows carry. */
  async index(): Promise<{ tags: TagRef[]; byConversation: Map<string, TagRef[]> }> {
    const [all, links] = await withDatabase(() =>
      Promise.all([
        this.db.select().from(tags),
        this.db
          .select({ conversationId: conversationTags.conversationId, tagId: conversationTags.tagId })
          .from(conversationTags),
      ]),
    );
    const refs = new Map(all.map((row) => [row.id, refOf(row)]));
    const byConversation = new Map<string, TagRef[]>();
    for (const link of links) {
      const ref = refs.get(link.tagId);
      if (!ref) continue;
      const list = byConversation.get(link.conversationId) ?? [];
      list.push(ref);
      byConversation.set(link.conversationId, list);
    }
    for (const list of byConversation.values()) list.sort(byName);
    return { tags: [...refs.values()].sort(byName), byConversation };
  }

  /** One conversation's tags, by name. */
  async ofConversation(conversationId: string): Promise<TagRef[]> {
    return (await this.ofConversations([conversationId]))[0]!.tags;
  }

  async create(input: { name: string; colour: TagColour }, actorId: string): Promise<Tag> {
    const row = { id: newTagId(), ...input, createdBy: actorId, createdAt: new Date(this.now()) };
    await this.named(input.name, () => this.db.insert(tags).values(row));
    await this.publish.tags([]);
    return { ...refOf(row), conversation_count: 0 };
  }

  /** A new name, colour or both; undefined when there is no such tag. */
  async update(id: string, change: { name?: string; colour?: TagColour }): Promise<Tag | undefined> {
    const [row] = await this.named(change.name ?? '', () =>
      this.db.update(tags).set(change).where(eq(tags.id, id)).returning(),
    );
    if (!row) return undefined;
    const carriers = await this.carriersOf(id);
    await this.publish.tags(carriers);
    return { ...refOf(row), conversation_count: carriers.length };
  }

  /** Deletes the tag from the store and every conversation: how many carried it, or undefined if none. */
  async delete(id: string): Promise<number | undefined> {
    const carriers = await withDatabase(() =>
      this.db.transaction(async (tx) => {
        const links = await tx.delete(conversationTags).where(eq(conversationTags.tagId, id)).returning();
        const deleted = await tx.delete(tags).where(eq(tags.id, id)).returning();
        return deleted.length === 0 ? undefined : links.map((link) => link.conversationId);
      }),
    );
    if (carriers === undefined) return undefined;
    await this.publish.tags(carriers);
    return carriers.length;
  }

  /**
   * Adds and removes tags on these conversations (what each already has, or lacks, stays as it is) and
   * records each actual change in the conversation's history. UnknownTagError names a missing tag, and
   * then nothing changes. Answers each conversation's tags now.
   */
  async change(
    conversationIds: readonly string[],
    change: { add: readonly string[]; remove: readonly string[] },
    actorId: string,
  ): Promise<ConversationTags[]> {
    const at = new Date(this.now());
    const entries = await withDatabase(() =>
      this.db.transaction(async (tx) => {
        const named = [...new Set([...change.add, ...change.remove])];
        const found = await tx.select().from(tags).where(inArray(tags.id, named));
        const missing = named.find((id) => !found.some((row) => row.id === id));
        if (missing !== undefined) throw new UnknownTagError(missing);
        const names = new Map(found.map((row) => [row.id, row.name]));
        const ids = [...conversationIds];
        const added = change.add.length
          ? await tx
              .insert(conversationTags)
              .values(
                ids.flatMap((conversationId) =>
                  change.add.map((tagId) => ({ conversationId, tagId, addedBy: actorId, addedAt: at })),
                ),
              )
              .onConflictDoNothing()
              .returning()
          : [];
        const removed = change.remove.length
          ? await tx
              .delete(conversationTags)
              .where(
                and(
                  inArray(conversationTags.conversationId, ids),
                  inArray(conversationTags.tagId, [...change.remove]),
                ),
              )
              .returning()
          : [];
        const happened = [
          ...added.map((link) => ({ ...link, kind: 'tagged' })),
          ...removed.map((link) => ({ ...link, kind: 'untagged' })),
        ];
        if (happened.length === 0) return [];
        return tx
          .insert(conversationEvents)
          .values(
            happened.map((link) => ({
              conversationId: link.conversationId,
              kind: link.kind,
              version: `tag:${link.tagId}@${at.toISOString()}`,
              actorUserId: actorId,
              detail: { tag: names.get(link.tagId) ?? null },
              at,
            })),
          )
          .onConflictDoNothing()
          .returning();
      }),
    );
    // One history event for the whole change, however many conversations it touched.
    await this.publish.history(entries.map(toEntry));
    const changed = [...new Set(entries.map((row) => row.conversationId))];
    if (changed.length > 0) await this.publish.tags(changed);
    return this.ofConversations(conversationIds);
  }

  private async ofConversations(conversationIds: readonly string[]): Promise<ConversationTags[]> {
    const rows = await withDatabase(() =>
      this.db
        .select({
          conversationId: conversationTags.conversationId,
          id: tags.id,
          name: tags.name,
          colour: tags.colour,
        })
        .from(conversationTags)
        .innerJoin(tags, eq(tags.id, conversationTags.tagId))
        .where(inArray(conversationTags.conversationId, [...conversationIds])),
    );
    return conversationIds.map((conversationId) => ({
      conversation_id: conversationId,
      tags: rows
        .filter((row) => row.conversationId === conversationId)
        .map(refOf)
        .sort(byName),
    }));
  }

  private async carriersOf(tagId: string): Promise<string[]> {
    const rows = await withDatabase(() =>
      this.db
        .select({ conversationId: conversationTags.conversationId })
        .from(conversationTags)
        .where(eq(conversationTags.tagId, tagId)),
    );
    return rows.map((row) => row.conversationId);
  }

  /** Runs a write that sets a tag's name: a name another tag has (ignoring case) is TagNameTakenError. */
  private async named<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await withDatabase(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw new TagNameTakenError(name);
      throw error;
    }
  }
}
