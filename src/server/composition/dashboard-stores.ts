import type { Logger } from '../log/logger.ts';
import type { EventLog } from '../live/event-log.ts';
import type { ReadModelStore } from '../inbox/read-model-store.ts';
import { ConversationHistory, type PublishHistory } from '../history/conversation-history.ts';
import { Retention } from '../history/retention.ts';
import { ConfigVersions } from '../kept-copies/config-versions.ts';
import { KnowledgeTexts } from '../kept-copies/knowledge-texts.ts';
import { Integrations } from '../integrations/integrations.ts';
import { TeamAvailability } from '../assignment/team-availability.ts';
import { Notes } from '../notes/notes.ts';
import { TagStore } from '../tags/tag-store.ts';
import { SnoozeStore, type PublishSnooze } from '../snooze/snooze-store.ts';
import { SavedReplies } from '../saved-replies/saved-replies.ts';
import { SecondFactors } from '../users/second-factor.ts';
import { SnoozeWaker } from '../snooze/snooze-waker.ts';
import type { DashboardDatabase } from './dashboard-database.ts';
import type { DashboardRecords } from './record-answers.ts';

/**
 * The team's records in the dashboard's database (history, notes, tags, snoozes, saved replies, the
 * team's availability, kept copies), each telling every dashboard through the event log what changed.
 * Each store is read once the database is open; a route that needs one answers 503 until then.
 */
export function dashboardStores(
  database: DashboardDatabase,
  log: EventLog,
  readModel: ReadModelStore,
  now: () => number,
  logger: Logger,
) {
  const publishHistory: PublishHistory = async (entries) => {
    if (entries.length > 0) await log.append('history', { entries });
  };
  const publishSnooze: PublishSnooze = async (event) => {
    await log.append('snooze', event);
  };
  const history = database.store(
    (db) =>
      new ConversationHistory(db, publishHistory, (conversationIds) =>
        publishSnooze({ conversation_ids: conversationIds }),
      ),
  );
  const records: DashboardRecords = {
    history,
    configVersions: database.store((db) => new ConfigVersions(db, now)),
    knowledgeTexts: database.store((db) => new KnowledgeTexts(db, now)),
    integrations: database.store((db) => new Integrations(db, now)),
  };
  const team = database.store((db) => new TeamAvailability(db, now));
  /** Every dashboard re-reads the team's availability when someone's changes. */
  const announceAvailability = async (userIds: string[]) => {
    if (userIds.length > 0) await log.append('availability', { user_ids: userIds });
  };
  // The reading replica tells when someone's last dashboard has been closed for long enough to count
  // as away; it looks at what lapsed since it last looked (from its first step on).
  let lapsesCheckedTo: number | undefined;
  const announceLapses = async () => {
    const to = now();
    const from = lapsesCheckedTo ?? to;
    lapsesCheckedTo = to;
    await announceAvailability(await (await team()).lapsedBetween(from, to));
  };
  const notes = database.store(
    (db) =>
      new Notes(db, now, history, async (event) => {
        await log.append('note', event);
      }),
  );
  const tags = database.store(
    (db) =>
      new TagStore(db, now, {
        history: publishHistory,
        tags: async (conversationIds) => {
          await log.append('tags', { conversation_ids: conversationIds });
        },
      }),
  );
  // A wake tells the assignee (else who snoozed it), naming the shopper as the inbox's model knows them.
  const wakeFacts = async (id: string) => {
    const record = await readModel.get(id);
    return (
      record && {
        assignedTo: record.conversation.assigned_to,
        displayName: record.conversation.display_name,
      }
    );
  };
  const snoozes = database.store(
    (db) => new SnoozeStore(db, now, { history: publishHistory, snooze: publishSnooze }, wakeFacts),
  );
  return {
    history,
    retention: database.store((db) => new Retention(db, now)),
    records,
    team,
    announceAvailability,
    announceLapses,
    notes,
    tags,
    snoozes,
    snoozeWaker: new SnoozeWaker(snoozes, logger),
    savedReplies: database.store((db) => new SavedReplies(db, now)),
    secondFactors: database.store((db) => new SecondFactors(db, now)),
  };
}

export type DashboardStores = ReturnType<typeof dashboardStores>;
