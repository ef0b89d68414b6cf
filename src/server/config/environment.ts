import { z } from 'zod';

// The environment's variables as zod reads them, and the checks of values that need more than a
// schema (origins, keys, URLs): each says what is wrong without quoting the value.

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

/** API_USER_PER_MINUTE when neither it nor API_SESSION_PER_MINUTE is set. */
export const DEFAULT_API_PER_MINUTE = 120;

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

export const envSchema = z.object({
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

export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Parses an origin (scheme://host[:port]) and returns it normalised, or a problem. */
export function parseOrigin(value: string, name: string): { origin: string } | { problem: string } {
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

/** Never quotes the value: a database URL usually carries a password. */
export function databaseUrlProblem(value: string): string | undefined {
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
export function redisUrlProblem(value: string): string | undefined {
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
