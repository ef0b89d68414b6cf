import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const DB = 'postgres://dashboard:secret@127.0.0.1:5432/dashboard';

const REAL = {
  COMMERCE_API_BASE_URL: 'https://api.example.com',
  COMMERCE_API_KEY: 'sk_test_supersecretvalue',
  SESSION_SECRET: 's'.repeat(40),
  DASHBOARD_USERS_FILE: '/etc/dashboard/users.json',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to demo mode on 127.0.0.1:8080 with the simulator on 4010', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: { kind: 'demo', mockApiPort: 4010 },
      host: '127.0.0.1',
      port: 8080,
      publicOrigin: 'http://127.0.0.1:8080',
      secure: false,
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
      upstreamTimeoutMs: 10_000,
      logLevel: 'info',
      forceBuild: false,
      trustedProxyHops: 0,
    });
  });

  it('reads ports, timeouts and the public origin', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      MOCK_API_PORT: '5000',
      PUBLIC_ORIGIN: 'https://dash.example.com/',
      SESSION_IDLE_MINUTES: '10',
      SESSION_ABSOLUTE_HOURS: '2',
      UPSTREAM_TIMEOUT_MS: '2500',
      LOG_LEVEL: 'warn',
      FORCE_BUILD: '1',
      TRUSTED_PROXY_HOPS: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      mode: { kind: 'demo', mockApiPort: 5000 },
      publicOrigin: 'https://dash.example.com',
      secure: true,
      sessionIdleMs: 10 * 60_000,
      sessionAbsoluteMs: 2 * 3_600_000,
      upstreamTimeoutMs: 2500,
      logLevel: 'warn',
      forceBuild: true,
      trustedProxyHops: 1,
    });
  });

  it('switches to real mode with the store, its key and the session secret; the users file is optional', () => {
    const config = loadConfig(REAL);
    expect(config.mode).toEqual({
      kind: 'real',
      baseUrl: 'https://api.example.com',
      key: { kind: 'value', value: REAL.COMMERCE_API_KEY },
      sessionSecret: REAL.SESSION_SECRET,
      usersFile: REAL.DASHBOARD_USERS_FILE,
    });
    const fromFile = loadConfig({ ...REAL, COMMERCE_API_KEY: '', COMMERCE_API_KEY_FILE: '/run/secrets/key' });
    expect(fromFile.mode).toMatchObject({ key: { kind: 'file', path: '/run/secrets/key' } });
    // A new deployment (its first owner added by npm run users:add) or one that moved to the database.
    const { DASHBOARD_USERS_FILE: _file, ...withoutFile } = REAL;
    const noFile = loadConfig(withoutFile);
    expect(noFile.mode.kind).toBe('real');
    expect(noFile.mode).not.toHaveProperty('usersFile');
  });

  it('fails fast on a partial real configuration, naming what is missing', () => {
    const message = problemsOf({ COMMERCE_API_BASE_URL: 'https://api.example.com' });
    expect(message).toContain('COMMERCE_API_KEY or COMMERCE_API_KEY_FILE');
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('missing: COMMERCE_API_KEY or COMMERCE_API_KEY_FILE, SESSION_SECRET.');
    const keyOnly = problemsOf({ COMMERCE_API_KEY: 'sk_test_onlythekey' });
    expect(keyOnly).toContain('missing: COMMERCE_API_BASE_URL, SESSION_SECRET.');
    // The users file alone means a real store was meant: it asks for the rest rather than running the demo.
    expect(problemsOf({ DASHBOARD_USERS_FILE: '/etc/dashboard/users.json' })).toContain(
      'missing: COMMERCE_API_BASE_URL, COMMERCE_API_KEY or COMMERCE_API_KEY_FILE, SESSION_SECRET.',
    );
    expect(keyOnly).not.toContain('sk_test_onlythekey');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be at most 65535'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be at least 1'],
    [
      { SESSION_IDLE_MINUTES: '120', SESSION_ABSOLUTE_HOURS: '1' },
      'SESSION_ABSOLUTE_HOURS must be at least as long',
    ],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ PUBLIC_ORIGIN: 'dashboard.example.com' }, 'PUBLIC_ORIGIN must be an absolute URL'],
    [{ PUBLIC_ORIGIN: 'https://dash.example.com/app' }, 'PUBLIC_ORIGIN must be an origin only'],
    [{ ...REAL, COMMERCE_API_BASE_URL: 'http://api.example.com' }, 'must use https://'],
    [{ ...REAL, SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters'],
    [{ ...REAL, COMMERCE_API_KEY_FILE: '/k' }, 'Set only one of COMMERCE_API_KEY and COMMERCE_API_KEY_FILE'],
  ])('refuses %o with a clear message', (env, expected) => {
    expect(problemsOf(env)).toContain(expected);
  });

  it('lists every problem at once', () => {
    const message = problemsOf({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
  });

  it('accepts plain http to a loopback upstream (the simulator, benchmarks)', () => {
    expect(loadConfig({ ...REAL, COMMERCE_API_BASE_URL: 'http://127.0.0.1:4010' }).mode).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
    });
  });

  it('never echoes the key, even when it is refused', () => {
    const key = 'sk_test_has space';
    const message = problemsOf({ ...REAL, COMMERCE_API_KEY: key });
    expect(message).toContain('COMMERCE_API_KEY contains whitespace');
    expect(message).not.toContain(key);
  });

  it('reads REDIS_URL for both modes, with a key prefix per store, and never quotes the URL', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: DB }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'dashboard-demo:',
    });

    expect(
      loadConfig({ ...REAL, DATABASE_URL: DB, REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }).redis,
    ).toEqual({
      url: 'rediss://:pw@cache.internal:6380/2',
      keyPrefix: 'dashboard:',
    });
    expect(
      loadConfig({ ...REAL, DATABASE_URL: DB, REDIS_URL: 'redis://cache:6379', REDIS_KEY_PREFIX: 'store-a' })
        .redis?.keyPrefix,
    ).toBe('store-a:');
    const problems = problemsOf({ REDIS_URL: 'http://:hunter2@cache:6379' });
    expect(problems).toMatch(/REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(problems).not.toContain('hunter2');
    expect(problemsOf({ REDIS_KEY_PREFIX: 'x' })).toMatch(/REDIS_KEY_PREFIX needs REDIS_URL/);
    expect(problemsOf({ REDIS_URL: 'redis://c:1', DATABASE_URL: DB, REDIS_KEY_PREFIX: 'a b' })).toMatch(
      /REDIS_KEY_PREFIX must be/,
    );
  });
  it('picks the database: a Postgres server with DATABASE_URL, else PGlite (memory in demo, DATA_DIR in real mode)', () => {
    expect(loadConfig({}).database).toEqual({ kind: 'pglite' });
    expect(loadConfig({ DATA_DIR: 'demo-data' }).database).toEqual({
      kind: 'pglite',
      dataDir: resolve('demo-data'),
    });
    expect(loadConfig({ ...REAL }).database).toEqual({ kind: 'pglite', dataDir: resolve('data') });
    expect(loadConfig({ ...REAL, DATABASE_URL: DB }).database).toEqual({ kind: 'postgres', url: DB });
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:s3cret@db/x' });
    expect(problems).toMatch(/DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
    expect(problems).not.toContain('s3cret');
    expect(problemsOf({ DATABASE_URL: DB, DATA_DIR: 'x' })).toMatch(/Set only one of DATABASE_URL/);
  });

  it('refuses replicas (REDIS_URL) on the embedded database: they need one shared Postgres', () => {
    expect(problemsOf({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatch(
      /REDIS_URL \(replicas\) needs DATABASE_URL/,
    );
  });

  it("reads the store's time zone (UTC when unset) and refuses a name that is not one", () => {
    expect(loadConfig({}).storeTimeZone).toBe('UTC');
    expect(loadConfig({ STORE_TIME_ZONE: 'Europe/Oslo' }).storeTimeZone).toBe('Europe/Oslo');
    expect(problemsOf({ STORE_TIME_ZONE: 'Mars/Olympus' })).toMatch(
      /STORE_TIME_ZONE must be an IANA time zone/,
    );
  });

  it('sizes the /api budget per person: API_USER_PER_MINUTE is the cap, a session at most that', () => {
    expect(loadConfig({})).toMatchObject({
      apiUserPerMinute: 120,
      apiSessionPerMinute: 120,
      sessionsPerUser: 10,
      liveStreamsPerUser: 8,
      liveStreamsMax: 1000,
    });
    expect(loadConfig({ LIVE_STREAMS_MAX: '2500' }).liveStreamsMax).toBe(2500);
    expect(problemsOf({ LIVE_STREAMS_MAX: '0' })).toMatch(/LIVE_STREAMS_MAX/);
    expect(loadConfig({ API_USER_PER_MINUTE: '40' })).toMatchObject({
      apiUserPerMinute: 40,
      apiSessionPerMinute: 40,
    });
    expect(loadConfig({ API_USER_PER_MINUTE: '40', API_SESSION_PER_MINUTE: '20' })).toMatchObject({
      apiUserPerMinute: 40,
      apiSessionPerMinute: 20,
    });
    // Set alone, the session's share is also the person's.
    expect(loadConfig({ API_SESSION_PER_MINUTE: '60' })).toMatchObject({
      apiUserPerMinute: 60,
      apiSessionPerMinute: 60,
    });
    expect(problemsOf({ API_USER_PER_MINUTE: '40', API_SESSION_PER_MINUTE: '60' })).toContain(
      "API_SESSION_PER_MINUTE must not be more than API_USER_PER_MINUTE (the person's cap)",
    );
    expect(problemsOf({ SESSIONS_PER_USER: '0' })).toContain('SESSIONS_PER_USER must be at least 1');
  });
});
