import { Hono, type Context } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import { SAVED_REPLY_BODY_MAX_BYTES } from '../../schemas/limits.ts';
import {
  SAVED_REPLY_SHORTCUT_TAKEN,
  savedReplyInputSchema,
  type SavedReply,
} from '../../schemas/saved-replies.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { SavedReplies, SavedReplyWrite } from './saved-replies.ts';

export interface SavedRepliesRoutesDeps {
  savedReplies: () => Promise<SavedReplies>;
  /** Tells every open dashboard that the saved replies changed (a live event, as tags do). */
  changed: () => Promise<void>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };
const ID_PATTERN = /^[1-9][0-9]{0,14}$/;
const INVALID_MESSAGE =
  'Send the saved reply as {title, shortcut (optional), text} and nothing else: a title and a text that are not blank and not over their limits.';

const notFound = () =>
  errorResponse(404, 'not_found', 'There is no saved reply with that id: it may have been deleted.', {
    resource: 'saved_reply',
  });

const ownersOnly = ownerOnly('Only an owner can add, change or delete saved replies.');

/** The id in the path, or null when it cannot be one (every id the database gives is a positive integer). */
const idOf = (c: Context<AppEnv>) => {
  const id = c.req.param('id') ?? '';
  return ID_PATTERN.test(id) ? Number(id) : null;
};

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
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);
  const body = limitBody(SAVED_REPLY_BODY_MAX_BYTES);
  const readReply = (c: Context<AppEnv>) =>
    readJsonBodyAs(c, savedReplyInputSchema, 'the saved reply', INVALID_MESSAGE);
  const actorOf = (c: Context<AppEnv>) => {
    const user = c.get('user');
    return { id: user.id, name: user.name };
  };

  routes.get('/saved-replies', route('/bff/saved-replies'), session, async (c) =>
    c.json({ data: await (await deps.savedReplies()).list() }, 200, NO_STORE),
  );

  routes.post('/saved-replies', route('/bff/saved-replies'), session, body, ownersOnly, async (c) => {
    const input = await readReply(c);
    if (!input.ok) return input.response;
    await c.get('spendWrite')({ kind: 'savedReplies' });
    return written(c, await (await deps.savedReplies()).create(input.value, actorOf(c)), 201, deps.changed);
  });

  routes.put('/saved-replies/:id', route('/bff/saved-replies/{id}'), session, body, ownersOnly, async (c) => {
    const id = idOf(c);
    if (id === null) return notFound();
    const input = await readReply(c);
    if (!input.ok) return input.response;
    await c.get('spendWrite')({ kind: 'savedReplies' });
    return written(
      c,
      await (await deps.savedReplies()).update(id, input.value, actorOf(c)),
      200,
      deps.changed,
    );
  });

  routes.delete('/saved-replies/:id', route('/bff/saved-replies/{id}'), session, ownersOnly, async (c) => {
    const id = idOf(c);
    await c.get('spendWrite')({ kind: 'savedReplies' });
    if (id === null || !(await (await deps.savedReplies()).delete(id))) return notFound();
    await deps.changed();
    return c.body(null, 204, NO_STORE);
  });

  routes.post('/saved-replies/:id/uses', route('/bff/saved-replies/{id}/uses'), session, async (c) => {
    const id = idOf(c);
    const reply = id === null ? undefined : await (await deps.savedReplies()).recordUse(id);
    if (!reply) return notFound();
    return c.json({ data: reply }, 200, NO_STORE);
  });

  return routes;
}
