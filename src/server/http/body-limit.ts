import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { REQUEST_BODY_MAX_BYTES } from '../../schemas/limits.ts';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';

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
 * body is read. Chunked bodies (no Content-Length) are counted by limitBody on the routes that read a body.
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
 * The body cap on a route that reads its body (hono's bodyLimit): a declared length over it is refused
 * unread, a chunked body is counted while it streams in and refused as soon as it passes. Mounted after
 * the session and CSRF checks, so nobody uploads a megabyte before being refused. `onTooLarge` replaces
 * the 413 where a client must not be told (CSP reports).
 */
export function limitBody(
  maxBytes = REQUEST_BODY_MAX_BYTES,
  onTooLarge: () => Response = () => payloadTooLarge(maxBytes),
): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize: maxBytes, onError: () => onTooLarge() });
}
