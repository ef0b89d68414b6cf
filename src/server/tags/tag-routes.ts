import { Hono, type Context } from 'hono';
import { ownerOnly } from '../auth/owner-only.ts';
import { TAG_NAME_MAX, TAGGING_CONVERSATIONS_MAX } from '../../schemas/limits.ts';
import { TAG_COLOURS, TAG_ID_FORM } from '../../schemas/tag-ref.ts';
import { TAG_ERROR_CODES, tagCreateSchema, taggingSchema, tagUpdateSchema } from '../../schemas/tags.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import { pathId } from '../proxy/allowlist.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { TagNameTakenError, UnknownTagError, type TagStore } from './tag-store.ts';

export interface TagRoutesDeps {
  tags: () => Promise<TagStore>;
  /** Whether the id names a conversation of the store (the read model's knowledge). */
  knownConversation: (conversationId: string) => Promise<boolean>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };
const COLOURS = TAG_COLOURS.join(', ');

const ownersOnly = ownerOnly("Only an owner can manage the store's tags.");

const nameTaken = (error: TagNameTakenError) =>
  errorResponse(409, TAG_ERROR_CODES.nameTaken, error.message, { field: 'name', resource: 'tag' });

const unknownTag = () =>
  errorResponse(404, TAG_ERROR_CODES.unknownTag, 'That tag does not exist (it may have been deleted).', {
    resource: 'tag',
  });

/** The `{id}` of `/bff/tags/{id}` or `/bff/conversations/{id}/tags`, by the proxy's rule for ids in paths. */
const idSegment = (c: Context<AppEnv>) => pathId(c, 'id');

/** The tag id of `/bff/tags/{id}`, when it has a tag id's form. */
const tagIdOf = (c: Context<AppEnv>) => {
  const id = idSegment(c);
  return id !== undefined && TAG_ID_FORM.test(id) ? id : undefined;
};

/**
 * Tags on conversations, kept in the dashboard's database and never sent to the Commerce API (CSRF is
 * checked before these run; a database outage answers 503 `database_unavailable` through the app's
 * error handler):
 * - GET /bff/tags: every tag by name, with how many conversations carry it;
 * - POST /bff/tags `{name, colour}`, PATCH /bff/tags/{id} `{name?, colour?}`, DELETE /bff/tags/{id}
 *   (owners only; a taken name is 409; DELETE answers how many conversations lost the tag);
 * - POST /bff/conversation-tags `{conversation_ids, add?, remove?}`: tag one conversation or several
 *   (staff and owners);
 * - GET /bff/conversations/{id}/tags: one conversation's tags.
 */
export function tagRoutes(deps: TagRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  routes.get('/tags', route('/bff/tags'), session, async (c) =>
    c.json({ data: await (await deps.tags()).list() }, 200, NO_STORE),
  );

  routes.post('/tags', route('/bff/tags'), session, limitBody(), ownersOnly, async (c) => {
    const tag = await readJsonBodyAs(
      c,
      tagCreateSchema,
      'the tag',
      `Send the tag as {name: 1 to ${TAG_NAME_MAX} characters, colour: one of ${COLOURS}} and nothing else.`,
    );
    if (!tag.ok) return tag.response;
    await c.get('spendWrite')({ kind: 'tags' });
    try {
      return c.json({ data: await (await deps.tags()).create(tag.value, c.get('user').id) }, 201, NO_STORE);
    } catch (error) {
      if (error instanceof TagNameTakenError) return nameTaken(error);
      throw error;
    }
  });

  routes.patch('/tags/:id', route('/bff/tags/{id}'), session, limitBody(), ownersOnly, async (c) => {
    const id = tagIdOf(c);
    if (id === undefined) return unknownTag();
    const change = await readJsonBodyAs(
      c,
      tagUpdateSchema,
      'the change to the tag',
      `Send the change to the tag as {name?: 1 to ${TAG_NAME_MAX} characters, colour?: one of ${COLOURS}} with at least one of them and nothing else.`,
    );
    if (!change.ok) return change.response;
    await c.get('spendWrite')({ kind: 'tags' });
    try {
      const tag = await (await deps.tags()).update(id, change.value);
      return tag ? c.json({ data: tag }, 200, NO_STORE) : unknownTag();
    } catch (error) {
      if (error instanceof TagNameTakenError) return nameTaken(error);
      throw error;
    }
  });

  routes.delete('/tags/:id', route('/bff/tags/{id}'), session, ownersOnly, async (c) => {
    const id = tagIdOf(c);
    await c.get('spendWrite')({ kind: 'tags' });
    const removedFrom = id === undefined ? undefined : await (await deps.tags()).delete(id);
    if (removedFrom === undefined) return unknownTag();
    return c.json({ data: { id, removed_from: removedFrom } }, 200, NO_STORE);
  });

  routes.post('/conversation-tags', route('/bff/conversation-tags'), session, limitBody(), async (c) => {
    const change = await readJsonBodyAs(
      c,
      taggingSchema,
      'the tagging',
      `Send the tagging as {conversation_ids: 1 to ${TAGGING_CONVERSATIONS_MAX} ids, add?: [tag ids], remove?: [tag ids]} and nothing else.`,
    );
    if (!change.ok) return change.response;
    await c.get('spendWrite')({ kind: 'tags' });
    const ids = [...new Set(change.value.conversation_ids)];
    for (const id of ids) {
      if (!(await deps.knownConversation(id)))
        return errorResponse(
          404,
          TAG_ERROR_CODES.unknownConversation,
          'That conversation does not exist in the store.',
          {
            resource: 'conversation',
            field: `conversation_ids.${change.value.conversation_ids.indexOf(id)}`,
          },
        );
    }
    try {
      const now = await (
        await deps.tags()
      ).change(ids, { add: change.value.add ?? [], remove: change.value.remove ?? [] }, c.get('user').id);
      return c.json({ data: now }, 200, NO_STORE);
    } catch (error) {
      if (error instanceof UnknownTagError) return unknownTag();
      throw error;
    }
  });

  routes.get('/conversations/:id/tags', route('/bff/conversations/{id}/tags'), session, async (c) => {
    const id = idSegment(c);
    if (id === undefined)
      return errorResponse(400, 'invalid_request', 'That is not a conversation id.', { field: 'id' });
    return c.json({ data: await (await deps.tags()).ofConversation(id) }, 200, NO_STORE);
  });

  return routes;
}
