import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** The SPA document's policy: no inline script, nothing from elsewhere, never framed. */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Everything that is not the SPA document (JSON, assets) never needs to load or run anything. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * Sets the security headers on every answer, after the handler ran, so refusals, proxied answers and
 * static files all carry them. HSTS only when served over https (on http it is ignored anyway and would
 * only confuse a local demo).
 */
export function securityHeaders(options: { secure: boolean }): MiddlewareHandler<AppEnv> {
  const fixed: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  if (options.secure) fixed.push(['strict-transport-security', 'max-age=31536000']);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of fixed) headers.set(name, value);
    const type = headers.get('content-type') ?? '';
    headers.set('content-security-policy', type.startsWith('text/html') ? SPA_CSP : NON_DOCUMENT_CSP);
    headers.set('x-request-id', c.get('requestId'));
  };
}
