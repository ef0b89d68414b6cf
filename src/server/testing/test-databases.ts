import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import * as schema from '../db/schema.ts';
import { startPostgres, type TestPostgres } from './test-postgres.ts';
import { openEmbeddedTestDatabase } from './embedded-test-database.ts';

export interface DriverUnderTest {
  kind: Database['kind'];
  /** The open, migrated database (read it inside tests and hooks). */
  readonly database: Database;
  /** The test Postgres server (postgres only): for a second connection, or an outage. */
  readonly server: TestPostgres | undefined;
}

/** Every table of the schema, emptied before each test: a new part's table is among them by itself. */
const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table));

/**
 * For a Vitest file of store tests: the same tests on both drivers, `describe.each(bothDrivers())`. One
 * embedded database and one private Postgres server per file, emptied before each test.
 */
export function bothDrivers(): DriverUnderTest[] {
  return [driver('pglite'), driver('postgres')];
}

function driver(kind: Database['kind']): DriverUnderTest {
  let database: Database | undefined;
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    if (kind === 'postgres') {
      server = await startPostgres();
      database = await openDatabase({ kind, url: await server.createDatabase('dashboard_test') });
    } else database = await openEmbeddedTestDatabase();
  }, 60_000);
  afterAll(async () => {
    // A test's app is not closed with it, and a store feed it left stepping can still hold a Postgres
    // connection: the pool's end waits for it. Waiting is bounded, and stopping the server ends it.
    await Promise.race([database?.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await server?.stop();
  });
  beforeEach(async () => {
    // An earlier test's app can still be writing (its store feed steps until the file ends): Postgres may
    // pick the truncation as the victim of a deadlock with those writes, and it is simply run again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await database!.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity`));
        return;
      } catch (error) {
        if (attempt === 5 || !isDeadlock(error)) throw error;
      }
    }
  });
  return {
    kind,
    get database() {
      if (!database) throw new Error('bothDrivers: read the database inside a test or hook');
      return database;
    },
    get server() {
      return server;
    },
    toString: () => kind,
  } as DriverUnderTest;
}

/** Postgres' deadlock_detected (40P01), also when Drizzle wraps the driver's error. */
function isDeadlock(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === '40P01' || (cause !== undefined && cause !== error && isDeadlock(cause));
}
