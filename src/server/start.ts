import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSpaIfNeeded } from './build-spa.ts';
import { createLogger } from './http/logger.ts';
import { handleSignals, loadConfigOrExit, startupBanner } from './lifecycle.ts';
import { startRuntime } from './runtime.ts';

/** `npm start`: build the SPA if needed, then serve it with the BFF (and, in demo mode, the simulator). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// DIST_DIR lets several checkouts' test runs build side by side without overwriting each other.
const DIST = process.env.DIST_DIR
  ? resolve(ROOT, process.env.DIST_DIR)
  : fileURLToPath(new URL('../../dist', import.meta.url));

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  await buildSpaIfNeeded(ROOT, DIST, config.forceBuild, logger);
  const runtime = await startRuntime(config, { logger, distDir: DIST });
  logger.info({ url: runtime.url, mode: config.mode.kind }, 'dashboard listening');
  process.stdout.write(startupBanner(config, runtime));
  handleSignals(
    () => runtime.close(),
    () => runtime.reload(),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
