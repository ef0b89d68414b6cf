import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type RefObject } from 'react';
import { Button } from '@/components/button';
import { describeApiError } from '@/lib/describe-error';
import { useCurrentSession } from '@/lib/session-context';
import { noteWriteSchema } from '@/schemas/note';
import { addNote } from '../api/notes';
import { mentionedIn } from '../mentions';
import { applyNoteEvent } from '../notes-cache';
import { NoteEditor } from './note-editor';

export const NOTE_LABEL = 'Internal note · only your team sees this';

/**
 * The composer in Note mode: amber, labelled as internal, and sent to the dashboard's own notes (never
 * to the shopper). The text stays until the note is stored; a refusal is shown under it.
 */
export function NoteComposer({
  conversationId,
  draft,
  onDraftChange,
  textareaRef,
}: {
  conversationId: string;
  draft: string;
  onDraftChange: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { user, roster } = useCurrentSession();
  const queryClient = useQueryClient();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function submit() {
    if (busy) return;
    const write = { body: draft.trim(), mentioned_user_ids: mentionedIn(draft, roster) };
    const parsed = noteWriteSchema.safeParse(write);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A note cannot be blank.');
      textareaRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const note = await addNote(conversationId, parsed.data);
      applyNoteEvent(queryClient, { change: 'added', note });
      onDraftChange('');
      setStatus('Note added for your team.');
    } catch (caught) {
      const { title, description } = describeApiError(caught, { role: user.role });
      setError(`The note was not added (it is kept here). ${title}. ${description}`);
    } finally {
      setBusy(false);
      textareaRef.current?.focus();
    }
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5 rounded-md bg-amber-50 p-2 ring-1 ring-amber-300">
      <p className="flex items-center gap-1.5 text-xs font-semibold text-amber-900">
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
          <path d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" />
        </svg>
        {NOTE_LABEL}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <NoteEditor
          value={draft}
          onChange={(text) => {
            onDraftChange(text);
            if (error) setError(null);
          }}
          onSubmit={() => void submit()}
          roster={roster}
          label="Internal note for your team (the shopper never sees it)"
          textareaRef={textareaRef}
          describedBy={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
          invalid={error !== null}
          autoFocus
        />
        <Button variant="primary" onPress={() => void submit()} isPending={busy}>
          Add note
        </Button>
      </div>
      <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
      <p id={hintId} className="text-xs text-amber-900">
        @ mentions a teammate<span className="max-sm:hidden"> · Ctrl or ⌘ + Enter adds the note</span>
      </p>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
