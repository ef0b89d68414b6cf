import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this module with a package.json. Found by walking up,
 * because this code runs both from src/server (tsx, tests) and compiled from dist-server/.
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** DIST_DIR lets several checkouts' test runs build side by side without overwriting each other. */
export function distDirFor(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.DIST_DIR ? resolve(root, env.DIST_DIR) : join(root, 'dist');
}
