import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * The request target exactly as the client sent it. @hono/node-server (like any WHATWG URL parser)
 * resolves dot segments, so `/api/v1/x/../agent-config` would reach the handlers as `/api/v1/agent-config`;
 * security decisions are taken on the raw target instead. Under app.request() in tests there is no socket,
 * and the URL the test passed is used.
 */
export function rawRequestTarget(c: Context<AppEnv>): string {
  const raw = c.env?.incoming?.url;
  if (typeof raw === 'string') {
    if (raw.startsWith('/')) return raw;
    // Absolute form whose authority host-guard.ts accepted: the path as sent, still not normalised.
    const authorityStart = raw.indexOf('//');
    if (authorityStart !== -1) {
      const rest = raw.slice(authorityStart + 2);
      const end = rest.search(/[/?#]/);
      if (end === -1) return '/';
      return rest[end] === '/' ? rest.slice(end) : `/${rest.slice(end)}`;
    }
  }
  const url = c.req.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  return pathStart === -1 ? '/' : url.slice(pathStart);
}
