import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../log/logger.ts';
import { startRuntime } from '../runtime.ts';

/**
 * The BFF for `npm run bench:live`, configured from the environment like `npm start`. It also answers
 * `{type: 'memory'}` over IPC with its memory after a full GC (run with --expose-gc) and its stream count.
 */
const runtime = await startRuntime(loadConfig(), {
  logger: createLogger(loadConfig().logLevel),
  distDir: fileURLToPath(new URL('../../../dist', import.meta.url)),
});
process.send?.({ url: runtime.listenUrl });
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  process.send?.({
    type: 'memory',
    heapUsed,
    rss,
    external,
    arrayBuffers,
    streams: runtime.app.liveHub.streamCount,
  });
});
process.on('SIGTERM', () => void runtime.close().then(() => process.exit(0)));
