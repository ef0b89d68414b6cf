import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { securityEvent } from '../http/security-events.ts';
import type { Logger } from '../log/logger.ts';

/**
 * The one way a route is for owners only: put after the session it requires. Anyone else gets 403
 * `role_forbidden` saying what only an owner may do, and the refusal is a security event when a log is given.
 */
export function ownerOnly(refusal: string, logger?: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('user').role !== 'owner') {
      if (logger) securityEvent(logger, c, 'authz.role_refused', { user_id: c.get('user').id });
      return errorResponse(403, 'role_forbidden', refusal);
    }
    await next();
  };
}
