import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type {
  Integration,
  IntegrationKind,
  IntegrationLabel,
  IntegrationsAnswer,
  IntegrationStatus,
} from '../../schemas/integrations.ts';
import type { WebhookEndpoint } from '../../schemas/webhook-endpoint.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { integrations } from '../db/schema.ts';

type Actor = { id: string; name: string };

/** An endpoint's state as the store answered it. */
const endpointStatus = (endpoint: WebhookEndpoint): IntegrationStatus =>
  endpoint.auto_disabled_at !== null ? 'auto_disabled' : endpoint.is_active ? 'active' : 'inactive';

/**
 * The webhook endpoints and notification templates the dashboard has met (looked up or acted on through
 * it), kept because the Commerce API cannot list them. Only what the API answered is stored (never a
 * signing secret, which it never returns), with an owner's label and note.
 */
export class Integrations {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The store answered this endpoint to `actor`: remember it, or refresh what is remembered. */
  async endpointRead(endpoint: WebhookEndpoint, actor: Actor): Promise<void> {
    const at = new Date(this.now());
    const seen = {
      url: endpoint.url,
      events: endpoint.subscribed_events,
      status: endpointStatus(endpoint),
      lastLookedUpAt: at,
      refreshWantedAt: null,
    };
    await withDatabase(() =>
      this.db
        .insert(integrations)
        .values({
          kind: 'webhook_endpoint',
          id: endpoint.id,
          ...seen,
          addedBy: actor.id,
          addedByName: actor.name,
          addedAt: at,
        })
        .onConflictDoUpdate({ target: [integrations.kind, integrations.id], set: seen }),
    );
  }

  /** The store says a remembered endpoint is gone (a 404): it stays listed, marked so. */
  async endpointGone(id: string): Promise<void> {
    await withDatabase(() =>
      this.db
        .update(integrations)
        .set({ status: 'not_found', lastLookedUpAt: new Date(this.now()), refreshWantedAt: null })
        .where(and(eq(integrations.kind, 'webhook_endpoint'), eq(integrations.id, id))),
    );
  }

  /**
   * The list was opened: up to `limit` remembered endpoints (the least recently looked up first, none the
   * store said is gone) are marked for the store feed to read again. Answers how many are marked now.
   */
  async wantRefresh(limit: number): Promise<number> {
    const stale = this.db
      .select({ id: integrations.id })
      .from(integrations)
      .where(
        and(
          eq(integrations.kind, 'webhook_endpoint'),
          ne(integrations.status, 'not_found'),
          isNull(integrations.removedAt),
        ),
      )
      .orderBy(asc(integrations.lastLookedUpAt), integrations.id)
      .limit(limit);
    const marked = await withDatabase(() =>
      this.db
        .update(integrations)
        .set({
          refreshWantedAt: sql`coalesce(${integrations.refreshWantedAt}, ${new Date(this.now()).toISOString()}::timestamptz)`,
        })
        .where(and(eq(integrations.kind, 'webhook_endpoint'), inArray(integrations.id, stale)))
        .returning({ id: integrations.id }),
    );
    return marked.length;
  }

  /** The endpoints marked for a refresh, the longest marked first. */
  async refreshesWanted(limit: number): Promise<string[]> {
    const rows = await withDatabase(() =>
      this.db
        .select({ id: integrations.id })
        .from(integrations)
        .where(and(eq(integrations.kind, 'webhook_endpoint'), isNotNull(integrations.refreshWantedAt)))
        .orderBy(asc(integrations.refreshWantedAt), integrations.id)
        .limit(limit),
    );
    return rows.map((row) => row.id);
  }

  /** The store answered a refresh: what is remembered takes its answer (an entry no longer kept stays gone). */
  async endpointRefreshed(endpoint: WebhookEndpoint): Promise<void> {
    await withDatabase(() =>
      this.db
        .update(integrations)
        .set({
          url: endpoint.url,
          events: endpoint.subscribed_events,
          status: endpointStatus(endpoint),
          lastLookedUpAt: new Date(this.now()),
          refreshWantedAt: null,
        })
        .where(and(eq(integrations.kind, 'webhook_endpoint'), eq(integrations.id, endpoint.id))),
    );
  }

  /** The store could not answer a refresh: the endpoint keeps its last known state and time. */
  async refreshDropped(id: string): Promise<void> {
    await withDatabase(() =>
      this.db
        .update(integrations)
        .set({ refreshWantedAt: null })
        .where(and(eq(integrations.kind, 'webhook_endpoint'), eq(integrations.id, id))),
    );
  }

  /**
   * `actor` asked the store to remove a template and it answered `status`: removed (204) or already gone
   * (404) moves it to the history; a refusal keeps it listed, marked so.
   */
  async templateRemoval(id: string, status: number, actor: Actor): Promise<void> {
    const at = new Date(this.now());
    const gone = status === 204 || status === 404;
    const outcome = {
      status: (status === 204 ? 'removed' : gone ? 'not_found' : 'removal_refused') as IntegrationStatus,
      lastLookedUpAt: at,
      ...(gone ? { removedAt: at, removedByName: actor.name } : {}),
    };
    await withDatabase(() =>
      this.db
        .insert(integrations)
        .values({
          kind: 'notification_template',
          id,
          url: null,
          ...outcome,
          addedBy: actor.id,
          addedByName: actor.name,
          addedAt: at,
        })
        .onConflictDoUpdate({ target: [integrations.kind, integrations.id], set: outcome }),
    );
  }

  /** An owner's label and note; false when the dashboard does not know this entry. */
  async relabel(kind: IntegrationKind, id: string, label: IntegrationLabel): Promise<boolean> {
    const updated = await withDatabase(() =>
      this.db
        .update(integrations)
        .set(label)
        .where(and(eq(integrations.kind, kind), eq(integrations.id, id)))
        .returning({ id: integrations.id }),
    );
    return updated.length > 0;
  }

  /**
   * Everything remembered, newest first, narrowed by `q` (in the id, URL, label, note or events): the
   * entries still in the store as far as the dashboard knows, and the removed ones as history.
   */
  async list(q: string): Promise<IntegrationsAnswer> {
    const pattern = `%${q.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
    const matches =
      q.trim() === ''
        ? undefined
        : sql`(${integrations.id} ilike ${pattern} or ${integrations.url} ilike ${pattern} or
            ${integrations.label} ilike ${pattern} or ${integrations.note} ilike ${pattern} or
            ${integrations.events}::text ilike ${pattern})`;
    const rows = await withDatabase(() =>
      this.db.select().from(integrations).where(matches).orderBy(desc(integrations.addedAt), integrations.id),
    );
    const all = rows.map(toWire);
    return {
      entries: all.filter((entry) => entry.removed_at === null),
      removed: all
        .filter((entry) => entry.removed_at !== null)
        .sort((a, b) => b.removed_at!.localeCompare(a.removed_at!)),
    };
  }
}

function toWire(row: typeof integrations.$inferSelect): Integration {
  return {
    kind: row.kind as IntegrationKind,
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.status as IntegrationStatus,
    last_looked_up_at: row.lastLookedUpAt.toISOString(),
    added_by_name: row.addedByName,
    added_at: row.addedAt.toISOString(),
    label: row.label,
    note: row.note,
    removed_at: row.removedAt?.toISOString() ?? null,
    removed_by_name: row.removedByName,
  };
}
