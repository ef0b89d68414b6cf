import { and, desc, eq, sql } from 'drizzle-orm';
import type { AgentConfig } from '../../schemas/agent-config.ts';
import type { ConfigVersion, ConfigVersionSource } from '../../schemas/config-versions.ts';
import type { PageInfo } from '../../schemas/page.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { configVersions } from '../db/schema.ts';

type VersionRow = typeof configVersions.$inferSelect;

const toVersion = (row: VersionRow): ConfigVersion => ({
  id: String(row.id),
  version: row.version,
  source: row.source,
  actor_user_id: row.actorUserId,
  actor_name: row.actorName,
  kept_at: row.keptAt.toISOString(),
  config: row.config as ConfigVersion['config'],
});

/** The settings of a config as kept: everything the store answered but the version itself. */
function settingsOf(config: AgentConfig): Record<string, unknown> {
  const { updated_at: _version, ...settings } = config;
  return settings;
}

/**
 * Every version of the assistant's settings the dashboard has seen. A save through the dashboard keeps
 * the config the store answered, naming the person; a config read from the store (the feed's periodic
 * read, a screen's read through the proxy) whose version is not kept yet was made elsewhere. A version is
 * one row whoever saw it first: the save names the person even when a read kept it a moment before.
 */
export class ConfigVersions {
  /** The version this process last saw kept: a read of the same one costs the database nothing. */
  private lastKept: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A save through the dashboard succeeded with this answer. */
  async saved(config: AgentConfig, actor: { id: string; name: string }): Promise<void> {
    const version = config.updated_at;
    if (version === null || Number.isNaN(Date.parse(version))) return;
    const attribution = { source: 'dashboard' as const, actorUserId: actor.id, actorName: actor.name };
    await withDatabase(() =>
      this.db
        .insert(configVersions)
        .values({ ...this.rowOf(config, version), ...attribution })
        .onConflictDoUpdate({ target: configVersions.version, set: attribution }),
    );
    this.lastKept = version;
  }

  /** The store's config as read; a version not kept yet is kept as changed outside the dashboard. */
  async read(config: AgentConfig): Promise<void> {
    const version = config.updated_at;
    // Never saved: the store serves its defaults, which are no version.
    if (version === null || version === this.lastKept || Number.isNaN(Date.parse(version))) return;
    await withDatabase(() =>
      this.db
        .insert(configVersions)
        .values({ ...this.rowOf(config, version), source: 'outside' as ConfigVersionSource })
        .onConflictDoNothing(),
    );
    this.lastKept = version;
  }

  /** Newest first (by the store's version time), `limit` a page, after the cursor of the page before. */
  async list(limit: number, after?: string): Promise<{ data: ConfigVersion[]; page: PageInfo }> {
    const rows = await withDatabase(async () => {
      const [cursor] = after
        ? await this.db
            .select({ versionAt: configVersions.versionAt, id: configVersions.id })
            .from(configVersions)
            .where(eq(configVersions.id, Number(after)))
        : [];
      // A cursor whose version is gone (never for now: versions are not removed) starts from the newest.
      const older = cursor
        ? sql`(${configVersions.versionAt}, ${configVersions.id}) < (${cursor.versionAt}, ${cursor.id})`
        : undefined;
      return this.db
        .select()
        .from(configVersions)
        .where(and(older))
        .orderBy(desc(configVersions.versionAt), desc(configVersions.id))
        .limit(limit + 1);
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map(toVersion),
      page:
        rows.length > limit && last ? { has_more: true, next_cursor: String(last.id) } : { has_more: false },
    };
  }

  /** One version by its id, or undefined. */
  async get(id: string): Promise<ConfigVersion | undefined> {
    const [row] = await withDatabase(() =>
      this.db
        .select()
        .from(configVersions)
        .where(eq(configVersions.id, Number(id))),
    );
    return row ? toVersion(row) : undefined;
  }

  private rowOf(config: AgentConfig, version: string) {
    return {
      version,
      versionAt: new Date(version),
      config: settingsOf(config),
      keptAt: new Date(this.now()),
    };
  }
}
