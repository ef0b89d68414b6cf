import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { bytesBody } from './bytes-body.ts';
import { acceptedEncodings } from './static-files.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the BFF's JSON answers (API lists, the session) on the fly, Brotli at quality 4 or gzip at
 * level 6 (fast settings: bench:bff measured the cost, see the README). Only complete JSON bodies: any
 * other type passes untouched, above all `text/event-stream`, which must stream and never be buffered.
 * Runs zlib on the thread pool, so a large answer does not hold up the event loop.
 */
export function jsonCompression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/(.+\+)?json\b/i.test(type)) return;
    if (c.req.method === 'HEAD' || response.body === null || response.headers.has('content-encoding')) return;
    const [encoding] = acceptedEncodings(c.req.header('accept-encoding'));
    const vary = response.headers.get('vary');
    const headers = new Headers(response.headers);
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (!encoding) {
      c.res = new Response(response.body, { status: response.status, headers });
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length < JSON_COMPRESSION_THRESHOLD) {
      c.res = new Response(bytesBody(body), { status: response.status, headers });
      return;
    }
    const compressed =
      encoding.name === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: 6 });
    headers.set('content-encoding', encoding.name);
    headers.delete('content-length');
    c.res = new Response(bytesBody(compressed), { status: response.status, headers });
  };
}
