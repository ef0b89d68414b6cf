import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Logger } from './http/logger.ts';

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

/** Builds the SPA with Vite's API when needed, so `npm start` works on a fresh clone. */
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
  // Imported lazily: Vite is only needed when a build is due.
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  logger.info({ duration_ms: Math.round(performance.now() - started) }, 'dashboard built');
}
