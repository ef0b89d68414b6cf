import type { Hono } from 'hono';
import { z } from 'zod/mini';
import {
  CONFIG_VERSIONS_PAGE_MAX,
  configVersionIdSchema,
  configVersionsQuerySchema,
} from '../../schemas/config-versions.ts';
import { KNOWLEDGE_TEXT_NOT_KEPT } from '../../schemas/knowledge-text.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, pathParam } from '../http/route.ts';
import type { ConfigVersions } from './config-versions.ts';
import type { KnowledgeTexts } from './knowledge-texts.ts';

export interface KeptCopiesRoutesDeps {
  configVersions: () => Promise<ConfigVersions>;
  knowledgeTexts: () => Promise<KnowledgeTexts>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };
const DEFAULT_PAGE = 50;

const pageQuery = {
  schema: configVersionsQuerySchema,
  refused: (error: z.core.$ZodError) => {
    const field = error.issues[0]?.path.join('.');
    return errorResponse(
      400,
      'invalid_query',
      `Ask for the versions with limit (1 to ${CONFIG_VERSIONS_PAGE_MAX}) and after (a page's next_cursor) only.`,
      field ? { field } : {},
    );
  },
};
const versionId = pathParam(configVersionIdSchema, () =>
  errorResponse(400, 'invalid_request', 'That is not a version id.', { field: 'id' }),
);
const sourceId = pathParam(z.string(), () =>
  errorResponse(400, 'invalid_request', 'That is not a knowledge source id.', { field: 'id' }),
);

/**
 * What the dashboard keeps that the store's API does not (CSRF is checked before these run; a database
 * outage answers 503 `database_unavailable` through the app's error handler). Both are reads for every
 * signed-in person, as the settings and the sources themselves are; what changes the store (saving a
 * restored version, adding a source) goes through the proxy, which refuses staff.
 * - GET /bff/config-versions?limit=&after=: the versions of the assistant's settings, newest first;
 * - GET /bff/config-versions/{id}: one version;
 * - GET /bff/knowledge-texts/{source id}: the text the dashboard submitted for a knowledge source.
 */
export function keptCopiesRoutes(deps: KeptCopiesRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);

  router.get('/config-versions', { session: 'signed in', query: pageQuery }, async (c, { query }) => {
    const { limit, after } = query;
    const page = await (await deps.configVersions()).list(limit ? Number(limit) : DEFAULT_PAGE, after);
    return c.json(page, 200, NO_STORE);
  });

  router.get(
    '/config-versions/:id',
    { session: 'signed in', params: { id: versionId } },
    async (c, { params }) => {
      const version = await (await deps.configVersions()).get(params.id);
      if (!version)
        return errorResponse(404, 'not_found', 'The dashboard keeps no version with that id.', {
          resource: 'config_version',
        });
      return c.json({ data: version }, 200, NO_STORE);
    },
  );

  router.get(
    '/knowledge-texts/:id',
    { session: 'signed in', params: { id: sourceId } },
    async (c, { params }) => {
      const text = await (await deps.knowledgeTexts()).get(params.id);
      if (!text)
        return errorResponse(
          404,
          KNOWLEDGE_TEXT_NOT_KEPT,
          'The dashboard has no copy of this source’s text: it was added elsewhere, or before the dashboard kept texts.',
          { resource: 'knowledge_text' },
        );
      return c.json({ data: text }, 200, NO_STORE);
    },
  );

  return router.routes;
}
