import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './database.ts';
import { lockDataDir } from './embedded-directory.ts';
import { startPostgres, type TestPostgres } from '../testing/test-postgres.ts';

let server: TestPostgres;
beforeAll(async () => {
  server = await startPostgres();
}, 30_000);
afterAll(() => server.stop());

it('a migration that fails stops the opening with the reason', async () => {
  const url = await server.createDatabase('clashing');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Something else already made a table of that name, in its own shape.
  await client.query('create table messages (id integer primary key)');
  await client.end();
  await expect(openDatabase({ kind: 'postgres', url })).rejects.toThrow(
    /^Applying the database migrations failed: .*"messages" already exists/,
  );
});

it('replicas starting together apply the migrations once', async () => {
  const url = await server.createDatabase('together');
  const [a, b] = await Promise.all([
    openDatabase({ kind: 'postgres', url }),
    openDatabase({ kind: 'postgres', url }),
  ]);
  const applied: unknown = await a.db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  // Each checked-in migration once, not once per replica.
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  expect(applied).toMatchObject({ rows: [{ count: journal.entries.length }] });
  await Promise.all([a.close(), b.close()]);
});

it('one process per embedded data directory: a second is refused and told which process holds it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bff-data-'));
  try {
    // A lock left by a process that no longer runs is taken over.
    writeFileSync(join(dir, 'dashboard.lock'), '999999999');
    const unlock = lockDataDir(dir);
    // Another running process holds it (this test's parent stands in for one).
    unlock();
    writeFileSync(join(dir, 'dashboard.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`DATA_DIR ${dir} is in use by another dashboard process \\(pid ${process.ppid}\\)`),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('says what is wrong when the server cannot be reached, without the password', async () => {
  await expect(
    openDatabase({ kind: 'postgres', url: 'postgres://dashboard:s3cret@127.0.0.1:1/dashboard' }),
  ).rejects.toThrow(/^Cannot connect to DATABASE_URL: (?!.*s3cret)/);
});
