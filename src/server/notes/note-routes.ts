import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { NOTE_BODY_MAX, NOTE_MENTIONS_MAX } from '../../schemas/limits.ts';
import { NOTE_ERRORS, noteWriteSchema, type NoteWrite } from '../../schemas/note.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, conversationIdParam, pathParam } from '../http/route.ts';
import { UpstreamUnavailableError, type StoreCharge } from '../inbox/inbox-service.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { NoteChange, Notes, NotesCursor } from './notes.ts';

export interface NoteRoutesDeps {
  notes: () => Promise<Notes>;
  /** Whether the store has the conversation (the read model, else a charged GET of the API; never a write). */
  conversationExists: (conversationId: string, charge: StoreCharge) => Promise<boolean>;
  access: RouteAccess;
}

const NO_STORE = { 'cache-control': 'no-store' };
const WRITE_MESSAGE = `Send the note as {body: 1 to ${NOTE_BODY_MAX} characters, mentioned_user_ids?: up to ${NOTE_MENTIONS_MAX} teammates' ids} and nothing else.`;

/** Notes in a page unless the client asks for fewer (or more, up to the most). */
const NOTES_PAGE_DEFAULT = 50;
const NOTES_PAGE_MAX = 100;

/** A page's cursor, opaque to the client: its last note's time and id. */
const encodeCursor = (cursor: NotesCursor) =>
  Buffer.from(`${cursor.createdAt.getTime()}.${cursor.id}`).toString('base64url');

function decodeCursor(text: string): NotesCursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match) return undefined;
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}

/** `?after=` and `?limit=` of a notes page (anything else in the query is not read). */
const pageQuery = {
  schema: z.object({
    after: z.optional(
      z.pipe(
        z.pipe(z.string(), z.transform(decodeCursor)),
        z.custom<NotesCursor>((cursor) => cursor !== undefined),
      ),
    ),
    limit: z.optional(
      z.pipe(
        z.pipe(z.string(), z.transform(Number)),
        z.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(NOTES_PAGE_MAX)),
      ),
    ),
  }),
  refused: () =>
    errorResponse(
      400,
      'invalid_request',
      `Ask for a page as ?after=<the last page's next_cursor>&limit=<1 to ${NOTES_PAGE_MAX}>.`,
      { field: 'after' },
    ),
};

const noNote = () =>
  errorResponse(404, NOTE_ERRORS.notFound, 'There is no such note: it may have been deleted.', {
    resource: 'note',
  });

/** What a valid note spends of its writer's budgets: one note, its bytes, an alert for each mention. */
const spendOn = (c: Context<AppEnv>, note: NoteWrite) =>
  c.get('spendWrite')({
    kind: 'notes',
    bytes: Buffer.byteLength(note.body),
    mentioned: note.mentioned_user_ids ?? [],
  });

const noteBody = { schema: noteWriteSchema, subject: 'the note', hint: WRITE_MESSAGE };

/** A note's mentions checked against the roster: the refusal when one is not on the team. */
function unknownMention(note: NoteWrite, directory: UserDirectory): Response | undefined {
  const roster = new Set(directory.roster().map((member) => member.id));
  if (note.mentioned_user_ids?.some((id) => !roster.has(id)))
    return errorResponse(400, NOTE_ERRORS.unknownMention, 'A note can only mention people on the team.', {
      field: 'mentioned_user_ids',
    });
  return undefined;
}

/** A note's id in a path: the database's ids are integers. */
const noteId = pathParam(z.string().check(z.regex(/^\d{1,15}$/)), () =>
  errorResponse(400, 'invalid_request', 'That is not a note id.', { field: 'id' }),
);

function changeAnswer(c: Context<AppEnv>, change: NoteChange, verb: 'edit' | 'delete') {
  if (change.ok) return c.json({ data: change.note }, 200, NO_STORE);
  if (change.reason === 'not_found') return noNote();
  return errorResponse(
    403,
    NOTE_ERRORS.notYours,
    verb === 'edit'
      ? 'Only the person who wrote a note can edit it.'
      : 'Only the person who wrote a note, or an owner, can delete it.',
    { resource: 'note' },
  );
}

