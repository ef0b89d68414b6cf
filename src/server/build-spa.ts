import { readdirSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './log/logger.ts';

/** Inputs of the Vite build, relative to the project root. */
const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts'];

/** Files that cannot change the SPA bundle: the BFF itself and tests. */
function ignored(root: string, path: string): boolean {
  const rel = relative(root, path).split('\\').join('/');
  return (
    rel === 'src/server' ||
    rel.startsWith('src/server/') ||
    /\.test\.tsx?$/.test(rel) ||
    rel.includes('node_modules')
  );
}

function newestMtime(root: string, path: string): number {
  if (ignored(root, path)) return 0;
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(root, join(path, entry)));
  return newest;
}

/** Why the SPA must be (re)built, or undefined when dist/ is up to date. */
export function buildReason(root: string, distDir: string, force: boolean): string | undefined {
  if (force) return 'FORCE_BUILD=1';
  let built: number;
  try {
    built = statSync(join(distDir, 'index.html')).mtimeMs;
  } catch {
    return 'no build yet';
  }
  const newest = Math.max(...BUILD_INPUTS.map((input) => newestMtime(root, join(root, input))));
  return newest > built ? 'sources changed since the last build' : undefined;
}

/**
 * Builds the SPA with Vite's build() API when needed, so `npm start` works on a fresh clone. The build runs
 * in a child process (build-spa-child.ts): Vite's bundler keeps hundreds of megabytes that the long-running
 * server should not carry for its whole life.
 */
export async function buildSpaIfNeeded(
  root: string,
  distDir: string,
  force: boolean,
  logger: Logger,
): Promise<void> {
  const reason = buildReason(root, distDir, force);
  if (!reason) return;
  logger.info({ reason }, 'building the dashboard');
  const started = performance.now();
  const child = fileURLToPath(new URL('./build-spa-child.ts', import.meta.url));
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['--import', 'tsx', child, root, distDir], {
      cwd: root,
      stdio: 'inherit',
    });
    build.once('error', reject);
    build.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`the dashboard build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
  logger.info({ duration_ms: Math.round(performance.now() - started) }, 'dashboard built');
}
