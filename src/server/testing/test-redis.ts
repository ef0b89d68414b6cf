import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private redis-server for a test file: its own port, a throwaway directory, no persistence. */
export interface TestRedis {
  url: string;
  port: number;
  /** Kills it (by pid) and removes its directory. */
  stop(): Promise<void>;
  /** Kills it but keeps the port and directory, so restart() brings it back on the same URL (outage tests). */
  kill(): Promise<void>;
  restart(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

/** Redis cannot listen on port 0: ask the kernel for a free port, then hand it over. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Sends PING and resolves true when +PONG comes back. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function spawnRedis(port: number, dir: string): ChildProcess {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.on('error', () => {
    // Reported by the start-up wait below (no PONG), with what to install.
  });
  return child;
}

async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(
    `redis-server did not answer PING on port ${port}. Is it installed? (Debian/Ubuntu: apt-get install redis-server, or set REDIS_SERVER_PATH)`,
  );
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bff-redis-'));
  let child = spawnRedis(port, dir);
  await waitForPing(port, child);
  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    async restart() {
      child = spawnRedis(port, dir);
      await waitForPing(port, child);
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
