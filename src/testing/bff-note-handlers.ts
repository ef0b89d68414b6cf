import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { SessionUser } from '@/schemas/bff';
import { noteWriteSchema, type Note } from '@/schemas/note';

/** A refusal in the BFF's error envelope. */
export function refusal(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return HttpResponse.json({ error: { code, message } }, { status, headers });
}

/**
 * The stand-in BFF's internal notes and mentions: kept in the arrays given, for the person `signedIn`
 * names, behind the same CSRF check as every other route.
 */
export function noteHandlers({
  notes,
  mentionsRead,
  signedIn,
  csrfChecked,
}: {
  notes: Note[];
  mentionsRead: Set<string>;
  signedIn: () => SessionUser | null;
  csrfChecked: (resolver: HttpResponseResolver) => HttpResponseResolver;
}) {
  return [
    http.get(
      '/bff/conversations/:id/notes',
      csrfChecked(({ params, request }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        // Newest first, 50 a page; the cursor here is the next page's offset.
        const newestFirst = notes.filter((note) => note.conversation_id === params.id).reverse();
        const start = Number(new URL(request.url).searchParams.get('after') ?? 0);
        const more = newestFirst.length > start + 50;
        return HttpResponse.json({
          data: newestFirst.slice(start, start + 50),
          page: more ? { has_more: true, next_cursor: String(start + 50) } : { has_more: false },
        });
      }),
    ),
    http.post(
      '/bff/conversations/:id/notes',
      csrfChecked(async ({ params, request }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const body = noteWriteSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return refusal(400, 'invalid_body', 'Send the note as {body}.');
        const note: Note = {
          id: String(notes.length + 1),
          conversation_id: String(params.id),
          author_user_id: current.id,
          body: body.data.body,
          mentioned_user_ids: body.data.mentioned_user_ids ?? [],
          created_at: new Date().toISOString(),
          edited_at: null,
        };
        notes.push(note);
        return HttpResponse.json({ data: note }, { status: 201 });
      }),
    ),
    http.patch(
      '/bff/notes/:id',
      csrfChecked(async ({ params, request }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const note = notes.find((candidate) => candidate.id === params.id);
        if (!note) return refusal(404, 'note_not_found', 'There is no such note.');
        if (note.author_user_id !== current.id)
          return refusal(403, 'note_not_yours', 'Only the person who wrote a note can edit it.');
        const body = noteWriteSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return refusal(400, 'invalid_body', 'Send the note as {body}.');
        Object.assign(note, {
          body: body.data.body,
          mentioned_user_ids: body.data.mentioned_user_ids ?? [],
          edited_at: new Date().toISOString(),
        });
        return HttpResponse.json({ data: note });
      }),
    ),
    http.delete(
      '/bff/notes/:id',
      csrfChecked(({ params }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const index = notes.findIndex((candidate) => candidate.id === params.id);
        if (index === -1) return refusal(404, 'note_not_found', 'There is no such note.');
        const [note] = notes.splice(index, 1);
        return HttpResponse.json({ data: { ...note!, body: '' } });
      }),
    ),
    http.get(
      '/bff/mentions',
      csrfChecked(() => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        const me = current.id;
        const data = notes
          .filter((note) => note.mentioned_user_ids.includes(me))
          .reverse()
          .map((note) => ({ note, shopper_name: null, read: mentionsRead.has(`${me}:${note.id}`) }));
        return HttpResponse.json({ data, unread: data.filter((mention) => !mention.read).length });
      }),
    ),
    http.put(
      '/bff/mentions/:id/read',
      csrfChecked(({ params }) => {
        const current = signedIn();
        if (!current) return refusal(401, 'session_required', 'Sign in to continue.');
        mentionsRead.add(`${current.id}:${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
