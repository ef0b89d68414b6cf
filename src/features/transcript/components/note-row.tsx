import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { rosterName } from '@/lib/conversation-labels';
import { describeApiError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { useAuthorNames, useCurrentSession } from '@/lib/session-context';
import { noteWriteSchema, type Note } from '@/schemas/note';
import { deleteNote, editNote } from '../api/notes';
import { mentionedIn } from '../mentions';
import { applyNoteEvent } from '../notes-cache';
import { NOTE_LABEL } from './note-composer';
import { NoteEditor } from './note-editor';

/**
 * An internal note among the messages: amber, across the transcript (neither the shopper's side nor
 * theirs), labelled as internal, with its author, time and "edited". Its author can edit it in place;
 * its author or an owner can delete it, after confirming.
 */
export const NoteRow = memo(function NoteRow({ note }: { note: Note }) {
  const { user, roster } = useCurrentSession();
  const authors = useAuthorNames();
  const queryClient = useQueryClient();
  const id = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editRef = useRef<HTMLTextAreaElement>(null);
  // Leaving the editor puts the focus back on Edit as it returns, in the same commit, so it never drops
  // to the page.
  const backToEdit = useRef(false);
  const editButton = useCallback((button: HTMLButtonElement | null) => {
    if (button === null || !backToEdit.current) return;
    backToEdit.current = false;
    button.focus();
  }, []);
  const closeEditor = () => {
    backToEdit.current = true;
    setEditing(null);
  };
  const author = rosterName(note.author_user_id, authors);
  const mine = note.author_user_id === user.id;
  const mayDelete = mine || user.role === 'owner';

  const failed = (caught: unknown, what: string) => {
    const { title, description } = describeApiError(caught, { role: user.role });
    setError(`${what} ${title}. ${description}`);
  };

  async function save() {
    if (editing === null || busy) return;
    const parsed = noteWriteSchema.safeParse({
      body: editing.trim(),
      mentioned_user_ids: mentionedIn(editing, roster),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A note cannot be blank.');
      return;
    }
    setBusy('save');
    setError(null);
    try {
      applyNoteEvent(queryClient, { change: 'edited', note: await editNote(note.id, parsed.data) });
      closeEditor();
    } catch (caught) {
      failed(caught, 'The note was not saved (your changes are kept here).');
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    setError(null);
    try {
      applyNoteEvent(queryClient, { change: 'deleted', note: await deleteNote(note.id) });
      setConfirming(false);
      // The row goes away: the transcript keeps the focus.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-transcript-scroller]')?.focus());
    } catch (caught) {
      setConfirming(false);
      failed(caught, 'The note was not deleted.');
    } finally {
      setBusy(null);
    }
  }

  const errorId = `${id}-error`;
  return (
    <>
      <article
        aria-label={`Internal note by ${author}, ${formatDateTime(note.created_at)}`}
        className="mx-auto max-w-[min(100%,44rem)] rounded-lg bg-amber-50 px-3.5 py-2 ring-1 ring-amber-300"
      >
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="text-xs font-semibold text-amber-900">{NOTE_LABEL}</span>
          <span dir="auto" className="text-sm font-semibold text-gray-900">
            {mine ? `${author} (you)` : author}
          </span>
          <RelativeTimestamp value={note.created_at} className="text-xs text-gray-700 tabular-nums" />
          {note.edited_at ? (
            <span className="text-xs text-gray-700" title={`Edited ${formatDateTime(note.edited_at)}`}>
              edited
            </span>
          ) : null}
        </header>
        {editing === null ? (
          <p
            dir="auto"
            className="mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-gray-900"
          >
            {note.body}
          </p>
        ) : (
          <div className="mt-1.5 space-y-2">
            <NoteEditor
              value={editing}
              onChange={(text) => {
                setEditing(text);
                if (error) setError(null);
              }}
              onSubmit={() => void save()}
              roster={roster}
              label="Edit your note"
              textareaRef={editRef}
              describedBy={error ? errorId : undefined}
              invalid={error !== null}
              autoFocus
            />
            <div className="flex gap-2">
              <Button size="sm" variant="primary" onPress={() => void save()} isPending={busy === 'save'}>
                Save note
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onPress={() => {
                  closeEditor();
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </div>
          </div>
        )}
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 empty:hidden">
          {error}
        </p>
        {editing === null && (mine || mayDelete) ? (
          <div className="mt-1 flex gap-1">
            {mine ? (
              <Button
                ref={editButton}
                size="sm"
                variant="ghost"
                onPress={() => setEditing(note.body)}
                aria-label={`Edit your note from ${formatDateTime(note.created_at)}`}
              >
                Edit
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onPress={() => setConfirming(true)}
              aria-label={`Delete the note by ${author} from ${formatDateTime(note.created_at)}`}
            >
              Delete
            </Button>
          </div>
        ) : null}
      </article>
      <ModalDialog
        isOpen={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        role="alertdialog"
        title="Delete this note?"
      >
        <p className="text-[15px] text-gray-700">
          {mine ? 'Your note' : `${author}’s note`} goes for the whole team. The conversation’s history keeps
          that it was deleted, and by whom.
        </p>
        <div className="flex flex-wrap justify-end gap-2 pt-4">
          <Button autoFocus onPress={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="danger" onPress={() => void remove()} isPending={busy === 'delete'}>
            Delete note
          </Button>
        </div>
      </ModalDialog>
    </>
  );
});
