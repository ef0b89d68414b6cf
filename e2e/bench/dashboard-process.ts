import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where `npm start` runs. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface DashboardPorts {
  port: number;
  mockApiPort: number;
  /** The benchmark's own build folder, so it never replaces the one a running dashboard serves. */
  distDir: string;
}

/**
 * The dashboard in demo mode exactly as `npm start` runs it: the build half (the SPA when its sources
 * changed, the compiled BFF), then plain `node dist-server/start.js`. Stop the returned process with
 * SIGTERM.
 */
export function startDashboard({ port, mockApiPort, distDir }: DashboardPorts): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(port),
    MOCK_API_PORT: String(mockApiPort),
    DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
  };
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/prepare-start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`The dashboard did not build (exit code ${built.status}).`);
  return spawn(process.execPath, ['dist-server/start.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `/healthz` answers; fails if the process exits or three minutes pass first. */
export async function waitUntilUp(child: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The dashboard exited (code ${child.exitCode}).`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The dashboard did not start within 3 minutes.');
}
