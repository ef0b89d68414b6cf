import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './test-redis.ts';

/** A private Postgres server for tests: its own cluster in a throwaway directory, on a free port. */
export interface TestPostgres {
  port: number;
  /** The URL of a database of this server (`postgres` by default). */
  url(database?: string): string;
  /** A new, empty database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** An immediate shutdown (by pid) that keeps the directory, so restart() brings it back (outage tests). */
  kill(): Promise<void>;
  restart(): Promise<void>;
  /** A fast shutdown by pid, and its directory removed. */
  stop(): Promise<void>;
}

/** Debian's layout (/usr/lib/postgresql/<major>/bin), newest first; POSTGRES_BIN_DIR overrides it. */
export function postgresBinDir(): string | undefined {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Postgres refuses to run as root: as root, its commands run as the package's `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function ownByServerUser(path: string): void {
  if (!isRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(path, uid, gid);
}

async function waitUntilAccepting(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`postgres did not start on ${url}: ${log().slice(-800)}`);
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

async function signalAndWait(dataDir: string, signal: NodeJS.Signals): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'No Postgres server binaries found. Install them (Debian/Ubuntu: apt-get install postgresql) or set POSTGRES_BIN_DIR.',
    );
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bff-postgres-'));
  ownByServerUser(dir);
  const dataDir = join(dir, 'data');
  const [initdb, initArgs] = asServerUser(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore' });
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let output = '';
  const spawnServer = () => {
    const [command, args] = asServerUser(join(bin, 'postgres'), [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      // A throwaway cluster: durability costs time and buys nothing here.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ]);
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    return child;
  };
  let child = spawnServer();
  await waitUntilAccepting(url(), child, () => output);
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async kill() {
      await signalAndWait(dataDir, 'SIGQUIT');
    },
    async restart() {
      child = spawnServer();
      await waitUntilAccepting(url(), child, () => output);
    },
    async stop() {
      await signalAndWait(dataDir, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
