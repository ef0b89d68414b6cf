import type { Logger } from '../log/logger.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import { ReadOnlyStoreClient } from '../store-api/read-only-store-client.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { ConversationLocks } from '../proxy/conversation-locks.ts';
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
import { AutoAssigner } from '../assignment/auto-assigner.ts';
import { IntegrationRefresh } from '../integrations/integration-refresh.ts';
import { ReportFigures } from '../reports/report-figures.ts';
import { freshenNoteEvents } from '../notes/note-replay.ts';
import type { DashboardDatabase } from './dashboard-database.ts';
import { dashboardStores } from './dashboard-stores.ts';
import { historyRecorder } from './history-recorder.ts';
import type { SharedState } from './shared-state.ts';

export interface StoreReadingDeps {
  upstream: UpstreamClient;
  keys: KeyProvider;
  sessions: SessionStore;
  directory: UserDirectory;
  logger: Logger;
  now: () => number;
  shared: SharedState;
  conversationLocks: ConversationLocks;
  /** The dashboard's database; without one (some tests) nothing is recorded and the stores answer 503. */
  database: DashboardDatabase;
  hasDatabase: boolean;
  storeTimeZone: string;
  live?: { options?: Partial<LiveHubOptions>; feedTiming?: Partial<FeedTiming>; random?: () => number };
}

/**
 * One reader of the store for every dashboard: the event log and presence, the inbox's model and the
 * service that answers from it, the store feed that keeps it (run by the replica holding the lease, while
 * someone watches), the live hub that streams it, and what the feed runs after each step (automatic
 * assignment, the integrations' refresh, the team's lapses).
 */
export function storeReading(deps: StoreReadingDeps) {
  const { logger, now } = deps;
  const shared = deps.shared.live(now);
  const log = shared.log ?? new MemoryEventLog(EVENT_BUFFER_SIZE, now);
  const presence = shared.presence ?? new MemoryPresenceStore();
  // One process keeps the inbox's model and the feed's checkpoint in its database, so that a restart
  // resumes where it stopped; replicas share theirs in Redis.
  const databaseModel =
    deps.hasDatabase && deps.shared.kind === 'memory' ? deps.database.inboxModel(logger) : undefined;
  const readModel: ReadModelStore = databaseModel ?? shared.readModel ?? new MemoryReadModelStore();
  const checkpoint = databaseModel ?? shared.checkpoint;
  const stores = dashboardStores(deps.database, log, readModel, now, logger);
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
            readTags: async () => (await stores.tags()).index(),
            readNoteCounts: async (ids) => (await stores.notes()).countsFor(ids),
            readSnoozes: async () => (await stores.snoozes()).byConversation(),
            readReportIds: async (filter) =>
              new ReportFigures((await deps.database.database()).db).conversationIds(
                filter,
                deps.storeTimeZone,
              ),
          }
        : {}),
    },
  );
  const timing = { ...DEFAULT_FEED_TIMING, ...deps.live?.feedTiming };
  // The store's answer to a write is the inbox's at once, so no dashboard sees the row as it was before.
  const conversationWritten = applyWrittenConversation(readModel, log, logger);
  const assigner = new AutoAssigner({
    upstream: deps.upstream,
    keys: deps.keys,
    readModel,
    locks: deps.conversationLocks,
    directory: deps.directory,
    team: stores.team,
    history: stores.history,
    logger,
    now,
    reserveShare: timing.reserveShare,
    ...(recorded ? { snoozes: async () => (await stores.snoozes()).byConversation() } : {}),
    conversationWritten,
  });
  const integrationRefresh = new IntegrationRefresh({
    integrations: stores.records.integrations,
    upstream: deps.upstream,
    keys: deps.keys,
    logger,
    timing,
    refreshed: async () => {
      await log.append('integrations', {});
    },
  });
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
          recorder: historyRecorder(stores.records, stores.snoozes, logger),
          archive: {
            toRead: async (limit) => (await stores.history()).transcriptsToRead(limit),
            read: async (id, transcript) => (await stores.history()).transcriptRead(id, transcript),
          },
          afterStep: async (budget) => {
            await stores.announceLapses();
            const assigned = await assigner.step(budget);
            const refreshed = await integrationRefresh.step(assigned.budget ?? budget);
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
          freshenReplay: freshenNoteEvents(stores.notes),
          onDashboardsOpen: (userIds) =>
            void stores
              .team()
              .then((team) => team.seen(userIds))
              .then(stores.announceAvailability)
              .catch((error: unknown) =>
                logger.warn({ err_message: (error as Error).message }, 'noting open dashboards failed'),
              ),
        }
      : {}),
  });
  return { log, stores, inbox, feed, hub, assigner, conversationWritten };
}

export type StoreReading = ReturnType<typeof storeReading>;
