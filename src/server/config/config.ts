import { resolve } from 'node:path';
import {
  databaseUrlProblem,
  DEFAULT_API_PER_MINUTE,
  envSchema,
  keyProblem,
  LOOPBACK_HOSTS,
  parseOrigin,
  redisUrlProblem,
  type LogLevel,
} from './environment.ts';

/**
 * The BFF's configuration, read from the environment once at start and validated with zod so a
 * mistake stops the process with a message naming the variable, never half-way through a request.
 * Values of secrets (the API key, the session secret) are never echoed in a message.
 */

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * PGlite in this process: in memory without a directory (demo mode), else in `dataDir`. A new database
   * (in memory, or in a directory that holds none yet) starts empty, or from `loadDataDir`: a dump of a
   * data directory (PGlite's `dumpDataDir`).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * The variables that switch the BFF from demo mode to a real store. The first three groups are needed
 * together; DASHBOARD_USERS_FILE is optional (a deployment's first owner can come from npm run users:add).
 */
const REAL_MODE_VARIABLES = [
  'COMMERCE_API_BASE_URL',
  'COMMERCE_API_KEY',
  'COMMERCE_API_KEY_FILE',
  'SESSION_SECRET',
  'DASHBOARD_USERS_FILE',
] as const;

export const DEMO_UPSTREAM_KEY = 'sk_test_demo_owner';

export type UpstreamKeySource = { kind: 'value'; value: string } | { kind: 'file'; path: string };

export interface RealModeConfig {
  kind: 'real';
  baseUrl: string;
  key: UpstreamKeySource;
  sessionSecret: string;
  /** People imported once into an empty database (a deployment moving from the users file); optional. */
  usersFile?: string;
}
export interface DemoModeConfig {
  kind: 'demo';
  mockApiPort: number;
}

export interface Config {
  mode: RealModeConfig | DemoModeConfig;
  host: string;
  port: number;
  /** Scheme + host + port the browser uses; the only Origin accepted on writes. */
  publicOrigin: string;
  /** True when publicOrigin is https: Secure + __Host- cookies and HSTS. */
  secure: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  upstreamTimeoutMs: number;
  logLevel: LogLevel;
  forceBuild: boolean;
  /**
   * Reverse proxies in front of the BFF that append to X-Forwarded-For (0: none, the socket's peer is the
   * client). Only used to find the client address for sign-in throttling; never forwarded upstream.
   */
  trustedProxyHops: number;
  /** Each person's share of the upstream on /api, in requests a minute, over all sessions and replicas. */
  apiUserPerMinute: number;
  /** Each session's share (at most the person's): one runaway tab cannot spend the person's whole share. */
  apiSessionPerMinute: number;
  /** Sessions one person may hold; a sign-in beyond ends their oldest. */
  sessionsPerUser: number;
  /** Live streams one person may hold per process, over all their sessions. */
  liveStreamsPerUser: number;
  /** Live streams (open dashboards) one process serves at once; beyond, 429 too_many_streams. */
  liveStreamsMax: number;
  /** Lets a non-loopback health checker see why /readyz is not ready (header X-Health-Token). */
  healthToken?: string;
  /** Where invitation and reset links are also mailed (nodemailer), and the sender; unset: shown only. */
  smtp?: { url: string; from: string | undefined };
  /** Shared state (sessions, live feed, presence, sign-in limits) in Redis; in memory when absent. */
  redis?: RedisConfig;
  /** The dashboard's own database: a Postgres server, or PGlite in this process. */
  database: DatabaseConfig;
  /** The store's IANA time zone (the reports' days); the Commerce API does not give one. */
  storeTimeZone: string;
}

export interface RedisConfig {
  /** redis:// or rediss:// (may hold a password: never logged or echoed). */
  url: string;
  /** Every key starts with it, so several stores (or the demo) can share one Redis. */
  keyPrefix: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      // zod's messages never include the input, so secrets cannot leak through them.
      problems.push(issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;

  const host = e.HOST;
  let publicOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${e.PORT}`;
  if (e.PUBLIC_ORIGIN !== undefined) {
    const origin = parseOrigin(e.PUBLIC_ORIGIN, 'PUBLIC_ORIGIN');
    if ('problem' in origin) problems.push(origin.problem);
    else publicOrigin = origin.origin;
  }

  if (e.SESSION_ABSOLUTE_HOURS * 60 < e.SESSION_IDLE_MINUTES) {
    problems.push('SESSION_ABSOLUTE_HOURS must be at least as long as SESSION_IDLE_MINUTES');
  }
  // The person's share is the cap; a session's defaults to it and may not exceed it.
  const apiUserPerMinute = e.API_USER_PER_MINUTE ?? e.API_SESSION_PER_MINUTE ?? DEFAULT_API_PER_MINUTE;
  const apiSessionPerMinute = e.API_SESSION_PER_MINUTE ?? apiUserPerMinute;
  if (apiSessionPerMinute > apiUserPerMinute)
    problems.push("API_SESSION_PER_MINUTE must not be more than API_USER_PER_MINUTE (the person's cap)");

  let mode: Config['mode'] = { kind: 'demo', mockApiPort: e.MOCK_API_PORT };
  const present = REAL_MODE_VARIABLES.filter((name) => e[name] !== undefined);
  if (present.length > 0) {
    const missing: string[] = [];
    if (!e.COMMERCE_API_BASE_URL) missing.push('COMMERCE_API_BASE_URL');
    if (!e.COMMERCE_API_KEY && !e.COMMERCE_API_KEY_FILE)
      missing.push('COMMERCE_API_KEY or COMMERCE_API_KEY_FILE');
    if (!e.SESSION_SECRET) missing.push('SESSION_SECRET');
    if (missing.length > 0) {
      problems.push(
        `A real store needs COMMERCE_API_BASE_URL, COMMERCE_API_KEY (or COMMERCE_API_KEY_FILE) and SESSION_SECRET together; missing: ${missing.join(', ')}. Unset ${present.join(', ')} to run the demo instead.`,
      );
    }
    if (e.COMMERCE_API_KEY && e.COMMERCE_API_KEY_FILE) {
      problems.push('Set only one of COMMERCE_API_KEY and COMMERCE_API_KEY_FILE');
    }
    let baseUrl: string | undefined;
    if (e.COMMERCE_API_BASE_URL) {
      try {
        const url = new URL(e.COMMERCE_API_BASE_URL);
        if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
          // The key travels in every request: plain http is only acceptable on this machine.
          problems.push(
            'COMMERCE_API_BASE_URL must use https:// (http:// is accepted for loopback hosts only)',
          );
        } else if (url.search || url.hash || url.username || url.password) {
          problems.push('COMMERCE_API_BASE_URL must not carry a query, fragment or credentials');
        } else {
          baseUrl = url.href.replace(/\/+$/, '');
        }
      } catch {
        problems.push('COMMERCE_API_BASE_URL must be an absolute URL such as https://api.example.com');
      }
    }
    if (e.COMMERCE_API_KEY) {
      const problem = keyProblem(e.COMMERCE_API_KEY);
      if (problem) problems.push(`COMMERCE_API_KEY ${problem}`);
    }
    if (e.SESSION_SECRET && e.SESSION_SECRET.length < 32) {
      problems.push('SESSION_SECRET must be at least 32 characters (for example: openssl rand -base64 32)');
    }
    if (problems.length === 0 && baseUrl && e.SESSION_SECRET) {
      mode = {
        kind: 'real',
        baseUrl,
        key: e.COMMERCE_API_KEY
          ? { kind: 'value', value: e.COMMERCE_API_KEY }
          : { kind: 'file', path: e.COMMERCE_API_KEY_FILE ?? '' },
        sessionSecret: e.SESSION_SECRET,
        ...(e.DASHBOARD_USERS_FILE ? { usersFile: e.DASHBOARD_USERS_FILE } : {}),
      };
    }
  }

  let redis: RedisConfig | undefined;
  if (e.REDIS_URL !== undefined) {
    const problem = redisUrlProblem(e.REDIS_URL);
    if (problem) problems.push(problem);
    else {
      // Demo and real state never mix, even on one Redis; a store of its own gets REDIS_KEY_PREFIX.
      const prefix = e.REDIS_KEY_PREFIX ?? (mode.kind === 'demo' ? 'dashboard-demo' : 'dashboard');
      redis = { url: e.REDIS_URL, keyPrefix: prefix.endsWith(':') ? prefix : `${prefix}:` };
    }
  } else if (e.REDIS_KEY_PREFIX !== undefined) {
    problems.push('REDIS_KEY_PREFIX needs REDIS_URL');
  }

  let database: DatabaseConfig;
  if (e.DATABASE_URL !== undefined) {
    const problem = databaseUrlProblem(e.DATABASE_URL);
    if (problem) problems.push(problem);
    if (e.DATA_DIR !== undefined)
      problems.push('Set only one of DATABASE_URL (a Postgres server) and DATA_DIR (the embedded database)');
    database = { kind: 'postgres', url: e.DATABASE_URL };
  } else {
    // The demo's store starts afresh each time, and so does its database, unless DATA_DIR asks otherwise.
    const dataDir = e.DATA_DIR ?? (mode.kind === 'real' ? 'data' : undefined);
    database = { kind: 'pglite', ...(dataDir ? { dataDir: resolve(dataDir) } : {}) };
    if (redis)
      problems.push(
        'REDIS_URL (replicas) needs DATABASE_URL: replicas must share one Postgres database, and the embedded one belongs to a single process',
      );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    mode,
    host,
    port: e.PORT,
    publicOrigin,
    secure: publicOrigin.startsWith('https:'),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    forceBuild: e.FORCE_BUILD === '1',
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    apiUserPerMinute,
    apiSessionPerMinute,
    sessionsPerUser: e.SESSIONS_PER_USER,
    liveStreamsPerUser: e.LIVE_STREAMS_PER_USER,
    liveStreamsMax: e.LIVE_STREAMS_MAX,
    ...(e.HEALTH_TOKEN ? { healthToken: e.HEALTH_TOKEN } : {}),
    ...(e.SMTP_URL ? { smtp: { url: e.SMTP_URL, from: e.SMTP_FROM } } : {}),
    ...(redis ? { redis } : {}),
    database,
    storeTimeZone: e.STORE_TIME_ZONE,
  };
}
