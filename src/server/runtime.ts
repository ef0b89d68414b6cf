import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type App } from './app.ts';
import { DEMO_UPSTREAM_KEY, type Config } from './config/config.ts';
import type { SimulatorServer } from './demo-upstream.ts';
import { watchFileChanges } from './file-watch.ts';
import type { Logger } from './log/logger.ts';
import { fileKeyProvider, staticKeyProvider, type KeyProvider } from './store-api/key-provider.ts';
import { apiBudgetFor } from './proxy/api-budget.ts';
import { createUpstreamClient } from './store-api/upstream-client.ts';
import { demoDirectoryEntries } from './users/demo-users.ts';
import type { DirectoryEntries } from './users/directory.ts';
import { openPeople, PeopleDirectory, type InitialPeople } from './users/people-directory.ts';
import { linkMailer } from './team/link-mail.ts';
import { readUsersFile, toDirectoryEntries } from './users/users-file.ts';
import { OWASP_SCRYPT_PARAMS, type ScryptParams } from './users/password.ts';
import { connectRedis, type RedisConnection } from './redis/connection.ts';
import { memorySharedState, redisSharedState, type SharedState } from './composition/shared-state.ts';
import { DashboardDatabase } from './composition/dashboard-database.ts';
import { openDatabase } from './db/database.ts';
import { keepWithinRetention, Retention } from './history/retention.ts';
import { People } from './users/people.ts';
import { configuredStreamCaps } from './live/stream-caps.ts';

export interface Runtime {
  /** Where the dashboard is served (the public origin when one is configured). */
  url: string;
  /** The address actually bound. */
  listenUrl: string;
  simulatorUrl?: string;
  app: App;
  /** Memory or Redis: what replicas share (the sign-in throttle takes `shared.redis` when present). */
  shared: SharedState;
  /** The dashboard's database, opening in the background; `opened` rejects with the reason it could not. */
  database: DashboardDatabase;
  opened: Promise<void>;
  /** Re-reads the key file (SIGHUP). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger: Logger;
  distDir: string;
  passwordParams?: ScryptParams;
}

function listen(server: Server): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    if (server.listening) {
      resolve(server.address() as AddressInfo);
      return;
    }
    server.once('listening', () => resolve(server.address() as AddressInfo));
    server.once('error', reject);
  });
}

/** The key file should be readable by the server's user only (chmod 600); say so at start if not. */
function warnIfReadableByOthers(path: string, logger: Logger): void {
  try {
    const mode = statSync(path).mode;
    if ((mode & 0o077) !== 0) {
      logger.warn(
        { event: 'config.key_file_exposed', path, mode: (mode & 0o777).toString(8) },
        'COMMERCE_API_KEY_FILE can be read by other users of this machine: chmod 600 it',
      );
    }
  } catch {
    // A missing file is reported by the key provider itself.
  }
}

/**
 * Demo replicas on one Redis need one session secret without configuration: the first keeps a random one
 * there. Only for the demo, whose accounts and passwords are public anyway; a real store sets
 * SESSION_SECRET, which never leaves the replicas' environment.
 */
async function demoSessionSecret(connection: RedisConnection): Promise<string> {
  const candidate = randomBytes(32).toString('base64url');
  try {
    const key = connection.key('demo-session-secret');
    await connection.client.set(key, candidate, 'NX');
    return (await connection.client.get(key)) ?? candidate;
  } catch {
    // Redis down at start: this replica's sessions cannot be checked anyway until it returns.
    return candidate;
  }
}

/**
 * Wires the BFF for `npm start`, `npm run dev` and the benchmark: the upstream (simulator in demo mode,
 * configured store otherwise), key, users, the Hono app and the HTTP server.
 */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const { logger } = options;
  const cleanups: (() => void | Promise<void>)[] = [];
  const reloaders: (() => Promise<unknown>)[] = [];

