import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { SAVED_REPLY_BODY_MAX_BYTES } from '../../schemas/limits.ts';
import {
  SAVED_REPLY_SHORTCUT_TAKEN,
  savedReplyInputSchema,
  type SavedReply,
} from '../../schemas/saved-replies.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, pathParam } from '../http/route.ts';
import type { SavedReplies, SavedReplyWrite } from './saved-replies.ts';

export interface SavedRepliesRoutesDeps {
  savedReplies: () => Promise<SavedReplies>;
  /** Tells every open dashboard that the saved replies changed (a live event, as tags do). */
  changed: () => Promise<void>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };
const INVALID_MESSAGE =
  'Send the saved reply as {title, shortcut (optional), text} and nothing else: a title and a text that are not blank and not over their limits.';

const notFound = () =>
  errorResponse(404, 'not_found', 'There is no saved reply with that id: it may have been deleted.', {
    resource: 'saved_reply',
  });

const ownersOnly = { refusal: 'Only an owner can add, change or delete saved replies.' };

/** The id in the path: every id the database gives is a positive integer, anything else names none. */
const replyId = pathParam(
  z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)), z.transform(Number)),
  notFound,
);

async function written(
  c: Context<AppEnv>,
  write: SavedReplyWrite,
  status: 200 | 201,
  changed: () => Promise<void>,
) {
  if (write.ok) {
    await changed();
    return c.json({ data: write.reply satisfies SavedReply }, status, NO_STORE);
  }
  if (write.reason === 'not_found') return notFound();
  return errorResponse(
    409,
    SAVED_REPLY_SHORTCUT_TAKEN,
    'Another saved reply already has this shortcut. Choose another one, or leave it empty.',
    { resource: 'saved_reply', field: 'shortcut' },
  );
}

/**
 * The store team's saved replies (CSRF is checked before these run; a database outage answers 503
 * `database_unavailable` through the app's error handler):
 * - GET /bff/saved-replies: every saved reply, most used first (everyone signed in);
 * - POST /bff/saved-replies, PUT and DELETE /bff/saved-replies/{id} (owners): `{title, shortcut?, text}`;
 * - POST /bff/saved-replies/{id}/uses: someone inserted it into a reply (everyone signed in).
 */
export function savedRepliesRoutes(deps: SavedRepliesRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);
  const reply = {
    schema: savedReplyInputSchema,
    subject: 'the saved reply',
    hint: INVALID_MESSAGE,
  };
  const bodyLimit = SAVED_REPLY_BODY_MAX_BYTES;
  const actorOf = (c: Context<AppEnv>) => {
    const user = c.get('user');
    return { id: user.id, name: user.name };
  };

  router.get('/saved-replies', { session: 'signed in' }, async (c) =>
    c.json({ data: await (await deps.savedReplies()).list() }, 200, NO_STORE),
  );

  router.post(
    '/saved-replies',
    { session: 'signed in', ownersOnly, body: reply, bodyLimit },
    async (c, { body }) => {
      await c.get('spendWrite')({ kind: 'savedReplies' });
      return written(c, await (await deps.savedReplies()).create(body, actorOf(c)), 201, deps.changed);
    },
  );

  const oneReply = { session: 'signed in', ownersOnly, params: { id: replyId } } as const;
  router.put('/saved-replies/:id', { ...oneReply, body: reply, bodyLimit }, async (c, { params, body }) => {
    await c.get('spendWrite')({ kind: 'savedReplies' });
    return written(
      c,
      await (await deps.savedReplies()).update(params.id, body, actorOf(c)),
      200,
      deps.changed,
    );
  });

  router.delete('/saved-replies/:id', oneReply, async (c, { params }) => {
    await c.get('spendWrite')({ kind: 'savedReplies' });
    if (!(await (await deps.savedReplies()).delete(params.id))) return notFound();
    await deps.changed();
    return c.body(null, 204, NO_STORE);
  });

  router.post(
    '/saved-replies/:id/uses',
    { session: 'signed in', params: { id: replyId } },
    async (c, { params }) => {
      const used = await (await deps.savedReplies()).recordUse(params.id);
      if (!used) return notFound();
      return c.json({ data: used }, 200, NO_STORE);
    },
  );

  return router.routes;
}
