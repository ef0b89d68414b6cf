import type { Context } from 'hono';
import { SESSION_STORE_UNAVAILABLE } from '../../schemas/bff.ts';
import { DATABASE_UNAVAILABLE } from '../../schemas/data-settings.ts';
import { DatabaseUnavailableError, driverErrorSummary, loggableMessage } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isClientAbort } from '../http/client-abort.ts';
import { errorResponse } from '../http/errors.ts';
import { WriteBudgetSpentError } from '../http/write-budgets.ts';
import type { Logger } from '../log/logger.ts';
import { StoreBudgetSpentError } from '../proxy/api-budget.ts';
import { SharedStateUnavailableError } from '../redis/connection.ts';

/**
 * The answer to an error no route handled: an outage (Redis, the database) or a spent budget is said
 * plainly with when to try again; anything else is a 500 whose log line holds no request data.
 */
export function errorAnswers(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof SharedStateUnavailableError) {
      // Never a crash and never a silent fallback to this process's memory: say so, the SPA retries.
      logger.warn({ req_id: c.get('requestId'), route: c.get('route') }, 'shared state unavailable');
      return errorResponse(
        503,
        SESSION_STORE_UNAVAILABLE,
        'The dashboard server cannot reach its session store right now. Try again in a moment.',
        {},
        { 'retry-after': '5' },
      );
    }
    if (error instanceof DatabaseUnavailableError) {
      // The store's own data is still served (the proxy needs no database); only the team's records wait.
      logger.warn(
        {
          req_id: c.get('requestId'),
          route: c.get('route'),
          err_message: driverErrorSummary(error).message,
        },
        'database unavailable',
      );
      return errorResponse(
        503,
        DATABASE_UNAVAILABLE,
        "The dashboard's database cannot be reached right now. Try again in a moment.",
        {},
        { 'retry-after': '5' },
      );
    }
    if (error instanceof WriteBudgetSpentError) {
      const wait = String(error.retryAfterSeconds);
      return errorResponse(
        429,
        'rate_limited',
        `You have written too many ${error.what} in the last minute. Nothing was saved: try again in ${wait} seconds.`,
        {},
        { 'retry-after': wait },
      );
    }
    if (error instanceof StoreBudgetSpentError) {
      const wait = String(error.retryAfterSeconds);
      return errorResponse(
        429,
        'rate_limited',
        `Your account has used its share of requests to the store for now. Try again in ${wait} seconds.`,
        {},
        { 'retry-after': wait },
      );
    }
    if (isClientAbort(error, c)) {
      // The client went away mid-request (an aborted upload): its doing, not a server fault.
      logger.info({ req_id: c.get('requestId'), route: c.get('route') }, 'request aborted by the client');
      return errorResponse(400, 'request_aborted', 'The request was aborted before it was fully received.');
    }
    // The message may come from anywhere: log its name and message only, never request data.
    logger.error(
      { req_id: c.get('requestId'), err_name: error.name, err_message: loggableMessage(error) },
      'unhandled error',
    );
    return errorResponse(500, 'internal_error', 'Something went wrong in the dashboard server. Try again.');
  };
}
