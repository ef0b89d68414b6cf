import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './errors.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from './security-events.ts';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The origins the dashboard is served under: the public origin, and when that is a loopback address (the
 * demo), the other loopback spellings with the same scheme and port. A rebinding attacker's name is never
 * among them, because a browser sends the name it resolved in Host and Origin.
 */
export function acceptedOrigins(publicOrigin: string): Set<string> {
  const url = new URL(publicOrigin);
  const origins = new Set([url.origin]);
  if (LOOPBACK_NAMES.includes(url.hostname)) {
    for (const name of LOOPBACK_NAMES)
      origins.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
}

/** The Host header values (authority) of those origins, lower-case. */
export function acceptedHosts(origins: Set<string>): Set<string> {
  return new Set([...origins].map((origin) => new URL(origin).host.toLowerCase()));
}

/** Health probes come from load balancers that address the instance by IP; they reveal nothing (see /readyz). */
const HOST_EXEMPT = new Set(['/healthz', '/readyz']);

/**
 * DNS-rebinding defence: a request whose Host is not the dashboard's own is refused (421) before any
 * route runs, and so is an absolute-form target (`GET http://evil.example/api/...`) whose authority is
 * not the dashboard's (the allowlist then sees only origin-form targets; see raw-target.ts).
 */
export function hostGuard(publicOrigin: string, logger: Logger): MiddlewareHandler<AppEnv> {
  const origins = acceptedOrigins(publicOrigin);
  const hosts = acceptedHosts(origins);
  return async (c, next) => {
    const refuse = () => {
      c.set('route', 'host_refused');
      securityEvent(logger, c, 'host.refused', { host: (c.req.header('host') ?? '').slice(0, 255) });
      return errorResponse(421, 'host_not_allowed', 'This server does not answer for that host name.');
    };
    const raw = c.env?.incoming?.url;
    if (typeof raw === 'string' && !raw.startsWith('/')) {
      let authority: string | undefined;
      try {
        const url = new URL(raw);
        authority = `${url.protocol}//${url.host}`;
      } catch {
        authority = undefined;
      }
      if (authority === undefined || !origins.has(authority)) return refuse();
    }
    if (HOST_EXEMPT.has(c.req.path)) {
      await next();
      return;
    }
    const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    if (!hosts.has(host)) return refuse();
    await next();
  };
}
