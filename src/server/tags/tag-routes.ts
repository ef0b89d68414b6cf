import type { Hono } from 'hono';
import { z } from 'zod/mini';
import { TAG_NAME_MAX, TAGGING_CONVERSATIONS_MAX } from '../../schemas/limits.ts';
import { TAG_COLOURS, TAG_ID_FORM } from '../../schemas/tag-ref.ts';
import { TAG_ERROR_CODES, tagCreateSchema, taggingSchema, tagUpdateSchema } from '../../schemas/tags.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, conversationIdParam, pathParam } from '../http/route.ts';
import { TagNameTakenError, UnknownTagError, type TagStore } from './tag-store.ts';

export interface TagRoutesDeps {
  tags: () => Promise<TagStore>;
  /** Whether the id names a conversation of the store (the read model's knowledge). */
  knownConversation: (conversationId: string) => Promise<boolean>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };
const COLOURS = TAG_COLOURS.join(', ');

const OWNERS_ONLY = { refusal: "Only an owner can manage the store's tags." };

const nameTaken = (error: TagNameTakenError) =>
  errorResponse(409, TAG_ERROR_CODES.nameTaken, error.message, { field: 'name', resource: 'tag' });

const unknownTag = () =>
  errorResponse(404, TAG_ERROR_CODES.unknownTag, 'That tag does not exist (it may have been deleted).', {
    resource: 'tag',
  });

/** The `{id}` of `/bff/tags/{id}`: an id without a tag id's form names no tag. */
const tagId = pathParam(z.string().check(z.regex(TAG_ID_FORM)), unknownTag);

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
  const router = bffRouter(deps.access);

  router.get('/tags', { session: 'signed in' }, async (c) =>
    c.json({ data: await (await deps.tags()).list() }, 200, NO_STORE),
  );

  const created = {
    schema: tagCreateSchema,
    subject: 'the tag',
    hint: `Send the tag as {name: 1 to ${TAG_NAME_MAX} characters, colour: one of ${COLOURS}} and nothing else.`,
  };
  router.post(
    '/tags',
    { session: 'signed in', ownersOnly: OWNERS_ONLY, body: created },
    async (c, { body }) => {
      await c.get('spendWrite')({ kind: 'tags' });
      try {
        return c.json({ data: await (await deps.tags()).create(body, c.get('user').id) }, 201, NO_STORE);
      } catch (error) {
        if (error instanceof TagNameTakenError) return nameTaken(error);
        throw error;
      }
    },
  );

  const change = {
    schema: tagUpdateSchema,
    subject: 'the change to the tag',
    hint: `Send the change to the tag as {name?: 1 to ${TAG_NAME_MAX} characters, colour?: one of ${COLOURS}} with at least one of them and nothing else.`,
  };
  const oneTag = { session: 'signed in', ownersOnly: OWNERS_ONLY, params: { id: tagId } } as const;
  router.patch('/tags/:id', { ...oneTag, body: change }, async (c, { params, body }) => {
    await c.get('spendWrite')({ kind: 'tags' });
    try {
      const tag = await (await deps.tags()).update(params.id, body);
      return tag ? c.json({ data: tag }, 200, NO_STORE) : unknownTag();
    } catch (error) {
      if (error instanceof TagNameTakenError) return nameTaken(error);
      throw error;
    }
  });

  router.delete('/tags/:id', oneTag, async (c, { params }) => {
    await c.get('spendWrite')({ kind: 'tags' });
    const removedFrom = await (await deps.tags()).delete(params.id);
    if (removedFrom === undefined) return unknownTag();
    return c.json({ data: { id: params.id, removed_from: removedFrom } }, 200, NO_STORE);
  });

  const tagging = {
    schema: taggingSchema,
    subject: 'the tagging',
    hint: `Send the tagging as {conversation_ids: 1 to ${TAGGING_CONVERSATIONS_MAX} ids, add?: [tag ids], remove?: [tag ids]} and nothing else.`,
  };
  router.post('/conversation-tags', { session: 'signed in', body: tagging }, async (c, { body }) => {
    await c.get('spendWrite')({ kind: 'tags' });
    const ids = [...new Set(body.conversation_ids)];
    for (const id of ids) {
      if (!(await deps.knownConversation(id)))
        return errorResponse(
          404,
          TAG_ERROR_CODES.unknownConversation,
          'That conversation does not exist in the store.',
          {
            resource: 'conversation',
            field: `conversation_ids.${body.conversation_ids.indexOf(id)}`,
          },
        );
    }
    try {
      const now = await (
        await deps.tags()
      ).change(ids, { add: body.add ?? [], remove: body.remove ?? [] }, c.get('user').id);
      return c.json({ data: now }, 200, NO_STORE);
    } catch (error) {
      if (error instanceof UnknownTagError) return unknownTag();
      throw error;
    }
  });

  router.get(
    '/conversations/:id/tags',
    { session: 'signed in', params: { id: conversationIdParam } },
    async (c, { params }) =>
      c.json({ data: await (await deps.tags()).ofConversation(params.id) }, 200, NO_STORE),
  );

  return router.routes;
}
