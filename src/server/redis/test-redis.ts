import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

/** A port nobody listens on right now (the OS picks it; a race with another process is retried below). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A private redis-server for tests: a free loopback port, no persistence, a throwaway directory.
 * `stop()` ends that process (by its pid) and removes the directory.
 */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'test-redis-'));
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let spawnError: Error | undefined;
    child.once('error', (error) => (spawnError = error));
    const url = `redis://127.0.0.1:${port}`;
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(child.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    };
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !spawnError && child.exitCode === null) {
      if (await answersPing(url)) return { url, stop };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    if (spawnError) {
      throw new Error(
        `Could not start ${REDIS_SERVER} (${spawnError.message}). Install Debian's redis-server package (apt-get install -y redis-server).`,
      );
    }
    // The port was taken between picking and binding, or the server was slow: try another port.
  }
  throw new Error('redis-server did not answer PING on any of 5 ports.');
}
