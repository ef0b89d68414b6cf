import { fileURLToPath } from 'node:url';
import { createLogger } from './log/logger.ts';
import { startRuntime } from './runtime.ts';
import { exitWhenTheDatabaseFails, handleSignals, loadConfigOrExit, startupBanner } from './lifecycle.ts';

/**
 * `npm run dev`: the BFF (demo upstream unless a real store is configured) on PORT (8080), with Vite's dev
 * server on 5173 in front of it for hot reload. vite.config.ts proxies /api and /bff to BFF_ORIGIN.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const VITE_PORT = 5173;

async function main() {
  const host = process.env.HOST || '127.0.0.1';
  // The browser talks to Vite's origin; writes are checked against it (Sec-Fetch-Site covers browsers too).
  const env = { ...process.env, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://${host}:${VITE_PORT}` };
  const config = loadConfigOrExit(env);
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, { logger, distDir: DIST });
  exitWhenTheDatabaseFails(runtime);
  process.env.BFF_ORIGIN = runtime.listenUrl;

  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT, server: { host, port: VITE_PORT, strictPort: true } });
  await vite.listen();
  process.stdout.write(startupBanner(config, { ...runtime, url: `http://${host}:${VITE_PORT}` }));
  process.stdout.write(
    `BFF at ${runtime.listenUrl}; Vite dev server with hot reload at http://${host}:${VITE_PORT}\n`,
  );
  handleSignals(
    async () => {
      await vite.close();
      await runtime.close();
    },
    () => runtime.reload(),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
