import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bffSender, buildTestApp, errorOf, signInAs } from '../testing/test-app.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { openDatabase } from './database.ts';
import { embeddedDirectoryError } from './embedded-directory.ts';

const root = mkdtempSync(join(tmpdir(), 'embedded-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the embedded database's directory, when it cannot be used", () => {
  it('corrupt: the start stops naming the directory and what to do, and leaves no lock behind', async () => {
    const dataDir = join(root, 'corrupt');
    mkdirSync(join(dataDir, 'global'), { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), 'not a version\n');
    writeFileSync(join(dataDir, 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const opening = openDatabase({ kind: 'pglite', dataDir });
    await expect(opening).rejects.toThrow(`The embedded database in DATA_DIR ${dataDir} cannot be opened`);
    await expect(opening).rejects.toThrow(/restore the directory from a backup, or move it aside/);
    // No lock is left behind: once the directory is fixed, the next start is not refused as "in use".
    expect(existsSync(join(dataDir, 'dashboard.lock'))).toBe(false);
  });

  it('not a directory: the start stops saying to make it one this process can write', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    await expect(openDatabase({ kind: 'pglite', dataDir: join(file, 'data') })).rejects.toThrow(
      /cannot write there \(ENOTDIR\): make it a directory this process's user can write, or set DATA_DIR/,
    );
  });

  it('full or unwritable: the message says which', () => {
    const error = (code: string) => Object.assign(new Error(`${code}: no`), { code });
    expect(embeddedDirectoryError('/data', error('ENOSPC')).message).toBe(
      'The embedded database in DATA_DIR /data cannot be opened: its disk is full: free space on it, then start again.',
    );
    expect(embeddedDirectoryError('/data', error('EACCES')).message).toMatch(/cannot write there \(EACCES\)/);
  });
});

describe('the embedded database failing while running', () => {
  it('answers 503 database_unavailable, then opens again without a restart', async () => {
    const database = new DashboardDatabase(openDatabase({ kind: 'pglite', dataDir: join(root, 'running') }));
    const opened = await database.database();
    const { app } = await buildTestApp({ upstreamUrl: 'http://127.0.0.1:9', deps: { database } });
    const sam = bffSender(app, await signInAs(app));
    try {
      expect((await sam('GET', '/bff/mentions')).status).toBe(200);
      // The engine stops under the dashboard, as when its WebAssembly run aborts.
      await (opened.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
      const down = await sam('GET', '/bff/mentions');
      expect(down.status).toBe(503);
      expect((await errorOf(down)).code).toBe('database_unavailable');
      await expect
        .poll(async () => (await sam('GET', '/bff/mentions')).status, { timeout: 15_000, interval: 250 })
        .toBe(200);
    } finally {
      await app.liveHub.close();
      await database.close();
    }
  }, 60_000);
});
