import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { Logger } from '../log/logger.ts';

/**
 * One structured line per request. Fields are picked one by one (no request or response object is
 * handed to pino), so cookies, the key, passwords and bodies cannot end up in the log.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('requestId', randomUUID());
    await next();
    const status = c.res.status;
    const line = {
      req_id: c.get('requestId'),
      method: c.req.method,
      route: c.get('route') ?? 'unmatched',
      status,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      user_id: c.get('user')?.id,
    };
    if (status >= 500) logger.warn(line, 'request');
    else logger.info(line, 'request');
  };
}
