import type { MiddlewareHandler } from 'hono';
import { REQUEST_BODY_MAX_BYTES } from '../../schemas/limits.ts';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';

export class PayloadTooLargeError extends Error {
  constructor() {
    super('Request body over the cap');
    this.name = 'PayloadTooLargeError';
  }
}

export const payloadTooLarge = (maxBytes: number): Response =>
  errorResponse(
    413,
    'payload_too_large',
    `The request body is larger than the ${Math.round(maxBytes / 1024)} KiB the dashboard accepts.`,
    {},
    // Close the connection rather than reading (and discarding) the rest of an oversized upload.
    { connection: 'close' },
  );

/**
 * First fence, on every route: a declared Content-Length over the cap is refused before any byte of the
 * body is read. Chunked bodies (no Content-Length) are counted by readBodyCapped while streaming.
 */
export function declaredLengthLimit(maxBytes = REQUEST_BODY_MAX_BYTES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) {
      return payloadTooLarge(maxBytes);
    }
    await next();
  };
}

/**
 * Reads the request body as raw bytes (never decoded, so invalid UTF-8 reaches the upstream untouched),
 * stopping as soon as it passes maxBytes.
 */
export async function readBodyCapped(request: Request, maxBytes = REQUEST_BODY_MAX_BYTES): Promise<Buffer> {
  const stream = request.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) {
    const only = chunks[0]!;
    return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
  }
  return Buffer.concat(chunks, total);
}
