import { Hono } from 'hono';
import { presenceUpdateSchema } from '../../schemas/live.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { LiveHub } from './live-hub.ts';

export interface LiveRoutesDeps {
  hub: LiveHub;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

/**
 * GET /bff/events and PUT /bff/presence (the live hub). CSRF is checked before these run. Neither counts
 * as user activity: an open tab's stream and heartbeats must not keep an idle session alive.
 */
export function liveRoutes(deps: LiveRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession({ ...deps, background: true });

  routes.get('/events', route('/bff/events'), session, (c) =>
    deps.hub.openStream(c.get('sessionToken'), c.get('user'), c.req.header('last-event-id')),
  );

  routes.put('/presence', route('/bff/presence'), session, limitBody(), async (c) => {
    const body = await readJsonBodyAs(
      c,
      presenceUpdateSchema,
      'the presence heartbeat',
      'Send {conversation_id: string or null, state: "viewing" or "replying"} and nothing else.',
    );
    if (!body.ok) return body.response;
    const outcome = await deps.hub.updatePresence(c.get('sessionToken'), c.get('user'), body.value);
    if (outcome === 'unknown_conversation')
      return errorResponse(
        404,
        'not_found',
        'The dashboard knows no conversation with this id, so no presence is reported for it.',
        { resource: 'conversation', field: 'conversation_id' },
      );
    if (outcome === 'rate')
      return errorResponse(
        429,
        'rate_limited',
        'Presence heartbeats from this tab come too often: at most one a second.',
        {},
        { 'retry-after': '1' },
      );
    if (outcome === 'tabs')
      return errorResponse(
        429,
        'rate_limited',
        'This browser already reports presence for as many tabs as it may. Close some dashboard tabs.',
        {},
        { 'retry-after': '30' },
      );
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });

  return routes;
}
