import type { Hono } from 'hono';
import { z } from 'zod/mini';
import {
  INTEGRATION_KINDS,
  INTEGRATION_LABEL_MAX,
  INTEGRATION_NOTE_MAX,
  INTEGRATION_SEARCH_MAX,
  integrationLabelSchema,
} from '../../schemas/integrations.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, pathParam } from '../http/route.ts';
import { REFRESH_AT_OPEN_MAX } from './integration-refresh.ts';
import type { Integrations } from './integrations.ts';

export interface IntegrationRoutesDeps {
  integrations: () => Promise<Integrations>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };
const LABEL_BODY_MAX_BYTES = 8 * 1024;

const ownersOnly = { refusal: 'Only an owner manages integrations.' };

const unknownIntegration = () =>
  errorResponse(404, 'not_found', 'The dashboard knows no such integration.', { resource: 'integration' });

const searchQuery = {
  schema: z.strictObject({ q: z.optional(z.string().check(z.maxLength(INTEGRATION_SEARCH_MAX))) }),
  refused: () =>
    errorResponse(400, 'invalid_query', `Search with q only, at most ${INTEGRATION_SEARCH_MAX} characters.`, {
      field: 'q',
    }),
};

/**
 * The integrations the dashboard remembers (owners; CSRF is checked before these run; a database outage
 * answers 503 `database_unavailable`). Entries are added by the proxy's answers (an endpoint read, a
 * template removal), never from here:
 * - GET /bff/integrations?q=: the entries and the removed ones' history, `q` searching id, URL, label,
 *   note and events;
 * - POST /bff/integrations/refresh: the list was opened; up to REFRESH_AT_OPEN_MAX endpoints, the least
 *   recently looked up, are marked for the store feed to read again from its own budget (202
 *   `{data: {refreshing}}`); a live `records` event of the integrations follows once it has read them;
 * - PATCH /bff/integrations/{kind}/{id} `{label, note}`: an owner's label and note.
 */
export function integrationRoutes(deps: IntegrationRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);

  router.get(
    '/integrations',
    { session: 'signed in', ownersOnly, query: searchQuery },
    async (c, { query }) =>
      c.json({ data: await (await deps.integrations()).list(query.q ?? '') }, 200, NO_STORE),
  );

  router.post('/integrations/refresh', { session: 'signed in', ownersOnly }, async (c) => {
    const refreshing = await (await deps.integrations()).wantRefresh(REFRESH_AT_OPEN_MAX);
    return c.json({ data: { refreshing } }, 202, NO_STORE);
  });

  const labelled = {
    session: 'signed in',
    ownersOnly,
    params: {
      kind: pathParam(z.enum(INTEGRATION_KINDS), unknownIntegration),
      id: pathParam(z.string(), unknownIntegration),
    },
    body: {
      schema: integrationLabelSchema,
      subject: 'the label',
      hint: `Send a label (at most ${INTEGRATION_LABEL_MAX} characters) and a note (at most ${INTEGRATION_NOTE_MAX}).`,
    },
    bodyLimit: LABEL_BODY_MAX_BYTES,
  } as const;
  router.patch('/integrations/:kind/:id', labelled, async (c, { params, body }) => {
    if (!(await (await deps.integrations()).relabel(params.kind, params.id, body)))
      return unknownIntegration();
    return c.json({ data: body }, 200, NO_STORE);
  });

  return router.routes;
}
