import type { ConversationHistory } from '../history/conversation-history.ts';
import { definePart } from '../part/part.ts';
import { freshenNoteEvents } from './note-replay.ts';
import { noteRoutes, type NoteRoutesDeps } from './note-routes.ts';
import { Notes } from './notes.ts';

export interface NotesNeeds extends Pick<NoteRoutesDeps, 'conversationExists'> {
  /** A note is recorded in its conversation's history. */
  history: () => Promise<ConversationHistory>;
}

/**
 * The team's internal notes: each written, edited or deleted one tells every dashboard with its own
 * `note` event (a preview, never the whole text). Its face: the notes, and how a replay reads them as
 * they are now (for the live hub).
 */
export const notesPart = definePart({
  name: 'notes',
  install(ctx, needs: NotesNeeds) {
    const notes = ctx.store(
      (db) => new Notes(db, ctx.now, needs.history, (event) => ctx.publish('note', event)),
    );
    ctx.mount(noteRoutes({ notes, conversationExists: needs.conversationExists, access: ctx.access }));
    return { notes, freshenReplay: freshenNoteEvents(notes) };
  },
});
