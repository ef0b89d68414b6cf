import type { Context } from 'hono';
import {
  DEFAULT_LOGIN_LIMITS,
  memoryLoginThrottle,
  redisLoginThrottle,
  type LoginLimits,
} from '../auth/login-throttle.ts';
import { memoryKnownGroups, redisKnownGroups } from '../auth/known-groups.ts';
import { routeAccess } from '../auth/route-access.ts';
import { WorkLimiter } from '../auth/work-limiter.ts';
import type { Config } from '../config/config.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { securityEvent } from '../http/security-events.ts';
import type { WriteBudgetLimits } from '../http/write-budgets.ts';
import type { Logger } from '../log/logger.ts';
import type { LiveHubOptions } from '../live/live-hub.ts';
import type { FeedTiming } from '../feed/pacing.ts';
import type { ApiBudgetLimits } from '../proxy/api-budget.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import type { SendLinkMail } from '../team/link-mail.ts';
import type { UserDirectory } from '../users/directory.ts';
import { PeopleDirectory } from '../users/people-directory.ts';
import { OWASP_SCRYPT_PARAMS, type ScryptParams } from '../users/password.ts';
import { DashboardDatabase } from './dashboard-database.ts';
import { memorySharedState, type SharedState } from './shared-state.ts';
import { installParts } from './parts.ts';
import { liveState } from './store-reading.ts';

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

/**
 * What the app's parts are built from, built once: the clock, the shared state (memory or Redis), the
 * sessions, the sign-in throttle, the database and its stores, and the one reader of the store.
 */
export function appContext(config: AppConfig, deps: AppDeps) {
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
  const conversationLocks = shared.conversationLocks();
  const access = routeAccess({
    sessions,
    directory: deps.directory,
    secure: config.secure,
    logger: deps.logger,
  });
  const hasDatabase = deps.database !== undefined;
  const state = liveState({ logger: deps.logger, now, shared, database, hasDatabase, ...live(deps) });
  // The team is managed where the people are: in the database, through its directory.
  const peopleDirectory = deps.directory instanceof PeopleDirectory ? deps.directory : undefined;
  const addressOf = deps.clientAddress ?? clientAddress(config.trustedProxyHops ?? 0);
  const parts = installParts({
    upstream: deps.upstream,
    keys: deps.keys,
    sessions,
    directory: deps.directory,
    logger: deps.logger,
    now,
    shared,
    conversationLocks,
    database,
    recorded: hasDatabase,
    storeTimeZone: deps.storeTimeZone ?? 'UTC',
    ...live(deps),
    state,
    log: state.log,
    access,
    peopleDirectory,
    publicOrigin: config.publicOrigin,
    ...(deps.mailLink ? { mailLink: deps.mailLink } : {}),
    passwords: {
      throttle,
      hashLimiter,
      secret: deps.sessionSecret,
      clientAddress: addressOf,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
      passwordParams: deps.passwordParams ?? OWASP_SCRYPT_PARAMS,
    },
    knownGroups: shared.redis
      ? redisKnownGroups(shared.redis.client, shared.redis.key)
      : memoryKnownGroups(now),
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
  return {
    config,
    deps,
    now,
    shared,
    sessions,
    throttle,
    hashLimiter,
    database,
    conversationLocks,
    log: state.log,
    conversationWritten: state.conversationWritten,
    ...parts,
    peopleDirectory,
    addressOf,
    /** What every part's routes are handed: the recipe's session checks, the sessions and the people. */
    routeAccess: access,
  };
}

/** The live hub's and the feed's settings, when the deps have them (tests shorten them). */
const live = (deps: AppDeps) => (deps.live ? { live: deps.live } : {});

export type AppContext = ReturnType<typeof appContext>;
