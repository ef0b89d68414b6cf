import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import {
  DEFAULT_LOGIN_LIMITS,
  memoryLoginThrottle,
  redisLoginThrottle,
  type LoginLimits,
} from './auth/login-throttle.ts';
import { sessionRoutes } from './auth/session-routes.ts';
import { memoryKnownGroups, redisKnownGroups } from './auth/known-groups.ts';
import { hasLiveSession, requireSession } from './auth/require-session.ts';
import { WorkLimiter } from './auth/work-limiter.ts';
import type { Config } from './config/config.ts';
import type { AppEnv } from './http/app-env.ts';
import { declaredLengthLimit, limitBody } from './http/body-limit.ts';
import { clientAddress } from './http/client-address.ts';
import { csrfGuard } from './http/csrf.ts';
import { errorResponse, notFound } from './http/errors.ts';
import { SESSION_STORE_UNAVAILABLE } from '../schemas/bff.ts';
import { createReadinessProbe, readinessAnswer } from './store-api/health.ts';
import { CSP_REPORT_PATH, cspReportHandlers } from './http/csp-report.ts';
import { hostGuard } from './http/host-guard.ts';
import { securityEvent } from './http/security-events.ts';
import { isClientAbort } from './http/client-abort.ts';
import type { Logger } from './log/logger.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { jsonCompression } from './http/json-compression.ts';
import {
  DEFAULT_WRITE_BUDGETS,
  WriteBudgetSpentError,
  writeBudgets,
  type WriteBudgetLimits,
} from './http/write-budgets.ts';
import { staticFiles } from './http/static-files.ts';
import { LiveHub, type LiveHubOptions } from './live/live-hub.ts';
import { inboxRoutes } from './inbox/inbox-routes.ts';
import { liveRoutes } from './live/live-routes.ts';
import type { FeedTiming } from './feed/pacing.ts';
import type { KeyProvider } from './store-api/key-provider.ts';
import {
  apiBudget,
  DEFAULT_API_BUDGET,
  StoreBudgetSpentError,
  storeCharge,
  type ApiBudgetLimits,
} from './proxy/api-budget.ts';
import { proxyHandler } from './proxy/proxy-handler.ts';
import type { UpstreamClient } from './store-api/upstream-client.ts';
import { memorySharedState, type SharedState } from './composition/shared-state.ts';
import { DashboardDatabase } from './composition/dashboard-database.ts';
import { DatabaseUnavailableError, driverErrorSummary, loggableMessage } from './db/database.ts';
import { historyRecorder } from './composition/history-recorder.ts';
import { historyRoutes } from './history/history-routes.ts';
import type { PublishHistory } from './history/conversation-history.ts';
import { tagRoutes } from './tags/tag-routes.ts';
import { snoozeRoutes } from './snooze/snooze-routes.ts';
import type { PublishSnooze } from './snooze/snooze-store.ts';
import { SnoozeWaker } from './snooze/snooze-waker.ts';
import { keptCopiesRoutes } from './kept-copies/kept-copies-routes.ts';
import { noteRoutes } from './notes/note-routes.ts';
import { freshenNoteEvents } from './notes/note-replay.ts';
import { recordRelayedAnswers, type DashboardRecords } from './composition/record-answers.ts';
import { ReportFigures } from './reports/report-figures.ts';
import { reportRoutes } from './reports/report-routes.ts';
import { integrationRoutes } from './integrations/integration-routes.ts';
import { IntegrationRefresh } from './integrations/integration-refresh.ts';
import { DATABASE_UNAVAILABLE } from '../schemas/data-settings.ts';
import { assignmentRoutes } from './assignment/assignment-routes.ts';
import { AutoAssigner } from './assignment/auto-assigner.ts';
import { afterRelayed } from './assignment/reply-assigns.ts';
import { savedRepliesRoutes } from './saved-replies/saved-replies-routes.ts';
import { DEFAULT_FEED_TIMING } from './feed/pacing.ts';
import { SharedStateUnavailableError } from './redis/connection.ts';
import type { UserDirectory } from './users/directory.ts';
import { PeopleDirectory } from './users/people-directory.ts';
import { teamRoutes } from './team/team-routes.ts';
import { linkRoutes } from './team/link-routes.ts';
import type { SendLinkMail } from './team/link-mail.ts';
import { secondFactorRoutes } from './auth/second-factor-routes.ts';
import { OWASP_SCRYPT_PARAMS, type ScryptParams } from './users/password.ts';

/** The part of Config the app itself reads (the rest is for start-up: ports, mode, build). */
export type AppConfig = Pick<Config, 'publicOrigin' | 'secure' | 'sessionIdleMs' | 'sessionAbsoluteMs'> &
  Partial<Pick<Config, 'trustedProxyHops' | 'healthToken'>>;

