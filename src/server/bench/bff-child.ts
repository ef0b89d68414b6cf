import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { createLogger } from '../http/logger.ts';
import { startRuntime } from '../runtime.ts';

/** The BFF in its own process for the benchmark, configured from the environment like `npm start`. */
const runtime = await startRuntime(loadConfig(), {
  logger: createLogger(loadConfig().logLevel),
  distDir: fileURLToPath(new URL('../../../dist', import.meta.url)),
});
process.send?.({ url: runtime.listenUrl });
process.on('SIGTERM', () => void runtime.close().then(() => process.exit(0)));
