import { createLogger } from './log/logger.ts';
import { exitWhenTheDatabaseFails, handleSignals, loadConfigOrExit, startupBanner } from './lifecycle.ts';
import { distDirFor, projectRoot } from './config/paths.ts';
import { startRuntime } from './runtime.ts';

/**
 * `npm start`'s server (compiled to dist-server/start.js by prepare-start.ts, run with plain node):
 * serves the built SPA with the BFF and, in demo mode, the simulator.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, { logger, distDir: distDirFor(projectRoot()) });
  logger.info({ url: runtime.url, mode: config.mode.kind }, 'dashboard listening');
  process.stdout.write(startupBanner(config, runtime));
  exitWhenTheDatabaseFails(runtime);
  handleSignals(
    () => runtime.close(),
    () => runtime.reload(),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