/** Everything with state or I/O is injected: tests swap the clock, the upstream, the users and the log sink. */
export interface AppDeps {
  logger: Logger;
  upstream: UpstreamClient;
  keys: KeyProvider;
  directory: UserDirectory;
  /** Keys the session map (HMAC); SESSION_SECRET in real mode, random per start in demo mode. */
  sessionSecret: string;
  /** Directory with the Vite build (index.html, assets/). */
  distDir: string;
  now?: () => number;
  clientAddress?: (c: Context<AppEnv>) => string;
  passwordParams?: ScryptParams;
  loginLimits?: LoginLimits;
  /** Cap of the in-memory sign-in throttle's keys (no Redis); beyond, new clients are refused, nothing is forgotten. */
  loginThrottleMaxKeys?: number;
  /** Concurrent password checks (each holds ~128 MiB at OWASP cost), how many may wait, and per client address. */
  hashConcurrency?: { running: number; queued: number; queuedPerAddress?: number };
  /** Sessions one person may hold; a new one beyond it ends their oldest (default 10). */
  sessionsPerUser?: number;
  /** Each session's and user's share of the upstream budget on /api. */
  apiBudget?: ApiBudgetLimits;
  /** Each person's budgets for the dashboard's own writes (notes, tags, snoozes, saved replies). */
  writeBudgets?: WriteBudgetLimits;
  /** The live hub's caps and intervals, and the store feed's cadence (tests shorten them). */
  live?: { options?: Partial<LiveHubOptions>; feedTiming?: Partial<FeedTiming>; random?: () => number };
  /** Sessions and the live feed's state: in memory by default, Redis when the runtime picks it. */
  shared?: SharedState;
  /**
   * The dashboard's own database (history, copies, settings). Without one (some tests) nothing is
   * recorded and its routes answer 503 database_unavailable.
   */
  database?: DashboardDatabase;
  /** Mails invitation and reset links (SMTP_URL); without it they are only shown to the owner. */
  mailLink?: SendLinkMail;
  /** The store's IANA time zone, where the reports' days start (the Commerce API does not say). UTC if unset. */
  storeTimeZone?: string;
}

