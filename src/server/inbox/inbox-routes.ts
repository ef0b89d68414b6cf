import { Hono, type Context } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import type { z } from 'zod/mini';
import { inboxQuerySchema, inboxSettingsSchema, openedSchema } from '../../schemas/inbox.ts';
import { readReportFilter } from '../../schemas/report-filter.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { invalidValue, readJsonBodyAs } from '../http/json-body.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { UpstreamUnavailableError, type InboxService } from './inbox-service.ts';
import { KEYSET_CURSOR, readKeysetCursor } from './keyset-cursor.ts';

export interface InboxRoutesDeps {
  inbox: InboxService;
  /** Someone opened the conversation (after their unread marker is set): its woken snooze has been seen. */
  opened?: (conversationId: string) => Promise<void>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** A small JSON body checked against `schema`; the answer to send instead when it is not acceptable. */
const jsonBody = <Schema extends z.ZodMiniType>(
  c: Context<AppEnv>,
  schema: Schema,
  subject: string,
  shape: string,
) => readJsonBodyAs(c, schema, subject, `Send ${subject} as ${shape} and nothing else.`);

/**
 * The inbox's read model (CSRF is checked before these run):
 * - GET /bff/inbox: a list page, the view counts, the latest handoffs and the waiting threshold, from the
 *   model (no upstream), or one page of the API's list while the model is not ready; with `report`
 *   (report-filter.ts), only the conversations behind that report figure;
 * - PUT /bff/inbox/opened `{conversation_id}`: the person opened it (their unread marker, and a woken
 *   snooze's mark is dismissed), 204;
 * - PUT /bff/inbox/settings `{waiting_threshold_minutes}`: owners only, 204.
 */
export function inboxRoutes(deps: InboxRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  routes.get('/inbox', route('/bff/inbox'), session, async (c) => {
    const parsed = inboxQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      return errorResponse(
        400,
        'invalid_query',
        'The inbox query has an unknown or invalid parameter.',
        invalidValue(parsed.error),
      );
    }
    const { after } = parsed.data;
    if (after?.startsWith(KEYSET_CURSOR) && readKeysetCursor(after) === undefined)
      return errorResponse(
        400,
        'invalid_query',
        "The page cursor is not one this server gave: ask for the list's first page again.",
        {
          field: 'after',
        },
      );
    const report = readReportFilter(parsed.data);
    if (report === null)
      return errorResponse(
        400,
        'invalid_query',
        'A report filter needs report_from and report_to (YYYY-MM-DD, from before to, at most 366 days).',
      );
    try {
      return c.json(
        await deps.inbox.list(c.get('user').id, parsed.data, c.get('chargeStore'), report),
        200,
        NO_STORE,
      );
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      return errorResponse(503, 'upstream_unreachable', `${error.message} Try again in a moment.`);
    }
  });

  routes.put('/inbox/opened', route('/bff/inbox/opened'), session, limitBody(), async (c) => {
    const body = await jsonBody(c, openedSchema, 'the opened conversation', '{conversation_id: string}');
    if (!body.ok) return body.response;
    await deps.inbox.markOpened(c.get('user').id, body.value.conversation_id);
    await deps.opened?.(body.value.conversation_id);
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  const owner = ownerOnly('Only an owner can change the inbox settings.');
  routes.put('/inbox/settings', route('/bff/inbox/settings'), session, limitBody(), owner, async (c) => {
    const body = await jsonBody(
      c,
      inboxSettingsSchema,
      'the inbox settings',
      '{waiting_threshold_minutes: 1 to 1440}',
    );
    if (!body.ok) return body.response;
    await deps.inbox.setSettings(body.value);
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  return routes;
}
