import { apiRequest } from '@/lib/api-client';
import { noteAnswerSchema, noteListSchema, type NoteWrite } from '@/schemas/note';

// Internal notes go to the BFF's own routes (/bff/...), never to the store's API: the shopper never
// receives them. Loaded with the first note shown or written, not with the inbox: vite.config.ts's
// inbox-data group, which the inbox loads up front, names its files and leaves this one out.

const notesPath = (conversationId: string) =>
  `/bff/conversations/${encodeURIComponent(conversationId)}/notes`;
const notePath = (noteId: string) => `/bff/notes/${encodeURIComponent(noteId)}`;

/** A page of the conversation's notes, newest first: the first without a cursor, then each older one. */
export const getNotesPage = (conversationId: string, after: string | undefined, signal?: AbortSignal) =>
  apiRequest(notesPath(conversationId), {
    schema: noteListSchema,
    signal,
    ...(after === undefined ? {} : { query: { after } }),
  });

/** One note whole: the live `note` event carries only its preview. */
export const getNote = (noteId: string, signal?: AbortSignal) =>
  apiRequest(notePath(noteId), { schema: noteAnswerSchema, signal }).then((answer) => answer.data);

// Writes are not retried by the client: a lost answer must not make a second note. The composer keeps
// the text on any failure, so nothing typed is lost.
export const addNote = (conversationId: string, write: NoteWrite) =>
  apiRequest(notesPath(conversationId), {
    method: 'POST',
    body: write,
    schema: noteAnswerSchema,
    retry: false,
  }).then((answer) => answer.data);

export const editNote = (noteId: string, write: NoteWrite) =>
  apiRequest(notePath(noteId), { method: 'PATCH', body: write, schema: noteAnswerSchema, retry: false }).then(
    (answer) => answer.data,
  );

export const deleteNote = (noteId: string) =>
  apiRequest(notePath(noteId), { method: 'DELETE', schema: noteAnswerSchema, retry: false }).then(
    (answer) => answer.data,
  );
