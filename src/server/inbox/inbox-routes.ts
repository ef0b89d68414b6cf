import type { Hono } from 'hono';
import type { z } from 'zod/mini';
import { inboxQuerySchema, inboxSettingsSchema, openedSchema } from '../../schemas/inbox.ts';
import { readReportFilter } from '../../schemas/report-filter.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { invalidValue } from '../http/json-body.ts';
import { bffRouter } from '../http/route.ts';
import { UpstreamUnavailableError, type InboxService } from './inbox-service.ts';
import { KEYSET_CURSOR, readKeysetCursor } from './keyset-cursor.ts';

export interface InboxRoutesDeps {
  inbox: InboxService;
  /** Someone opened the conversation (after their unread marker is set): its woken snooze has been seen. */
  opened?: (conversationId: string) => Promise<void>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** A small JSON body: `subject` taken as `shape` and nothing else. */
const jsonBody = <Schema extends z.ZodMiniType>(schema: Schema, subject: string, shape: string) => ({
  schema,
  subject,
  hint: `Send ${subject} as ${shape} and nothing else.`,
});

const listQuery = {
  schema: inboxQuerySchema,
  refused: (error: z.core.$ZodError) =>
    errorResponse(
      400,
      'invalid_query',
      'The inbox query has an unknown or invalid parameter.',
      invalidValue(error),
    ),
};

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
  const router = bffRouter(deps.access);

  router.get('/inbox', { session: 'signed in', query: listQuery }, async (c, { query }) => {
    const { after } = query;
    if (after?.startsWith(KEYSET_CURSOR) && readKeysetCursor(after) === undefined)
      return errorResponse(
        400,
        'invalid_query',
        "The page cursor is not one this server gave: ask for the list's first page again.",
        {
          field: 'after',
        },
      );
    const report = readReportFilter(query);
    if (report === null)
      return errorResponse(
        400,
        'invalid_query',
        'A report filter needs report_from and report_to (YYYY-MM-DD, from before to, at most 366 days).',
      );
    try {
      return c.json(
        await deps.inbox.list(c.get('user').id, query, c.get('chargeStore'), report),
        200,
        NO_STORE,
      );
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      return errorResponse(503, 'upstream_unreachable', `${error.message} Try again in a moment.`);
    }
  });

  const opened = jsonBody(openedSchema, 'the opened conversation', '{conversation_id: string}');
  router.put('/inbox/opened', { session: 'signed in', body: opened }, async (c, { body }) => {
    await deps.inbox.markOpened(c.get('user').id, body.conversation_id);
    await deps.opened?.(body.conversation_id);
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  const settings = {
    session: 'signed in',
    ownersOnly: { refusal: 'Only an owner can change the inbox settings.' },
    body: jsonBody(inboxSettingsSchema, 'the inbox settings', '{waiting_threshold_minutes: 1 to 1440}'),
  } as const;
  router.put('/inbox/settings', settings, async (_c, { body }) => {
    await deps.inbox.setSettings(body);
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  return router.routes;
}
