import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Where violations are reported (csp-report.ts): report-to for current browsers, report-uri for the rest. */
const REPORT_ENDPOINT = '/csp-report';
export const REPORTING_ENDPOINTS = `csp="${REPORT_ENDPOINT}"`;

/**
 * The SPA document's policy: no inline script or style (React's style prop goes through the CSSOM, which
 * CSP allows), DOM script sinks only through Trusted Types (only the default policy of src/lib/trusted-types.ts), nothing from elsewhere,
 * never framed; violations are reported to the BFF's log.
 */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // The one inline stylesheet allowed, by hash: react-aria's usePress inserts
  // `@layer { [data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom; } }` (no nonce here).
  "style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types default',
  `report-uri ${REPORT_ENDPOINT}`,
  'report-to csp',
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

function fixedHeaders(secure: boolean): Record<string, string> {
  const fixed: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // The rest of what hono/secure-headers sends by default: its own keyed agent cluster (no
    // document.domain), no cross-origin DNS prefetching, no Flash/PDF cross-domain policy files, and the
    // legacy XSS auditor (itself a leak) and IE's "open" download button off.
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'x-download-options': 'noopen',
  };
  // Only over https: on plain http browsers ignore it, and it would only confuse a local demo.
  // includeSubDomains: a sibling subdomain on plain http could otherwise set cookies for this one.
  if (secure) fixed['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return fixed;
}

const cspFor = (contentType: string | undefined) =>
  contentType?.startsWith('text/html') ? SPA_CSP : NON_DOCUMENT_CSP;

/**
 * Hot path (every proxied answer): returns the answer's headers with the security headers merged in, as a
 * plain object. For API answers only: they are never documents, whatever Content-Type the upstream sent, so
 * they always get the no-content CSP. @hono/node-server writes a plain-object header set straight to the socket; mutating the
 * Response afterwards would build a Headers object and convert it back on every request.
 */
export function withApiSecurityHeaders(
  c: Context<AppEnv>,
  headers: Record<string, string>,
): Record<string, string> {
  c.set('securityHeadersSet', true);
  return {
    ...c.get('securityHeaders'),
    'x-request-id': c.get('requestId'),
    ...headers,
    'content-security-policy': NON_DOCUMENT_CSP,
  };
}

/**
 * Puts the security headers on every answer: refusals, static files and anything else that did not
 * already get them through withApiSecurityHeaders.
 */
export function securityHeaders(options: { secure: boolean }): MiddlewareHandler<AppEnv> {
  const fixed = fixedHeaders(options.secure);
  return async (c, next) => {
    c.set('securityHeaders', fixed);
    await next();
    if (c.get('securityHeadersSet')) return;
    const headers = c.res.headers;
    for (const name in fixed) headers.set(name, fixed[name]!);
    const csp = cspFor(headers.get('content-type') ?? undefined);
    headers.set('content-security-policy', csp);
    if (csp === SPA_CSP) headers.set('reporting-endpoints', REPORTING_ENDPOINTS);
    headers.set('x-request-id', c.get('requestId'));
  };
}
