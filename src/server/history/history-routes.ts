import { Hono } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import {
  retentionSettingsSchema,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from '../../schemas/data-settings.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import { pathId } from '../http/path-ids.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { ConversationHistory } from './conversation-history.ts';
import type { Retention } from './retention.ts';

export interface HistoryRoutesDeps {
  history: () => Promise<ConversationHistory>;
  retention: () => Promise<Retention>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The dashboard's own records (CSRF is checked before these run; a database outage answers 503
 * `database_unavailable` through the app's error handler):
 * - GET /bff/conversations/{id}/history: the conversation's history, oldest first;
 * - GET /bff/data-settings, PUT (owners) `{retention_days}`: how long copies and history are kept.
 */
export function historyRoutes(deps: HistoryRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  routes.get('/conversations/:id/history', route('/bff/conversations/{id}/history'), session, async (c) => {
    // The proxy's rule for an id in a path, on the segment as sent (`/bff/conversations/{id}/history`).
    const id = pathId(c, 'id');
    if (id === undefined)
      return errorResponse(400, 'invalid_request', 'That is not a conversation id.', { field: 'id' });
    const entries = await (await deps.history()).list(id);
    return c.json({ data: entries }, 200, NO_STORE);
  });

  routes.get('/data-settings', route('/bff/data-settings'), session, async (c) => {
    return c.json({ data: await (await deps.retention()).settings() }, 200, NO_STORE);
  });

  const owner = ownerOnly('Only an owner can change how long the dashboard keeps data.');
  routes.put('/data-settings', route('/bff/data-settings'), session, limitBody(), owner, async (c) => {
    const body = await readJsonBodyAs(
      c,
      retentionSettingsSchema,
      'the data settings',
      `Send the data settings as {retention_days: ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}} and nothing else.`,
    );
    if (!body.ok) return body.response;
    const retention = await deps.retention();
    await retention.update(body.value);
    // Applied at once: shortening the retention removes what it no longer covers now, not within the hour.
    await retention.apply();
    return c.json({ data: body.value }, 200, NO_STORE);
  });

  return routes;
}
