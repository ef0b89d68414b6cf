import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../db/database.ts';
import { projectRoot } from '../config/paths.ts';

/**
 * A migrated, empty embedded database for a test (in memory, or in `dataDir`: a new directory starts as
 * one, an existing one opens as it is), started from a dump of one migrated before. Creating an embedded
 * database (its initdb, then the migrations) costs seconds of CPU; loading a dump a fraction of that.
 */
export async function openEmbeddedTestDatabase(dataDir?: string): Promise<Database> {
  return openDatabase({
    kind: 'pglite',
    ...(dataDir ? { dataDir } : {}),
    loadDataDir: await embeddedTestDump(),
  });
}

/**
 * The dump a new test database starts from: made once per version of the migrations and of PGlite, and
 * kept where build tools keep their caches, so later runs start at once.
 */
export async function embeddedTestDump(): Promise<Blob> {
  const path = join(projectRoot(), 'node_modules', '.cache', 'dashboard-tests', `pglite-${dumpKey()}.tar`);
  if (!existsSync(path)) {
    const fresh = await openDatabase({ kind: 'pglite' });
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await fresh.close();
    mkdirSync(join(path, '..'), { recursive: true });
    // Test files run side by side: each writes its own file and renames it in place, so none reads half.
    const own = `${path}.${process.pid}.${Date.now()}`;
    writeFileSync(own, Buffer.from(await dump.arrayBuffer()));
    renameSync(own, path);
  }
  return new Blob([readFileSync(path)]);
}

/** Changes when a migration or the PGlite version does. */
function dumpKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(join(projectRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const file = join(MIGRATIONS_FOLDER, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
