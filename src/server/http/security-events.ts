import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { Logger } from '../log/logger.ts';

/**
 * Named security events, one log line each, so an operator can alert on `event` alone. Fields are
 * picked by the caller; never a password, a cookie, a token or the key.
 */
export type SecurityEventName =
  | 'auth.sign_in_succeeded'
  | 'auth.sign_in_failed'
  | 'auth.sign_in_throttled'
  | 'auth.sign_out'
  | 'auth.session_expired'
  | 'auth.session_revoked'
  | 'auth.second_factor_on'
  | 'auth.second_factor_off'
  | 'authz.role_refused'
  | 'csrf.refused'
  | 'host.refused'
  | 'api.rate_limited'
  | 'csp.violation';

const WARN_EVENTS = new Set<SecurityEventName>([
  'auth.sign_in_failed',
  'auth.sign_in_throttled',
  'authz.role_refused',
  'csrf.refused',
  'host.refused',
  'api.rate_limited',
  'csp.violation',
]);

export function securityEvent(
  logger: Logger,
  c: Context<AppEnv> | undefined,
  event: SecurityEventName,
  fields: Record<string, unknown> = {},
): void {
  const line = { event, ...(c ? { req_id: c.get('requestId') } : {}), ...fields };
  if (WARN_EVENTS.has(event)) logger.warn(line, event);
  else logger.info(line, event);
}
