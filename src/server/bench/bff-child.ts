import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../log/logger.ts';
import { startRuntime } from '../runtime.ts';

/** The BFF in its own process for the benchmark, configured from the environment like `npm start`. */
const runtime = await startRuntime(loadConfig(), {
  logger: createLogger(loadConfig().logLevel),
  distDir: fileURLToPath(new URL('../../../dist', import.meta.url)),
});
process.send?.({ url: runtime.listenUrl });
process.on('SIGTERM', () => void runtime.close().then(() => process.exit(0)));
