import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Entry points of the compiled server: what `npm start` runs, and demo mode's simulator, kept apart. */
export const SERVER_ENTRY = 'start.js';
/** Under a `mocks/` folder on purpose: a real-mode process must never load anything under it. */
export const DEMO_SIMULATOR_ENTRY = 'mocks/demo-upstream.js';

/**
 * Compiles the BFF to plain JavaScript for `node` (no TypeScript loader at run time). Packages stay in
 * node_modules (external); the simulator and msw are reached only through demo-upstream's dynamic import,
 * which becomes a separate file that real mode never loads.
 */
export async function buildServer(root: string, outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      [SERVER_ENTRY.replace(/\.js$/, '')]: 'src/server/start.ts',
      [DEMO_SIMULATOR_ENTRY.replace(/\.js$/, '')]: 'src/server/demo-upstream.ts',
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

export const serverOutDir = (root: string) => join(root, 'dist-server');
