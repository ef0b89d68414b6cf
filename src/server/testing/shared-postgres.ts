import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { openDatabase } from '../db/database.ts';
import { startPostgres, type TestPostgres } from './test-postgres.ts';

/**
 * For a Vitest file of replicas on one Postgres: a private server for the file, a fresh database per
 * test (`fresh`), and each replica's connection to it (`open`), closed after the test.
 */
export function sharedPostgresPerFile(prefix: string) {
  let postgres: TestPostgres | undefined;
  const databases: DashboardDatabase[] = [];
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(() => postgres?.stop());
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.close();
  });
  return {
    fresh: () => postgres!.createDatabase(`${prefix}_${randomUUID().replaceAll('-', '')}`),
    /** One replica's connection to the database at `url`, open. */
    async open(url: string): Promise<DashboardDatabase> {
      const database = new DashboardDatabase(openDatabase({ kind: 'postgres', url }));
      databases.push(database);
      await database.database();
      return database;
    },
  };
}
