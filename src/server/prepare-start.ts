import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverOutDir } from './build-server.ts';
import { buildSpaIfNeeded } from './build-spa.ts';
import { createLogger } from './log/logger.ts';
import { loadConfigOrExit } from './lifecycle.ts';
import { distDirFor } from './config/paths.ts';

/**
 * The build half of `npm start`: the SPA when its sources changed, and the BFF compiled to JavaScript
 * (a fraction of a second, so always). Then `node dist-server/start.js` serves, with no TypeScript loader.
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  await buildSpaIfNeeded(ROOT, distDirFor(ROOT), config.forceBuild, logger);
  await buildServer(ROOT, serverOutDir(ROOT));
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not build: ${(error as Error).message}\n`);
  process.exit(1);
});
