import { Hono } from 'hono';
import {
  CONFIG_VERSIONS_PAGE_MAX,
  configVersionIdSchema,
  configVersionsQuerySchema,
} from '../../schemas/config-versions.ts';
import { KNOWLEDGE_TEXT_NOT_KEPT } from '../../schemas/knowledge-text.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { pathId } from '../http/path-ids.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { ConfigVersions } from './config-versions.ts';
import type { KnowledgeTexts } from './knowledge-texts.ts';

export interface KeptCopiesRoutesDeps {
  configVersions: () => Promise<ConfigVersions>;
  knowledgeTexts: () => Promise<KnowledgeTexts>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };
const DEFAULT_PAGE = 50;

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
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  routes.get('/config-versions', route('/bff/config-versions'), session, async (c) => {
    const query = configVersionsQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const field = query.error.issues[0]?.path.join('.');
      return errorResponse(
        400,
        'invalid_query',
        `Ask for the versions with limit (1 to ${CONFIG_VERSIONS_PAGE_MAX}) and after (a page's next_cursor) only.`,
        field ? { field } : {},
      );
    }
    const { limit, after } = query.data;
    const page = await (await deps.configVersions()).list(limit ? Number(limit) : DEFAULT_PAGE, after);
    return c.json(page, 200, NO_STORE);
  });

  routes.get('/config-versions/:id', route('/bff/config-versions/{id}'), session, async (c) => {
    const id = pathId(c, 'id');
    if (id === undefined || !configVersionIdSchema.safeParse(id).success)
      return errorResponse(400, 'invalid_request', 'That is not a version id.', { field: 'id' });
    const version = await (await deps.configVersions()).get(id);
    if (!version)
      return errorResponse(404, 'not_found', 'The dashboard keeps no version with that id.', {
        resource: 'config_version',
      });
    return c.json({ data: version }, 200, NO_STORE);
  });

  routes.get('/knowledge-texts/:id', route('/bff/knowledge-texts/{id}'), session, async (c) => {
    const id = pathId(c, 'id');
    if (id === undefined)
      return errorResponse(400, 'invalid_request', 'That is not a knowledge source id.', { field: 'id' });
    const text = await (await deps.knowledgeTexts()).get(id);
    if (!text)
      return errorResponse(
        404,
        KNOWLEDGE_TEXT_NOT_KEPT,
        'The dashboard has no copy of this source’s text: it was added elsewhere, or before the dashboard kept texts.',
        { resource: 'knowledge_text' },
      );
    return c.json({ data: text }, 200, NO_STORE);
  });

  return routes;
}
