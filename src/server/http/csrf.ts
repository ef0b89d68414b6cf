import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for /bff/* and /api/* (Duende BFF's pattern plus Fetch Metadata):
 * - `X-CSRF: 1` on every request, GETs included. A cross-site page cannot add a custom header without a
 *   CORS preflight, which this server never approves, and a plain <form> or <img> cannot add it at all.
 * - unsafe methods must also prove they come from the dashboard's own origin: `Sec-Fetch-Site: same-origin`
 *   (set by the browser, not forgeable by a page) or an `Origin` equal to PUBLIC_ORIGIN.
 * The session cookie's SameSite=Strict is a third, independent layer.
 */
export function csrfGuard(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('x-csrf') !== '1') {
      return errorResponse(403, 'csrf_failed', 'The request lacks the X-CSRF: 1 header the dashboard sends.');
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      if (site !== 'same-origin' && origin !== publicOrigin) {
        return errorResponse(
          403,
          'csrf_failed',
          'This change did not come from the dashboard page (cross-site request refused).',
        );
      }
    }
    await next();
  };
}