  let baseUrl: string;
  let keys: KeyProvider;
  // Who is imported into the database when it has nobody yet.
  let initialPeople: InitialPeople | undefined;
  // The demo's accounts can sign in at once (its database starts empty unless DATA_DIR keeps one).
  let knownPeople: DirectoryEntries | undefined;
  let sessionSecret: string;
  let simulator: SimulatorServer | undefined;
  if (config.mode.kind === 'demo') {
    // Loaded on demand: real mode never loads the simulator or msw (a separate file once compiled).
    const { startDemoSimulator } = await import('./demo-upstream.ts');
    simulator = await startDemoSimulator(config.mode.mockApiPort);
    cleanups.push(() => simulator!.close());
    baseUrl = simulator.url;
    keys = staticKeyProvider(DEMO_UPSTREAM_KEY);
    // The demo's database starts empty (unless DATA_DIR keeps one): its accounts can sign in before it opens.
    const entries = await demoDirectoryEntries(options.passwordParams ?? OWASP_SCRYPT_PARAMS);
    knownPeople = entries;
    initialPeople = { read: () => Promise.resolve(entries), source: 'demo accounts' };
    // Demo sessions need not survive a restart: a fresh random secret each time.
    sessionSecret = randomBytes(32).toString('base64url');
  } else {
    const mode = config.mode;
    baseUrl = mode.baseUrl;
    if (mode.key.kind === 'file') {
      warnIfReadableByOthers(mode.key.path, logger);
      const fileKeys = fileKeyProvider(mode.key.path, logger);
      keys = fileKeys;
      reloaders.push(() => fileKeys.reload());
      cleanups.push(watchFileChanges(mode.key.path, () => void fileKeys.reload()));
    } else {
      keys = staticKeyProvider(mode.key.value);
    }
    // Read only while the database has nobody (imported once); a broken file then stops the BFF with a
    // message naming it. Without a file, the first owner comes from npm run users:add.
    const usersFile = mode.usersFile;
    if (usersFile)
      initialPeople = {
        read: async () => toDirectoryEntries(await readUsersFile(usersFile)),
        source: 'users file',
      };
    sessionSecret = mode.sessionSecret;
  }

  // REDIS_URL: sessions, the live feed and presence are shared with the other replicas; else in memory.
  let shared: SharedState = memorySharedState();
  if (config.redis) {
    const connection = await connectRedis(config.redis, logger);
    shared = redisSharedState(connection, logger);
    cleanups.push(() => shared.close());
    if (config.mode.kind === 'demo') sessionSecret = await demoSessionSecret(connection);
  }

  const upstream = createUpstreamClient({ baseUrl, timeoutMs: config.upstreamTimeoutMs });
  cleanups.push(() => upstream.close());

  // The app is created once the port is known (PORT=0 picks a free one), because the default public
  // origin, which CSRF checks compare against, contains the port.
  const holder: { app?: App } = {};
  const server = serve({
    fetch: (request, env) => holder.app!.fetch(request, env),
    port: config.port,
    hostname: config.host,
  }) as Server;
  // Slow-client limits (Node's defaults are minutes long).
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  let address: AddressInfo;
  try {
    address = await listen(server);
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `PORT ${config.port} on ${config.host} is already in use: stop what runs there or set PORT.`,
        { cause: error },
      );
    }
    throw error;
  }
  // Opened once the server listens: creating an embedded database takes seconds and most of a core, and
  // the dashboard answers meanwhile (its history waits for the database; /readyz says it is starting).
  const database = new DashboardDatabase(
    new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => openDatabase(config.database)),
  );
  cleanups.push(() => database.close());
  const directory = new PeopleDirectory(
    database.store((db) => new People(db, Date.now)),
    logger,
    knownPeople,
  );
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listenUrl = `http://${host}:${address.port}`;
  const origin = new URL(config.publicOrigin);
  const publicOrigin =
    origin.port === '0' ? `${origin.protocol}//${origin.hostname}:${address.port}` : config.publicOrigin;

  const app = createApp(
    {
      publicOrigin,
      secure: config.secure,
      sessionIdleMs: config.sessionIdleMs,
      sessionAbsoluteMs: config.sessionAbsoluteMs,
      trustedProxyHops: config.trustedProxyHops,
      ...(config.healthToken ? { healthToken: config.healthToken } : {}),
    },
    {
      logger,
      upstream,
      keys,
      directory,
      sessionSecret,
      distDir: options.distDir,
      ...(options.passwordParams ? { passwordParams: options.passwordParams } : {}),
      apiBudget: apiBudgetFor(config.apiUserPerMinute, config.apiSessionPerMinute),
      sessionsPerUser: config.sessionsPerUser,
      live: { options: configuredStreamCaps(config) },
      shared,
      database,
      storeTimeZone: config.storeTimeZone,
      ...(config.smtp ? { mailLink: linkMailer({ ...config.smtp, publicOrigin }, logger) } : {}),
    },
  );
  holder.app = app;

  const opened = database.database().then(async (opened) => {
    logger.info({ event: 'database.opened', kind: opened.kind }, 'database open');
    cleanups.push(await openPeople(directory, initialPeople, logger));
    cleanups.push(
      keepWithinRetention(
        database.store((db) => new Retention(db, Date.now)),
        logger,
      ),
    );
    cleanups.push(app.snoozeWaker.start());
  });

  return {
    url: publicOrigin,
    listenUrl,
    ...(simulator ? { simulatorUrl: simulator.url } : {}),
    app,
    shared,
    database,
    opened,
    async reload() {
      await Promise.all(reloaders.map((reload) => reload()));
    },
    async close() {
      // Open live streams would hold the server open: end them (clients reconnect to the next instance).
      // The reader's step in flight ends before the database closes (a cleanup below).
      const readerStopped = app.liveHub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive connections would hold close() open; in-flight requests finish first.
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      await readerStopped;
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
