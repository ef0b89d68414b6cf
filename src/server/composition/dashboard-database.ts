import { ConfigVersions } from '../kept-copies/config-versions.ts';
import {
  ConversationHistory,
  type PublishHistory,
  type PublishSnoozesCleared,
} from '../history/conversation-history.ts';
import { Integrations } from '../integrations/integrations.ts';
import { KnowledgeTexts } from '../kept-copies/knowledge-texts.ts';
import { Notes, type PublishNote } from '../notes/notes.ts';
import { DatabaseUnavailableError, type Database, type DatabaseHealth } from '../db/database.ts';
import { Retention } from '../history/retention.ts';
import { TeamAvailability } from '../assignment/team-availability.ts';
import { SavedReplies } from '../saved-replies/saved-replies.ts';
import { TagStore, type PublishTags } from '../tags/tag-store.ts';
import { SnoozeStore, type PublishSnooze, type WakeFacts } from '../snooze/snooze-store.ts';
import { People } from '../users/people.ts';
import { SecondFactors } from '../users/second-factor.ts';
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

  /** The history, publishing to the live stream (entries, and snoozes a transition cleared); built once the database is open. */
  history(
    publish: PublishHistory,
    snoozesCleared?: PublishSnoozesCleared,
  ): () => Promise<ConversationHistory> {
    let history: Promise<ConversationHistory> | undefined;
    return () =>
      (history ??= this.database().then(
        (database) => new ConversationHistory(database.db, publish, snoozesCleared),
      ));
  }

  retention(now: () => number): () => Promise<Retention> {
    let retention: Promise<Retention> | undefined;
    return () => (retention ??= this.database().then((database) => new Retention(database.db, now)));
  }

  configVersions(now: () => number): () => Promise<ConfigVersions> {
    let versions: Promise<ConfigVersions> | undefined;
    return () => (versions ??= this.database().then((database) => new ConfigVersions(database.db, now)));
  }

  integrations(now: () => number): () => Promise<Integrations> {
    let kept: Promise<Integrations> | undefined;
    return () => (kept ??= this.database().then((database) => new Integrations(database.db, now)));
  }

  knowledgeTexts(now: () => number): () => Promise<KnowledgeTexts> {
    let texts: Promise<KnowledgeTexts> | undefined;
    return () => (texts ??= this.database().then((database) => new KnowledgeTexts(database.db, now)));
  }

  /** Internal notes, recorded in the history and published live; built once the database is open. */
  notes(
    now: () => number,
    history: () => Promise<ConversationHistory>,
    publish: PublishNote,
  ): () => Promise<Notes> {
    let notes: Promise<Notes> | undefined;
    return () =>
      (notes ??= this.database().then((database) => new Notes(database.db, now, history, publish)));
  }

  /** Availability and the automatic assignment's settings; built once the database is open. */
  team(now: () => number): () => Promise<TeamAvailability> {
    let team: Promise<TeamAvailability> | undefined;
    return () => (team ??= this.database().then((database) => new TeamAvailability(database.db, now)));
  }

  /** The dashboard's people, their one-time links and the team's history; built once the database is open. */
  people(now: () => number): () => Promise<People> {
    let people: Promise<People> | undefined;
    return () => (people ??= this.database().then((database) => new People(database.db, now)));
  }

  /** People's second factors and the owners' requirement; built once the database is open. */
  secondFactors(now: () => number): () => Promise<SecondFactors> {
    let factors: Promise<SecondFactors> | undefined;
    return () => (factors ??= this.database().then((database) => new SecondFactors(database.db, now)));
  }

  /** The store team's saved replies; built once the database is open. */
  savedReplies(now: () => number): () => Promise<SavedReplies> {
    let replies: Promise<SavedReplies> | undefined;
    return () => (replies ??= this.database().then((database) => new SavedReplies(database.db, now)));
  }

  /** The tags on conversations, publishing their changes to the live stream; built once the database is open. */
  tags(now: () => number, publish: { history: PublishHistory; tags: PublishTags }): () => Promise<TagStore> {
    let store: Promise<TagStore> | undefined;
    return () => (store ??= this.database().then((database) => new TagStore(database.db, now, publish)));
  }

  /** Snoozed conversations, publishing their changes and wakes to the live stream; built once the database is open. */
  snoozes(
    now: () => number,
    publish: { history: PublishHistory; snooze: PublishSnooze },
    facts: WakeFacts,
  ): () => Promise<SnoozeStore> {
    let store: Promise<SnoozeStore> | undefined;
    return () =>
      (store ??= this.database().then((database) => new SnoozeStore(database.db, now, publish, facts)));
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
