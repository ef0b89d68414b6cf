import type { Hono } from 'hono';
import {
  retentionSettingsSchema,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from '../../schemas/data-settings.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { bffRouter, conversationIdParam } from '../http/route.ts';
import type { ConversationHistory } from './conversation-history.ts';
import type { Retention } from './retention.ts';

export interface HistoryRoutesDeps {
  history: () => Promise<ConversationHistory>;
  retention: () => Promise<Retention>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The dashboard's own records (CSRF is checked before these run; a database outage answers 503
 * `database_unavailable` through the app's error handler):
 * - GET /bff/conversations/{id}/history: the conversation's history, oldest first;
 * - GET /bff/data-settings, PUT (owners) `{retention_days}`: how long copies and history are kept.
 */
export function historyRoutes(deps: HistoryRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);

  router.get(
    '/conversations/:id/history',
    { session: 'signed in', params: { id: conversationIdParam } },
    async (c, { params }) => c.json({ data: await (await deps.history()).list(params.id) }, 200, NO_STORE),
  );

  router.get('/data-settings', { session: 'signed in' }, async (c) =>
    c.json({ data: await (await deps.retention()).settings() }, 200, NO_STORE),
  );

  const settings = {
    schema: retentionSettingsSchema,
    subject: 'the data settings',
    hint: `Send the data settings as {retention_days: ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}} and nothing else.`,
  };
  const ownersOnly = { refusal: 'Only an owner can change how long the dashboard keeps data.' };
  router.put('/data-settings', { session: 'signed in', ownersOnly, body: settings }, async (c, { body }) => {
    const retention = await deps.retention();
    await retention.update(body);
    // Applied at once: shortening the retention removes what it no longer covers now, not within the hour.
    await retention.apply();
    return c.json({ data: body }, 200, NO_STORE);
  });

  return router.routes;
}
