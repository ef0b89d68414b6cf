import type { Logger } from '../log/logger.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import { ReadOnlyStoreClient } from '../store-api/read-only-store-client.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { LiveHub, type LiveHubOptions } from '../live/live-hub.ts';
import { EVENT_BUFFER_SIZE, MemoryEventLog } from '../live/event-log.ts';
import { MemoryPresenceStore } from '../live/presence.ts';
import { InboxService } from '../inbox/inbox-service.ts';
import { MemoryReadModelStore, type ReadModelStore } from '../inbox/read-model-store.ts';
import { MemoryInboxSettingsStore, MemoryOpenedMarkerStore } from '../inbox/opened-markers.ts';
import { applyWrittenConversation } from '../inbox/written-conversations.ts';
import { StoreFeed } from '../feed/store-feed.ts';
import { LocalFeedLease } from '../feed/feed-lease.ts';
import { DEFAULT_FEED_TIMING, type FeedTiming } from '../feed/pacing.ts';
import type { AutoAssigner } from '../assignment/auto-assigner.ts';
import type { IntegrationRefresh } from '../integrations/integration-refresh.ts';
import type { ReportFigures } from '../reports/report-figures.ts';
import type { Notes } from '../notes/notes.ts';
import type { TagStore } from '../tags/tag-store.ts';
import type { SnoozeStore } from '../snooze/snooze-store.ts';
import type { LiveEvent } from '../../schemas/live.ts';
import type { DashboardDatabase } from './dashboard-database.ts';
import { historyRecorder } from './history-recorder.ts';
import type { DashboardRecords } from './record-answers.ts';
import type { SharedState } from './shared-state.ts';

export interface LiveStateDeps {
  logger: Logger;
  now: () => number;
  shared: SharedState;
  /** The dashboard's database; without one (some tests) nothing is recorded and the stores answer 503. */
  database: DashboardDatabase;
  hasDatabase: boolean;
  live?: { options?: Partial<LiveHubOptions>; feedTiming?: Partial<FeedTiming>; random?: () => number };
}

/**
 * What every part publishes into and the inbox reads from, built before the parts: the event log and
 * presence, the inbox's model and the feed's checkpoint, the feed's timing, and how a conversation
 * written through the BFF is applied to the model at once.
 */
export function liveState(deps: LiveStateDeps) {
  const shared = deps.shared.live(deps.now);
  const log = shared.log ?? new MemoryEventLog(EVENT_BUFFER_SIZE, deps.now);
  // One process keeps the inbox's model and the feed's checkpoint in its database, so that a restart
  // resumes where it stopped; replicas share theirs in Redis.
  const databaseModel =
    deps.hasDatabase && deps.shared.kind === 'memory' ? deps.database.inboxModel(deps.logger) : undefined;
  const readModel: ReadModelStore = databaseModel ?? shared.readModel ?? new MemoryReadModelStore();
  return {
    shared,
    log,
    presence: shared.presence ?? new MemoryPresenceStore(),
    readModel,
    checkpoint: databaseModel ?? shared.checkpoint,
    timing: { ...DEFAULT_FEED_TIMING, ...deps.live?.feedTiming },
    // The store's answer to a write is the inbox's at once, so no dashboard sees the row as it was before.
    conversationWritten: applyWrittenConversation(readModel, log, deps.logger),
  };
}

export type LiveState = ReturnType<typeof liveState>;

/** What the store's reading takes from the parts' faces. */
export interface ReadingParts {
  records: DashboardRecords;
  notes: () => Promise<Notes>;
  tags: () => Promise<TagStore>;
  snoozes: () => Promise<SnoozeStore>;
  figures: () => Promise<ReportFigures>;
  assigner: AutoAssigner;
  integrationRefresh: IntegrationRefresh;
  announceLapses: () => Promise<void>;
  dashboardsOpen: (userIds: string[]) => Promise<void>;
  freshenReplay: (events: LiveEvent[]) => Promise<LiveEvent[]>;
}

export interface StoreReadingDeps extends LiveStateDeps {
  upstream: UpstreamClient;
  keys: KeyProvider;
  sessions: SessionStore;
  directory: UserDirectory;
  storeTimeZone: string;
  state: LiveState;
  parts: ReadingParts;
}

/**
 * One reader of the store for every dashboard: the service that answers the inbox from its model, the
 * store feed that keeps it (run by the replica holding the lease, while someone watches), the live hub
 * that streams it, and what the feed runs after each step (automatic assignment, the integrations'
 * refresh, the team's lapses).
 */
export function storeReading(deps: StoreReadingDeps) {
  const { logger, now, parts } = deps;
  const { shared, log, presence, readModel, checkpoint } = deps.state;
  const recorded = deps.hasDatabase;

  // The inbox's own reads while the model is not ready: apart from the feed's, which paces its count.
  const storeClient = new ReadOnlyStoreClient(deps.upstream, deps.keys, logger);
  const inbox = new InboxService(
    readModel,
    shared.openedMarkers ?? new MemoryOpenedMarkerStore(),
    shared.inboxSettings ?? new MemoryInboxSettingsStore(),
    now,
    {
      isCurrent: () => feed.isCurrent(),
      readApi: (target) => storeClient.get(target),
      ...(recorded
        ? {
            readTags: async () => (await parts.tags()).index(),
            readNoteCounts: async (ids) => (await parts.notes()).countsFor(ids),
            readSnoozes: async () => (await parts.snoozes()).byConversation(),
            readReportIds: async (filter) =>
              (await parts.figures()).conversationIds(filter, deps.storeTimeZone),
          }
        : {}),
    },
  );
  const feed = new StoreFeed({
    upstream: deps.upstream,
    keys: deps.keys,
    log,
    presence,
    lease: shared.lease ?? new LocalFeedLease(),
    ...(checkpoint ? { checkpoint } : {}),
    readModel,
    logger,
    now,
    ...(deps.live?.random ? { random: deps.live.random } : {}),
    ...(deps.live?.feedTiming ? { timing: deps.live.feedTiming } : {}),
    ...(recorded
      ? {
          recorder: historyRecorder(parts.records, parts.snoozes, logger),
          archive: {
            toRead: async (limit) => (await parts.records.history()).transcriptsToRead(limit),
            read: async (id, transcript) => (await parts.records.history()).transcriptRead(id, transcript),
          },
          afterStep: async (budget) => {
            await parts.announceLapses();
            const assigned = await parts.assigner.step(budget);
            const refreshed = await parts.integrationRefresh.step(assigned.budget ?? budget);
            return {
              requests: assigned.requests + refreshed.requests,
              budget: refreshed.budget ?? assigned.budget,
            };
          },
        }
      : {}),
  });
  const hub = new LiveHub({
    log,
    presence,
    reader: feed,
    mayWatch: (id) => inbox.mayWatch(id),
    sessions: deps.sessions,
    directory: deps.directory,
    logger,
    now,
    ...(shared.streamSlots ? { streamSlots: shared.streamSlots } : {}),
    ...(deps.live?.options ? { options: deps.live.options } : {}),
    ...(recorded
      ? {
          freshenReplay: parts.freshenReplay,
          onDashboardsOpen: (userIds) =>
            void parts
              .dashboardsOpen(userIds)
              .catch((error: unknown) =>
                logger.warn({ err_message: (error as Error).message }, 'noting open dashboards failed'),
              ),
        }
      : {}),
  });
  return { inbox, feed, hub };
}
