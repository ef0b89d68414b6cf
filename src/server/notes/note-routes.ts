import type { Context } from 'hono';
import { Hono } from 'hono';
import { NOTE_BODY_MAX, NOTE_MENTIONS_MAX } from '../../schemas/limits.ts';
import { NOTE_ERRORS, noteWriteSchema, type NoteWrite } from '../../schemas/note.ts';
import { requireSession } from '../auth/require-session.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import { UpstreamUnavailableError, type StoreCharge } from '../inbox/inbox-service.ts';
import { pathId } from '../http/path-ids.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import type { NoteChange, Notes, NotesCursor } from './notes.ts';

export interface NoteRoutesDeps {
  notes: () => Promise<Notes>;
  /** Whether the store has the conversation (the read model, else a charged GET of the API; never a write). */
  conversationExists: (conversationId: string, charge: StoreCharge) => Promise<boolean>;
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
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

/** `?after=` and `?limit=` of a notes page; undefined when either is not one of ours. */
function readPageQuery(c: Context<AppEnv>): { cursor?: NotesCursor; limit: number } | undefined {
  const after = c.req.query('after');
  const limitText = c.req.query('limit');
  const limit = limitText === undefined ? NOTES_PAGE_DEFAULT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > NOTES_PAGE_MAX) return undefined;
  if (after === undefined) return { limit };
  const cursor = decodeCursor(after);
  return cursor ? { cursor, limit } : undefined;
}

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

/** The body of a note write, with every mention checked against the roster. */
async function readNote(
  c: Context<AppEnv>,
  directory: UserDirectory,
): Promise<{ ok: true; value: NoteWrite } | { ok: false; response: Response }> {
  const body = await readJsonBodyAs(c, noteWriteSchema, 'the note', WRITE_MESSAGE);
  if (!body.ok) return body;
  const roster = new Set(directory.roster().map((member) => member.id));
  if (body.value.mentioned_user_ids?.some((id) => !roster.has(id)))
    return {
      ok: false,
      response: errorResponse(
        400,
        NOTE_ERRORS.unknownMention,
        'A note can only mention people on the team.',
        {
          field: 'mentioned_user_ids',
        },
      ),
    };
  return body;
}

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
  const routes = new Hono<AppEnv>();
  const session = requireSession(deps);

  const conversationId = (c: Context<AppEnv>) => pathId(c, 'id');
  const badConversationId = () =>
    errorResponse(400, 'invalid_request', 'That is not a conversation id.', { field: 'id' });
  const badNoteId = () => errorResponse(400, 'invalid_request', 'That is not a note id.', { field: 'id' });
  const noteId = (c: Context<AppEnv>) => {
    const id = pathId(c, 'id');
    return id !== undefined && /^\d{1,15}$/.test(id) ? id : undefined;
  };

  routes.get('/conversations/:id/notes', route('/bff/conversations/{id}/notes'), session, async (c) => {
    const id = conversationId(c);
    if (id === undefined) return badConversationId();
    const query = readPageQuery(c);
    if (!query)
      return errorResponse(
        400,
        'invalid_request',
        `Ask for a page as ?after=<the last page's next_cursor>&limit=<1 to ${NOTES_PAGE_MAX}>.`,
        { field: 'after' },
      );
    const page = await (await deps.notes()).page(id, query.cursor, query.limit);
    return c.json(
      {
        data: page.notes,
        page: page.next ? { has_more: true, next_cursor: encodeCursor(page.next) } : { has_more: false },
      },
      200,
      NO_STORE,
    );
  });

  routes.post(
    '/conversations/:id/notes',
    route('/bff/conversations/{id}/notes'),
    session,
    limitBody(),
    async (c) => {
      const id = conversationId(c);
      if (id === undefined) return badConversationId();
      const body = await readNote(c, deps.directory);
      if (!body.ok) return body.response;
      await spendOn(c, body.value);
      let exists: boolean;
      try {
        exists = await deps.conversationExists(id, c.get('chargeStore'));
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
      const note = await (await deps.notes()).add(id, c.get('user').id, body.value);
      return c.json({ data: note }, 201, NO_STORE);
    },
  );

  routes.get('/notes/:id', route('/bff/notes/{id}'), session, async (c) => {
    const id = noteId(c);
    if (id === undefined) return badNoteId();
    const note = await (await deps.notes()).get(id);
    return note ? c.json({ data: note }, 200, NO_STORE) : noNote();
  });

  routes.patch('/notes/:id', route('/bff/notes/{id}'), session, limitBody(), async (c) => {
    const id = noteId(c);
    if (id === undefined) return badNoteId();
    const body = await readNote(c, deps.directory);
    if (!body.ok) return body.response;
    await spendOn(c, body.value);
    return changeAnswer(c, await (await deps.notes()).edit(id, c.get('user').id, body.value), 'edit');
  });

  routes.delete('/notes/:id', route('/bff/notes/{id}'), session, async (c) => {
    const id = noteId(c);
    if (id === undefined) return badNoteId();
    return changeAnswer(c, await (await deps.notes()).remove(id, c.get('user')), 'delete');
  });

  routes.get('/mentions', route('/bff/mentions'), session, async (c) =>
    c.json(await (await deps.notes()).mentionsOf(c.get('user').id), 200, NO_STORE),
  );

  routes.put('/mentions/:id/read', route('/bff/mentions/{id}/read'), session, async (c) => {
    const id = noteId(c);
    if (id === undefined) return badNoteId();
    if (!(await (await deps.notes()).markRead(id, c.get('user').id))) return noNote();
    return new Response(null, { status: 204, headers: NO_STORE });
  });

  return routes;
}
