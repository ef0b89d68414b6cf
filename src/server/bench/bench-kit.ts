import type { ChildProcess } from 'node:child_process';
import { startBenchChild } from './children.ts';

/** What the benchmarks share: the simulator's control plane, a BFF child's memory, percentiles. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const json = { 'content-type': 'application/json' };

/** A control-plane call; anything but a 2xx stops the benchmark. */
export async function control(
  simUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${simUrl}${path}`, {
    method,
    headers: json,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? undefined : response.json();
}

export type Memory = { heapUsed: number; rss: number; external: number; streams: number };

/** A BFF child's memory after a full GC, and its open streams (live-bff-child.ts answers over IPC). */
export function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string }) => {
      if (message.type !== 'memory') return;
      child.off('message', listener);
      resolve(message as never);
    };
    child.on('message', listener);
    child.send({ type: 'memory' });
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface RealBffSetup {
  simulatorUrl: string;
  usersFile: string;
  sessionSecret: string;
}

/**
 * A BFF in real mode over the simulator (live-bff-child.ts, in its own process): the store's owner key,
 * the benchmark's users file, `env` added (a data directory, Redis, the log level).
 */
export function startRealBff(setup: RealBffSetup, env: Record<string, string>, execArgv: string[] = []) {
  return startBenchChild(
    new URL('./live-bff-child.ts', import.meta.url),
    {
      PORT: '0',
      COMMERCE_API_BASE_URL: setup.simulatorUrl,
      COMMERCE_API_KEY: 'sk_test_demo_owner',
      SESSION_SECRET: setup.sessionSecret,
      DASHBOARD_USERS_FILE: setup.usersFile,
      ...env,
    },
    ['--expose-gc', ...execArgv],
  );
}
