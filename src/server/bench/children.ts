import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const children: ChildProcess[] = [];

/**
 * Starts a benchmark server (simulator, BFF) in its own process, as in production (no shared event loop),
 * and resolves with the URL it reports over IPC. Its stdout (the BFF's request log) is written, not read.
 */
export function startBenchChild(
  file: URL,
  env: Record<string, string>,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(file), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, url: (message as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`${file.pathname} exited early (code ${code})`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

const otherServers: (() => Promise<void>)[] = [];

/** A server the benchmark started other than as a child (a throwaway Postgres): stopped with the children. */
export function stopWithChildren(stop: () => Promise<void>): void {
  otherServers.push(stop);
}

export async function stopChildren(): Promise<void> {
  await Promise.all([...children.map(stopChild), ...otherServers.map((stop) => stop())]);
}

/**
 * Runs a benchmark with a scratch directory. Whatever happens, the servers it started are stopped and the
 * directory removed; a failure prints its message and exits 1.
 */
export function runBench(name: string, body: (dir: string) => Promise<void>): void {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const cleanUp = async () => {
    await stopChildren();
    rmSync(dir, { recursive: true, force: true });
  };
  body(dir).then(cleanUp, async (error: unknown) => {
    console.error(`Benchmark failed: ${(error as Error).message}`);
    await cleanUp();
    process.exit(1);
  });
}
