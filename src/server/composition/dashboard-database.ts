import { DatabaseUnavailableError, type Database, type DatabaseHealth } from '../db/database.ts';
import { DatabaseReadModelStore } from '../inbox/database-read-model-store.ts';
import type { Logger } from '../log/logger.ts';

/**
 * The dashboard's database as the app sees it while it opens in the background (creating an embedded
 * database takes seconds; the dashboard answers meanwhile): the history, the retention, the settings'
 * versions and the knowledge texts once it is open, a clear "starting" or "failed" until then.
 */
export class DashboardDatabase {
  private opened: Database | undefined;
  private failure: Error | undefined;
  private readonly ready: Promise<Database>;
  private model: DatabaseReadModelStore | undefined;

  constructor(opening: Promise<Database>) {
    this.ready = opening.then(
      (database) => (this.opened = database),
      (error: unknown) => {
        this.failure = error as Error;
        throw error;
      },
    );
    // Whoever started the opening reports its failure (and stops the start); here it only becomes a 503.
    this.ready.catch(() => {});
  }

  /** The open database; DatabaseUnavailableError when it could not be opened. */
  async database(): Promise<Database> {
    try {
      return await this.ready;
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
  }

  async health(): Promise<DatabaseHealth> {
    if (this.failure) return { ok: false, reason: `database_unavailable: ${this.failure.message}` };
    if (!this.opened) return { ok: false, reason: 'database_starting: the database is being opened' };
    return this.opened.health();
  }

  /**
   * A store over the database, built once it is open (the first call waits for it; a failed opening
   * answers DatabaseUnavailableError, a 503): every part's store is made this one way.
   */
  store<Store>(build: (db: Database['db']) => Store): () => Promise<Store> {
    let store: Promise<Store> | undefined;
    return () => (store ??= this.database().then((database) => build(database.db)));
  }

  /**
   * The inbox's read model and the feed's checkpoint kept here (one process, no Redis); one per process,
   * loaded when the feed first reads and written out before the database closes.
   */
  inboxModel(logger: Logger): DatabaseReadModelStore {
    this.model ??= new DatabaseReadModelStore({
      database: () => this.database().then((database) => database.db),
      logger,
    });
    return this.model;
  }

  async close(): Promise<void> {
    const database = await this.ready.catch(() => undefined);
    if (database) await this.model?.flush();
    await database?.close();
  }
}