export function createApp(config: AppConfig, deps: AppDeps) {
  const now = deps.now ?? Date.now;
  const shared = deps.shared ?? memorySharedState();
  const sessions = shared.sessions({
    secret: deps.sessionSecret,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    now,
    ...(deps.sessionsPerUser ? { maxPerUser: deps.sessionsPerUser } : {}),
    onExpired: (session, reason) =>
      securityEvent(deps.logger, undefined, 'auth.session_expired', { user_id: session.userId, reason }),
  });
  const loginLimits = deps.loginLimits ?? DEFAULT_LOGIN_LIMITS;
  // The sign-in throttle shares the replicas' Redis when there is one.
  const throttle = shared.redis
    ? redisLoginThrottle(shared.redis.client, loginLimits, undefined, shared.redis.key)
    : memoryLoginThrottle(loginLimits, deps.loginThrottleMaxKeys);
  const hashLimiter = new WorkLimiter({
    maxConcurrent: deps.hashConcurrency?.running ?? 2,
    maxQueued: deps.hashConcurrency?.queued ?? 32,
    ...(deps.hashConcurrency?.queuedPerAddress
      ? { maxQueuedPerKey: deps.hashConcurrency.queuedPerAddress }
      : {}),
  });
  const database =
    deps.database ?? new DashboardDatabase(Promise.reject(new Error('no database configured')));
  const readiness = createReadinessProbe(deps.upstream, deps.keys, now, deps.logger, 2000, async () => {
    const health = shared.health();
    if (!health.ok) return { ready: false, reason: health.reason };
    const stored = deps.database ? await deps.database.health() : { ok: true as const };
    return stored.ok ? { ready: true } : { ready: false, reason: stored.reason };
  });
  // The team is managed where the people are: in the database, through its directory.
  const peopleDirectory = deps.directory instanceof PeopleDirectory ? deps.directory : undefined;
  const addressOf = deps.clientAddress ?? clientAddress(config.trustedProxyHops ?? 0);

  // Entries recorded now reach every dashboard (the hub is created below; the history is used later).
  const publishHistory: PublishHistory = async (entries) => {
    if (entries.length > 0) await hub.log.append('history', { entries });
  };
  const publishSnooze: PublishSnooze = async (event) => {
    await hub.log.append('snooze', event);
  };
  const history = database.history(publishHistory, (conversationIds) =>
    publishSnooze({ conversation_ids: conversationIds }),
  );
  const retention = database.retention(now);
  const records: DashboardRecords = {
    history,
    configVersions: database.configVersions(now),
    knowledgeTexts: database.knowledgeTexts(now),
    integrations: database.integrations(now),
  };
  const team = database.team(now);
  /** Every dashboard re-reads the team's availability when someone's changes. */
  const announceAvailability = async (userIds: string[]) => {
    if (userIds.length > 0) await hub.log.append('availability', { user_ids: userIds });
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
  const notes = database.notes(now, history, async (event) => {
    await hub.log.append('note', event);
  });
  const tags = database.tags(now, {
    history: publishHistory,
    tags: async (conversationIds) => {
      await hub.log.append('tags', { conversation_ids: conversationIds });
    },
  });
  // A wake tells the assignee (else who snoozed it), naming the shopper as the read model knows them.
  const snoozes = database.snoozes(now, { history: publishHistory, snooze: publishSnooze }, async (id) => {
    const record = await hub.readModel.get(id);
    return (
      record && {
        assignedTo: record.conversation.assigned_to,
        displayName: record.conversation.display_name,
      }
    );
  });
  const snoozeWaker = new SnoozeWaker(snoozes, deps.logger);
  const conversationLocks = shared.conversationLocks();
  // One process keeps the inbox's model and the feed's checkpoint in its database, so that a restart
  // resumes where it stopped; replicas share theirs in Redis.
  const keptModel =
    deps.database && shared.kind === 'memory' ? deps.database.inboxModel(deps.logger) : undefined;
  const hub: LiveHub = new LiveHub({
    upstream: deps.upstream,
    keys: deps.keys,
    sessions,
    directory: deps.directory,
    logger: deps.logger,
    now,
    ...shared.live(now),
    ...(keptModel ? { readModel: keptModel, checkpoint: keptModel } : {}),
    ...(deps.database
      ? {
          recorder: historyRecorder(records, snoozes, deps.logger),
          archive: {
            toRead: async (limit) => (await history()).transcriptsToRead(limit),
            read: async (id, transcript) => (await history()).transcriptRead(id, transcript),
          },
          afterFeedStep: async (budget) => {
            await announceLapses();
            const assigned = await assigner.step(budget);
            const refreshed = await integrationRefresh.step(assigned.budget ?? budget);
            return {
              requests: assigned.requests + refreshed.requests,
              budget: refreshed.budget ?? assigned.budget,
            };
          },
          readTags: async () => (await tags()).index(),
          readNoteCounts: async (ids) => (await notes()).countsFor(ids),
          readSnoozes: async () => (await snoozes()).byConversation(),
          readReportIds: async (filter) =>
            new ReportFigures((await database.database()).db).conversationIds(
              filter,
              deps.storeTimeZone ?? 'UTC',
            ),
          freshenReplay: freshenNoteEvents(notes),
          onDashboardsOpen: (userIds) =>
            void team()
              .then((t) => t.seen(userIds))
              .then(announceAvailability)
              .catch((error: unknown) =>
                deps.logger.warn({ err_message: (error as Error).message }, 'noting open dashboards failed'),
              ),
        }
      : {}),
    ...deps.live,
  });
  const assigner = new AutoAssigner({
    upstream: deps.upstream,
    keys: deps.keys,
    readModel: hub.readModel,
    locks: conversationLocks,
    directory: deps.directory,
    team,
    history,
    logger: deps.logger,
    now,
    reserveShare: deps.live?.feedTiming?.reserveShare ?? DEFAULT_FEED_TIMING.reserveShare,
    ...(deps.database ? { snoozes: async () => (await snoozes()).byConversation() } : {}),
  });
  const integrationRefresh = new IntegrationRefresh({
    integrations: records.integrations,
    upstream: deps.upstream,
    keys: deps.keys,
    logger: deps.logger,
    timing: { ...DEFAULT_FEED_TIMING, ...deps.live?.feedTiming },
    refreshed: async () => {
      await hub.log.append('integrations', {});
    },
  });
  // A changed password or role in the users file ends that person's sessions on every replica.
  deps.directory.onUsersChanged?.((emails) => {
    void Promise.all(
      emails.map(async (email) => {
        const ended = await sessions.destroyAllOf(email);
        if (ended > 0)
          securityEvent(deps.logger, undefined, 'auth.session_revoked', {
            email,
            reason: 'credentials_changed',
            sessions: ended,
          });
      }),
    ).catch((error: unknown) =>
      deps.logger.error({ err_message: (error as Error).message }, "ending changed users' sessions failed"),
    );
  });

  const app = new Hono<AppEnv>();
  app.use(requestLog(deps.logger));
  app.use(securityHeaders({ secure: config.secure }));
  app.use(hostGuard(config.publicOrigin, deps.logger));
  app.use(declaredLengthLimit());

  app.get('/healthz', (c) => {
    c.set('route', '/healthz');
    return c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' });
  });
  app.get('/readyz', async (c) => {
    c.set('route', '/readyz');
    return readinessAnswer(await readiness(), c, addressOf(c), config.healthToken);
  });
  app.post(
    CSP_REPORT_PATH,
    ...cspReportHandlers({
      logger: deps.logger,
      now,
      publicOrigin: config.publicOrigin,
      clientAddress: addressOf,
    }),
  );

  // JSON answers are compressed when large enough; SSE and other streams pass through untouched.
  app.use('/bff/*', jsonCompression());
  app.use('/api/*', jsonCompression());
  const csrf = csrfGuard(config.publicOrigin, deps.logger);
  app.use('/bff/*', csrf);
  // While the database opens at start, a sign-in or a session check waits for the people (a few seconds
  // at most) rather than being refused; beyond, the directory answers 503 database_unavailable.
  let peopleRead = peopleDirectory === undefined;
  void peopleDirectory?.read.then(() => (peopleRead = true));
  const waitForPeople: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!peopleRead) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        peopleDirectory?.read,
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
      ]);
      clearTimeout(timer);
    }
    await next();
  };
  app.use('/bff/*', waitForPeople);
  app.use('/api/*', waitForPeople);
  // One budget per person for the store requests made on their behalf, through /api or the BFF's routes.
  const apiLimits = deps.apiBudget ?? DEFAULT_API_BUDGET;
  const budgets = shared.budgets();
  app.use('/bff/*', storeCharge(apiLimits, now, deps.logger, budgets));
  app.use('/bff/*', writeBudgets(deps.writeBudgets ?? DEFAULT_WRITE_BUDGETS, now, deps.logger, budgets));
  app.route('/bff', liveRoutes({ hub, sessions, directory: deps.directory, secure: config.secure }));
  app.route(
    '/bff',
    inboxRoutes({
      inbox: hub.inbox,
      // While the database is down the open still counts; the woken mark waits for the next open.
      ...(deps.database
        ? {
            opened: (id) =>
              snoozes()
                .then((store) => store.dismissWoken(id))
                .catch((error: unknown) => {
                  if (!(error instanceof DatabaseUnavailableError)) throw error;
                }),
          }
        : {}),
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    noteRoutes({
      notes,
      conversationExists: (id, charge) => hub.inbox.conversationExists(id, charge),
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    historyRoutes({ history, retention, sessions, directory: deps.directory, secure: config.secure }),
  );
  app.route(
    '/bff',
    keptCopiesRoutes({ ...records, sessions, directory: deps.directory, secure: config.secure }),
  );
  app.route(
    '/bff',
    integrationRoutes({
      integrations: records.integrations,
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    reportRoutes({
      figures: async () => new ReportFigures((await database.database()).db),
      coverage: () => hub.inbox.coverage(),
      timeZone: deps.storeTimeZone ?? 'UTC',
      now,
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    assignmentRoutes({
      team,
      assigner,
      announce: announceAvailability,
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    savedRepliesRoutes({
      savedReplies: database.savedReplies(now),
      changed: async () => {
        await hub.log.append('saved_replies', {});
      },
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    tagRoutes({
      tags,
      knownConversation: (id) => hub.inbox.mayWatch(id),
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  app.route(
    '/bff',
    snoozeRoutes({
      snoozes,
      lookUp: (id, charge) => hub.inbox.lookUp(id, charge),
      now,
      sessions,
      directory: deps.directory,
      secure: config.secure,
    }),
  );
  const teamDeps = {
    people: () =>
      peopleDirectory?.people() ??
      Promise.reject(new DatabaseUnavailableError(new Error('the people are not kept in the database'))),
    refresh: async () => peopleDirectory?.refresh(),
    sessions,
    directory: deps.directory,
    secure: config.secure,
    logger: deps.logger,
  };
  app.route(
    '/bff',
    teamRoutes({
      ...teamDeps,
      publicOrigin: config.publicOrigin,
      ...(deps.mailLink ? { mailLink: deps.mailLink } : {}),
    }),
  );
  app.route(
    '/bff',
    linkRoutes({
      ...teamDeps,
      secret: deps.sessionSecret,
      throttle,
      hashLimiter,
      passwordParams: deps.passwordParams ?? OWASP_SCRYPT_PARAMS,
      clientAddress: addressOf,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
      onSessionEnd: (token) => hub.endSession(token),
    }),
  );
  app.route(
    '/bff',
    secondFactorRoutes({
      ...teamDeps,
      secondFactors: database.secondFactors(now),
      throttle,
      secret: deps.sessionSecret,
      now,
      clientAddress: addressOf,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
      onSessionEnd: (token) => hub.endSession(token),
    }),
  );
  app.route(
    '/bff',
    sessionRoutes({
      sessions,
      directory: deps.directory,
      throttle,
      hashLimiter,
      knownGroups: shared.redis
        ? redisKnownGroups(shared.redis.client, shared.redis.key)
        : memoryKnownGroups(now),
      secret: deps.sessionSecret,
      now,
      passwordParams: deps.passwordParams ?? OWASP_SCRYPT_PARAMS,
      clientAddress: addressOf,
      secure: config.secure,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
      logger: deps.logger,
      onSessionEnd: (token) => hub.endSession(token),
    }),
  );

  app.use('/api/*', async (c, next) => {
    c.set('route', '/api/*');
    await next();
  });
  app.use('/api/*', csrf);
  app.use(
    '/api/*',
    requireSession({ sessions, directory: deps.directory, secure: config.secure, logger: deps.logger }),
  );
  app.use('/api/*', apiBudget(apiLimits, now, deps.logger, budgets));
  app.use('/api/*', limitBody());
  app.all(
    '/api/*',
    proxyHandler({
      upstream: deps.upstream,
      keys: deps.keys,
      logger: deps.logger,
      ...(deps.database
        ? { afterAnswer: afterRelayed(recordRelayedAnswers(records, deps.logger), assigner, deps.logger) }
        : {}),
      conversationLocks,
    }),
  );

  const sessionDeps = { sessions, directory: deps.directory, secure: config.secure };
  app.all(
    '*',
    staticFiles(deps.distDir, { signedIn: (c) => hasLiveSession(sessionDeps, c.req.header('cookie')) }),
  );
  app.notFound(() => notFound());
  app.onError((error, c) => {
    if (error instanceof SharedStateUnavailableError) {
      // Never a crash and never a silent fallback to this process's memory: say so, the SPA retries.
      deps.logger.warn({ req_id: c.get('requestId'), route: c.get('route') }, 'shared state unavailable');
      return errorResponse(
        503,
        SESSION_STORE_UNAVAILABLE,
        'The dashboard server cannot reach its session store right now. Try again in a moment.',
        {},
        { 'retry-after': '5' },
      );
    }
    if (error instanceof DatabaseUnavailableError) {
      // The store's own data is still served (the proxy needs no database); only the team's records wait.
      deps.logger.warn(
        {
          req_id: c.get('requestId'),
          route: c.get('route'),
          err_message: driverErrorSummary(error).message,
        },
        'database unavailable',
      );
      return errorResponse(
        503,
        DATABASE_UNAVAILABLE,
        "The dashboard's database cannot be reached right now. Try again in a moment.",
        {},
        { 'retry-after': '5' },
      );
    }
    if (error instanceof WriteBudgetSpentError) {
      const wait = String(error.retryAfterSeconds);
      return errorResponse(
        429,
        'rate_limited',
        `You have written too many ${error.what} in the last minute. Nothing was saved: try again in ${wait} seconds.`,
        {},
        { 'retry-after': wait },
      );
    }
    if (error instanceof StoreBudgetSpentError) {
      const wait = String(error.retryAfterSeconds);
      return errorResponse(
        429,
        'rate_limited',
        `Your account has used its share of requests to the store for now. Try again in ${wait} seconds.`,
        {},
        { 'retry-after': wait },
      );
    }
    if (isClientAbort(error, c)) {
      // The client went away mid-request (an aborted upload): its doing, not a server fault.
      deps.logger.info(
        { req_id: c.get('requestId'), route: c.get('route') },
        'request aborted by the client',
      );
      return errorResponse(400, 'request_aborted', 'The request was aborted before it was fully received.');
    }
    // The message may come from anywhere: log its name and message only, never request data.
    deps.logger.error(
      { req_id: c.get('requestId'), err_name: error.name, err_message: loggableMessage(error) },
      'unhandled error',
    );
    return errorResponse(500, 'internal_error', 'Something went wrong in the dashboard server. Try again.');
  });
  // The live hub has timers and streams, and the snooze waker a timer once started: whoever runs the app
  // starts the waker when the database is open, and stops both at shutdown.
  return Object.assign(app, { liveHub: hub, assigner, snoozeWaker });
}

export type App = ReturnType<typeof createApp>;
