import type { Hono } from 'hono';
import { presenceUpdateSchema } from '../../schemas/live.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter } from '../http/route.ts';
import type { LiveHub } from './live-hub.ts';

export interface LiveRoutesDeps {
  hub: LiveHub;
  access: RouteAccess;
}

/**
 * GET /bff/events and PUT /bff/presence (the live hub). CSRF is checked before these run. Neither counts
 * as user activity: an open tab's stream and heartbeats must not keep an idle session alive.
 */
export function liveRoutes(deps: LiveRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);

  // The stream is a route like any other: the recipe checks its session, the hub answers with the stream.
  router.get('/events', { session: 'background' }, (c) =>
    deps.hub.openStream(c.get('sessionToken'), c.get('user'), c.req.header('last-event-id')),
  );

  const heartbeat = {
    schema: presenceUpdateSchema,
    subject: 'the presence heartbeat',
    hint: 'Send {conversation_id: string or null, state: "viewing" or "replying"} and nothing else.',
  };
  router.put('/presence', { session: 'background', body: heartbeat }, async (c, { body }) => {
    const outcome = await deps.hub.updatePresence(c.get('sessionToken'), c.get('user'), body);
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

  return router.routes;
}
