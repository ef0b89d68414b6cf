import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { embeddedDirectoryError, lockDataDir } from './embedded-directory.ts';
import { isEngineFailure, reopeningClient } from './embedded-engine.ts';
import { schema } from './schema.ts';
import { projectRoot } from '../config/paths.ts';
import type { DatabaseConfig } from '../config/config.ts';

/** One type for both drivers: the queries are the same SQL on PGlite and on a Postgres server. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHealth = { ok: true } | { ok: false; reason: string };

export interface Database {
  kind: DatabaseConfig['kind'];
  db: Db;
  /** A round trip to the database (bounded in time), for /readyz. */
  health(): Promise<DatabaseHealth>;
  close(): Promise<void>;
}

/** Thrown when the database cannot be reached (or has no room): routes that need it answer 503. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the dashboard database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Whether a driver error means "the database is not there right now" rather than a bug in a query:
 * connection errors (SQLSTATE class 08), insufficient resources such as a full disk (53), an operator
 * intervention such as a shutdown (57P), and the socket errors and time-outs of the client itself.
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError || isEngineFailure(error)) return true;
  const { code, message, cause } = (error ?? {}) as { code?: unknown; message?: unknown; cause?: unknown };
  // Drizzle wraps the driver's error (with the query) in its own.
  if (cause !== undefined && cause !== error && isUnavailable(cause)) return true;
  if (typeof code === 'string') {
    if (/^(08|53|57P)/.test(code)) return true;
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH)$/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client was closed|pool after calling end/i.test(
      message,
    )
  );
}

/**
 * What a failed query may say in a log: the driver's own error (its SQLSTATE and words), never the
 * wrapping one's, which quotes the query's parameters (a note's text, a shopper's name). The driver
 * quotes values too ("invalid input syntax for type integer: \"…\""): quoted spans are blanked.
 */
export function driverErrorSummary(error: unknown): { code: string | undefined; message: string } {
  let inner = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  for (let depth = 0; depth < 5 && inner?.cause !== undefined && inner.cause !== inner; depth += 1)
    inner = inner.cause as typeof inner;
  const message = typeof inner?.message === 'string' ? inner.message : 'no message';
  return {
    code: typeof inner?.code === 'string' ? inner.code : undefined,
    message: message.replace(/"[^"]*"|'[^']*'/g, '"…"').slice(0, 200),
  };
}

/** A query that failed for another reason than an outage (a bug, a constraint): logged without its data. */
export class DatabaseQueryError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    const summary = driverErrorSummary(cause);
    super(`a database query failed (${summary.code ?? 'no SQLSTATE'}): ${summary.message}`, { cause });
    this.name = 'DatabaseQueryError';
    this.code = summary.code;
  }
}

/**
 * Runs a database call; an outage becomes DatabaseUnavailableError (503), anything else a
 * DatabaseQueryError (a bug, 500) whose message carries none of the query's parameters.
 */
export async function withDatabase<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUnavailable(error)) throw new DatabaseUnavailableError(error);
    throw isQueryError(error) ? new DatabaseQueryError(error) : error;
  }
}

/** An error's message for a log line: a failed query's without its parameters, any other's as it is. */
export function loggableMessage(error: unknown): string {
  if (isQueryError(error)) return new DatabaseQueryError(error).message;
  return error instanceof Error ? error.message : String(error);
}

/** The ORM's wrapper of a failed query (it carries `query` and `params`), or a driver error with a SQLSTATE. */
function isQueryError(error: unknown): boolean {
  if (error instanceof DatabaseQueryError) return false;
  const { query, params, code } = (error ?? {}) as { query?: unknown; params?: unknown; code?: unknown };
  return (
    (typeof query === 'string' && params !== undefined) ||
    (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
  );
}

export const MIGRATIONS_FOLDER = join(projectRoot(), 'src/server/db/migrations');
/** Replicas starting together: the first takes this lock and migrates, the others wait and find it done. */
const MIGRATION_LOCK_ID = 7_310_422_001;
const HEALTH_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function probe(db: Db): Promise<DatabaseHealth> {
  try {
    await withTimeout(db.execute(sql`select 1`), HEALTH_TIMEOUT_MS, 'the database');
    return { ok: true };
  } catch (error) {
    const { code, message } = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      message?: string;
    };
    return {
      ok: false,
      reason: `database_unavailable: ${code ? `${code} ` : ''}${message ?? 'no answer'}`.slice(0, 300),
    };
  }
}

async function openPglite({
  dataDir,
  loadDataDir,
}: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    try {
      unlock = lockDataDir(dataDir);
    } catch (error) {
      // Another dashboard holding it says so itself.
      throw (error as Error).message.includes('is in use by another dashboard')
        ? error
        : embeddedDirectoryError(dataDir, error);
    }
  }
  try {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const create = () =>
      PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(loadDataDir && !(dataDir && existsSync(join(dataDir, 'PG_VERSION'))) ? { loadDataDir } : {}),
      });
    const first = await create().catch((error: unknown) => {
      throw dataDir ? embeddedDirectoryError(dataDir, error) : error;
    });
    const migrated = (client: typeof first) =>
      migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }).then(() => client);
    // Opened again on the same directory (and migrated, for one in memory) if it fails while running.
    const engine = reopeningClient(async () => migrated(await create()), first);
    const db = drizzle({ client: engine.client, schema }) as unknown as Db;
    await migrated(engine.client).catch(async (error: unknown) => {
      await engine.close();
      throw migrationError(error);
    });
    return {
      kind: 'pglite',
      db,
      health: () => probe(db),
      async close() {
        await engine.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

function migrationError(error: unknown): Error {
  const cause = (error as { cause?: { message?: string } }).cause;
  const detail = cause?.message ?? (error as Error).message;
  return new Error(`Applying the database migrations failed: ${detail}`, { cause: error });
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    // A server that stops answering must not hold a request forever.
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its server emits 'error': an idle one on the pool, one checked out (a transaction
  // between statements) on itself. Without a listener Node would end the process; the statement in
  // flight, or the next one, fails with DatabaseUnavailableError instead.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw new Error(`Cannot connect to DATABASE_URL: ${(error as Error).message}`, { cause: error });
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } catch (error) {
    client.release();
    await pool.end();
    throw migrationError(error);
  }
  client.release();
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    health: () => probe(db),
    close: () => pool.end(),
  };
}

/** Opens the database and applies the checked-in migrations; a failure says why and stops the start. */
export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config);
}
