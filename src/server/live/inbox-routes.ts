import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { inboxQuerySchema, inboxSettingsSchema, openedSchema } from '../../schemas/inbox.ts';
import { REQUEST_BODY_MAX_BYTES } from '../../schemas/limits.ts';
import { requireSession } from '../auth/require-session.ts';
import type { AppEnv } from '../http/app-env.ts';
import { PayloadTooLargeError, payloadTooLarge, readBodyCapped } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { InboxService } from './inbox-service.ts';

export interface InboxRoutesDeps {
  inbox: InboxService;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const route =
  (name: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('route', name);
    await next();
  };

const NO_STORE = { 'cache-control': 'no-store' };

/** A small JSON body checked against `schema`; the answer to send instead when it is not acceptable. */
async function jsonBody<Schema extends z.ZodType>(
  c: Context<AppEnv>,
  schema: Schema,
  shape: string,
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
    return { ok: false, response: errorResponse(415, 'unsupported_media_type', 'Send application/json.') };
  let input: unknown;
  try {
    input = JSON.parse((await readBodyCapped(c.req.raw)).toString('utf8'));
  } catch (error) {
    if (error instanceof PayloadTooLargeError)
      return { ok: false, response: payloadTooLarge(REQUEST_BODY_MAX_BYTES) };
    return {
      ok: false,
      response: errorResponse(400, 'invalid_body', 'The body is not valid JSON.', {
        reason: 'malformed_json',
      }),
    };
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const field = parsed.error.issues[0]?.path.join('.');
  return {
    ok: false,
    response: errorResponse(400, 'invalid_body', `Send ${shape} and nothing else.`, {
      reason: 'invalid_value',
      ...(field ? { field } : {}),
    }),
  };
}

/**
 * The inbox's read model (CSRF is checked before these run):
 * - GET /bff/inbox: a list page, the view counts and the waiting threshold, from the model (no upstream);
 * - PUT /bff/inbox/opened `{conversation_id}`: the person opened it (their unread marker), 204;
 * - PUT /bff/inbox/settings `{waiting_threshold_minutes}`: owners only, 204.
 */
export function inboxRoutes(deps: InboxRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  routes.get('/inbox', route('/bff/inbox'), session, async (c) => {
    const parsed = inboxQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.');
      return errorResponse(400, 'invalid_query', 'The inbox query has an unknown or invalid parameter.', {
        reason: 'invalid_value',
        ...(field ? { field } : {}),
      });
    }
    return c.json(await deps.inbox.list(c.get('user').id, parsed.data), 200, NO_STORE);
  });

  routes.put('/inbox/opened', route('/bff/inbox/opened'), session, async (c) => {
    const body = await jsonBody(c, openedSchema, '{conversation_id: string}');
    if (!body.ok) return body.response;
    await deps.inbox.markOpened(c.get('user').id, body.value.conversation_id);
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  routes.put('/inbox/settings', route('/bff/inbox/settings'), session, async (c) => {
    if (c.get('user').role !== 'owner')
      return errorResponse(403, 'role_forbidden', 'Only an owner can change the inbox settings.');
    const body = await jsonBody(c, inboxSettingsSchema, '{waiting_threshold_minutes: 1 to 1440}');
    if (!body.ok) return body.response;
    await deps.inbox.setSettings(body.value);
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  return routes;
}