/**
 * Internal notes, the dashboard's own records: nothing here is ever sent to the Commerce API (CSRF is
 * checked before these run; a database outage answers 503 `database_unavailable` through the app's error
 * handler).
 * - GET /bff/conversations/{id}/notes?after&limit: a page of the conversation's notes, newest first
 *   (`{data, page: {has_more, next_cursor?}}`; 50 a page unless `limit` says up to 100);
 * - POST /bff/conversations/{id}/notes `{body, mentioned_user_ids?}`: a new note (201);
 * - GET /bff/notes/{id}: one note whole (the live event carries only a preview);
 * - PATCH /bff/notes/{id} `{body, mentioned_user_ids?}`: its author rewrites it;
 * - DELETE /bff/notes/{id}: its author or an owner deletes it;
 * - GET /bff/mentions: the notes that mention the signed-in person, newest first, with the unread count;
 * - PUT /bff/mentions/{note id}/read: they opened it (204).
 */
export function noteRoutes(deps: NoteRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);
  const inConversation = { session: 'signed in', params: { id: conversationIdParam } } as const;
  const oneNote = { session: 'signed in', params: { id: noteId } } as const;

  router.get(
    '/conversations/:id/notes',
    { ...inConversation, query: pageQuery },
    async (c, { params, query }) => {
      const page = await (await deps.notes()).page(params.id, query.after, query.limit ?? NOTES_PAGE_DEFAULT);
      return c.json(
        {
          data: page.notes,
          page: page.next ? { has_more: true, next_cursor: encodeCursor(page.next) } : { has_more: false },
        },
        200,
        NO_STORE,
      );
    },
  );

  router.post(
    '/conversations/:id/notes',
    { ...inConversation, body: noteBody },
    async (c, { params, body }) => {
      const refused = unknownMention(body, deps.access.directory);
      if (refused) return refused;
      await spendOn(c, body);
      let exists: boolean;
      try {
        exists = await deps.conversationExists(params.id, c.get('chargeStore'));
      } catch (error) {
        if (!(error instanceof UpstreamUnavailableError)) throw error;
        return errorResponse(
          503,
          'upstream_unreachable',
          'The store cannot say right now whether this conversation exists, so the note was not saved. Try again in a moment.',
          {},
          { 'retry-after': '5' },
        );
      }
      if (!exists)
        return errorResponse(
          404,
          NOTE_ERRORS.conversationNotFound,
          'The store has no conversation with that id, so the note was not saved.',
          { resource: 'conversation' },
        );
      const note = await (await deps.notes()).add(params.id, c.get('user').id, body);
      return c.json({ data: note }, 201, NO_STORE);
    },
  );

  router.get('/notes/:id', oneNote, async (c, { params }) => {
    const note = await (await deps.notes()).get(params.id);
    return note ? c.json({ data: note }, 200, NO_STORE) : noNote();
  });

  router.patch('/notes/:id', { ...oneNote, body: noteBody }, async (c, { params, body }) => {
    const refused = unknownMention(body, deps.access.directory);
    if (refused) return refused;
    await spendOn(c, body);
    return changeAnswer(c, await (await deps.notes()).edit(params.id, c.get('user').id, body), 'edit');
  });

  router.delete('/notes/:id', oneNote, async (c, { params }) =>
    changeAnswer(c, await (await deps.notes()).remove(params.id, c.get('user')), 'delete'),
  );

  router.get('/mentions', { session: 'signed in' }, async (c) =>
    c.json(await (await deps.notes()).mentionsOf(c.get('user').id), 200, NO_STORE),
  );

  router.put('/mentions/:id/read', oneNote, async (c, { params }) => {
    if (!(await (await deps.notes()).markOpened(params.id, c.get('user').id))) return noNote();
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  return router.routes;
}
