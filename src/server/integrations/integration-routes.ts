import { Hono } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import {
  INTEGRATION_KINDS,
  INTEGRATION_LABEL_MAX,
  INTEGRATION_NOTE_MAX,
  INTEGRATION_SEARCH_MAX,
  integrationLabelSchema,
} from '../../schemas/integrations.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import { pathId } from '../http/path-ids.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { REFRESH_AT_OPEN_MAX } from './integration-refresh.ts';
import type { Integrations } from './integrations.ts';

export interface IntegrationRoutesDeps {
  integrations: () => Promise<Integrations>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };
const LABEL_BODY_MAX_BYTES = 8 * 1024;

const ownersOnly = ownerOnly('Only an owner manages integrations.');

/**
 * The integrations the dashboard remembers (owners; CSRF is checked before these run; a database outage
 * answers 503 `database_unavailable`). Entries are added by the proxy's answers (an endpoint read, a
 * template removal), never from here:
 * - GET /bff/integrations?q=: the entries and the removed ones' history, `q` searching id, URL, label,
 *   note and events;
 * - POST /bff/integrations/refresh: the list was opened; up to REFRESH_AT_OPEN_MAX endpoints, the least
 *   recently looked up, are marked for the store feed to read again from its own budget (202
 *   `{data: {refreshing}}`); a live `integrations` event follows once it has read them;
 * - PATCH /bff/integrations/{kind}/{id} `{label, note}`: an owner's label and note.
 */
export function integrationRoutes(deps: IntegrationRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  routes.get('/integrations', route('/bff/integrations'), session, ownersOnly, async (c) => {
    const query = c.req.query();
    const q = query.q ?? '';
    if (Object.keys(query).some((name) => name !== 'q') || q.length > INTEGRATION_SEARCH_MAX)
      return errorResponse(
        400,
        'invalid_query',
        `Search with q only, at most ${INTEGRATION_SEARCH_MAX} characters.`,
        { field: 'q' },
      );
    return c.json({ data: await (await deps.integrations()).list(q) }, 200, NO_STORE);
  });

  routes.post('/integrations/refresh', route('/bff/integrations/refresh'), session, ownersOnly, async (c) => {
    const refreshing = await (await deps.integrations()).wantRefresh(REFRESH_AT_OPEN_MAX);
    return c.json({ data: { refreshing } }, 202, NO_STORE);
  });

  routes.patch(
    '/integrations/:kind/:id',
    route('/bff/integrations/{kind}/{id}'),
    session,
    ownersOnly,
    limitBody(LABEL_BODY_MAX_BYTES),
    async (c) => {
      const kind = INTEGRATION_KINDS.find((known) => known === c.req.param('kind'));
      const id = pathId(c, 'id');
      if (kind === undefined || id === undefined)
        return errorResponse(404, 'not_found', 'The dashboard knows no such integration.', {
          resource: 'integration',
        });
      const input = await readJsonBodyAs(
        c,
        integrationLabelSchema,
        'the label',
        `Send a label (at most ${INTEGRATION_LABEL_MAX} characters) and a note (at most ${INTEGRATION_NOTE_MAX}).`,
      );
      if (!input.ok) return input.response;
      if (!(await (await deps.integrations()).relabel(kind, id, input.value)))
        return errorResponse(404, 'not_found', 'The dashboard knows no such integration.', {
          resource: 'integration',
        });
      return c.json({ data: input.value }, 200, NO_STORE);
    },
  );

  return routes;
}
