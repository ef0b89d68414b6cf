import { eq } from 'drizzle-orm';
import type { KnowledgeSourceCreate } from '../../schemas/knowledge-source.ts';
import type { KnowledgeText } from '../../schemas/knowledge-text.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { knowledgeTexts } from '../db/schema.ts';

/**
 * The text the dashboard submitted for each knowledge source it added. The API ingests a source's text
 * and discards it, and has no way to replace or delete a source: the copy kept here is what an owner
 * reads again and edits into a new source.
 */
export class KnowledgeTexts {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The store created source `sourceId` from what `actor` submitted. */
  async added(
    sourceId: string,
    submitted: KnowledgeSourceCreate,
    actor: { id: string; name: string },
  ): Promise<void> {
    const row = {
      sourceId,
      kind: submitted.kind,
      title: submitted.title,
      text: submitted.text,
      actorUserId: actor.id,
      actorName: actor.name,
      createdAt: new Date(this.now()),
    };
    await withDatabase(() =>
      this.db
        .insert(knowledgeTexts)
        .values(row)
        // The store answered this id for this submission just now: a replay of the same submission
        // writes the same text again, and an id the store issues again (a store restored from a backup)
        // gets the new source's text.
        .onConflictDoUpdate({ target: knowledgeTexts.sourceId, set: row }),
    );
  }

  async get(sourceId: string): Promise<KnowledgeText | undefined> {
    const [row] = await withDatabase(() =>
      this.db.select().from(knowledgeTexts).where(eq(knowledgeTexts.sourceId, sourceId)),
    );
    if (!row) return undefined;
    return {
      source_id: row.sourceId,
      kind: row.kind as KnowledgeText['kind'],
      title: row.title,
      text: row.text,
      actor_user_id: row.actorUserId,
      actor_name: row.actorName,
      created_at: row.createdAt.toISOString(),
    };
  }
}
