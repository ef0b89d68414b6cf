import { resolve } from 'node:path';
import { z } from 'zod';

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

/** Whether the runtime knows this IANA time zone name (the store's time zone is set at start). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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

/** API_USER_PER_MINUTE when neither it nor API_SESSION_PER_MINUTE is set. */
const DEFAULT_API_PER_MINUTE = 120;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `${name} must be at least ${min}` })
        .max(max, { error: `${name} must be at most ${max}` }),
    )
    .optional();

const integer = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, wholeNumber(name, min, max).default(fallback));

/** Left unset, its default depends on another variable (see loadConfig). */
const optionalInteger = (name: string, min: number, max: number) =>
  z.preprocess(emptyToUndefined, wholeNumber(name, min, max));

const envSchema = z.object({
  PORT: integer('PORT', 0, 65535, 8080),
  HOST: z.preprocess(emptyToUndefined, z.string().optional().default('127.0.0.1')),
  MOCK_API_PORT: integer('MOCK_API_PORT', 0, 65535, 4010),
  PUBLIC_ORIGIN: z.preprocess(emptyToUndefined, z.string().optional()),
  SESSION_IDLE_MINUTES: integer('SESSION_IDLE_MINUTES', 1, 24 * 60, 30),
  SESSION_ABSOLUTE_HOURS: integer('SESSION_ABSOLUTE_HOURS', 1, 7 * 24, 12),
  UPSTREAM_TIMEOUT_MS: integer('UPSTREAM_TIMEOUT_MS', 100, 120_000, 10_000),
  TRUSTED_PROXY_HOPS: integer('TRUSTED_PROXY_HOPS', 0, 5, 0),
  API_USER_PER_MINUTE: optionalInteger('API_USER_PER_MINUTE', 10, 100_000),
  API_SESSION_PER_MINUTE: optionalInteger('API_SESSION_PER_MINUTE', 10, 100_000),
  SESSIONS_PER_USER: integer('SESSIONS_PER_USER', 1, 10_000, 10),
  LIVE_STREAMS_PER_USER: integer('LIVE_STREAMS_PER_USER', 1, 100_000, 8),
  LIVE_STREAMS_MAX: integer('LIVE_STREAMS_MAX', 1, 100_000, 1000),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
      .optional()
      .default('info'),
  ),
  FORCE_BUILD: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional().default('0')),
  COMMERCE_API_BASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  COMMERCE_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  COMMERCE_API_KEY_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  DASHBOARD_USERS_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  REDIS_KEY_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, {
        error: 'REDIS_KEY_PREFIX must be 1-64 letters, digits or _ . : -',
      })
      .optional(),
  ),
  STORE_TIME_ZONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isTimeZone, { error: 'STORE_TIME_ZONE must be an IANA time zone such as Europe/Oslo' })
      .optional()
      .default('UTC'),
  ),
  HEALTH_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { error: 'HEALTH_TOKEN must be at least 16 characters' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value), {
        error: 'SMTP_URL must look like smtps://user:password@mail.example.com:465',
      })
      .optional(),
  ),
  SMTP_FROM: z.preprocess(
    emptyToUndefined,
    z.string().email({ error: 'SMTP_FROM must be an email address' }).optional(),
  ),
});

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Parses an origin (scheme://host[:port]) and returns it normalised, or a problem. */
function parseOrigin(value: string, name: string): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `${name} must be an absolute URL such as https://dashboard.example.com` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `${name} must start with http:// or https://` };
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    return { problem: `${name} must be an origin only (scheme, host and port; no path, query or user)` };
  }
  return { origin: url.origin };
}

/** A key is sent in a header: refuse whitespace and control characters, without quoting the value. */
export function keyProblem(key: string): string | undefined {
  if (key.length === 0) return 'is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(key)) return 'contains whitespace or control characters';
  if (key.length > 512) return 'is longer than 512 characters';
  return undefined;
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

/** Never quotes the value: a database URL usually carries a password. */
function databaseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'DATABASE_URL must be a URL such as postgres://user:password@127.0.0.1:5432/dashboard';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    return 'DATABASE_URL must start with postgres:// or postgresql://';
  return undefined;
}

/** Never quotes the value: a Redis URL may carry a password. */
function redisUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'REDIS_URL must be a URL such as redis://127.0.0.1:6379 (or rediss:// for TLS)';
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    return 'REDIS_URL must start with redis:// or rediss://';
  if (!url.hostname) return 'REDIS_URL must name a host';
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname))
    return 'REDIS_URL may only have a database number as its path (redis://host:6379/0)';
  return undefined;
}
