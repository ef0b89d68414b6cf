import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';
import { acceptedOrigins } from './host-guard.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from './security-events.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for /bff/* and /api/* (Duende BFF's pattern plus Fetch Metadata):
 * - `X-CSRF: 1` on every request, GETs included. A cross-site page cannot add a custom header without a
 *   CORS preflight, which this server never approves, and a plain <form> or <img> cannot add it at all.
 * - unsafe methods must also prove they come from the dashboard's own origin: an `Origin`, when present,
 *   must be PUBLIC_ORIGIN (whatever Sec-Fetch-Site says: after a DNS rebinding the attacker's page is
 *   "same-origin" with itself, but its Origin names the attacker); without Origin, `Sec-Fetch-Site:
 *   same-origin` (set by the browser, not forgeable by a page) is required.
 * The session cookie's SameSite=Strict is a third, independent layer.
 */
export function csrfGuard(publicOrigin: string, logger?: Logger): MiddlewareHandler<AppEnv> {
  const origins = acceptedOrigins(publicOrigin);
  const refuse = (c: Parameters<MiddlewareHandler<AppEnv>>[0], reason: string, message: string) => {
    if (logger) securityEvent(logger, c, 'csrf.refused', { reason, method: c.req.method });
    return errorResponse(403, 'csrf_failed', message);
  };
  return async (c, next) => {
    if (c.req.header('x-csrf') !== '1') {
      return refuse(c, 'missing_header', 'The request lacks the X-CSRF: 1 header the dashboard sends.');
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fromDashboard =
        origin !== undefined ? origins.has(origin) : c.req.header('sec-fetch-site') === 'same-origin';
      if (!fromDashboard) {
        return refuse(
          c,
          'foreign_origin',
          'This change did not come from the dashboard page (cross-site request refused).',
        );
      }
    }
    await next();
  };
}
