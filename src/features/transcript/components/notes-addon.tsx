import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ComponentProps, type RefObject } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { describeApiError } from '@/lib/describe-error';
import { useCurrentSession } from '@/lib/session-context';
import { useLiveEvents } from '@/lib/use-live-stream';
import type { Note } from '@/schemas/note';
import type { ComposerMode } from '../drafts';
import { applyNoteEvent, loadedNotes, notesQueryOptions } from '../notes-cache';
import { NoteComposer } from './note-composer';

// The internal notes' part of an open conversation, loaded just after the transcript (not with the
// inbox): the inbox's first download stays as it was, and notes, which the store's API has no place
// for, follow a moment later.

/**
 * Reads the conversation's newest notes and keeps them current from the live `note` event (re-read after
 * a catch-up), handing them to the transcript, oldest first. `loadOlderRef` is set, while older notes
 * remain, to what reads the next page (the transcript calls it when scrolled to the top). A failed read
 * is said where it is, with a retry.
 */
export function NotesSource({
  conversationId,
  onNotes,
  loadOlderRef,
}: {
  conversationId: string;
  onNotes: (notes: readonly Note[]) => void;
  loadOlderRef: RefObject<(() => void) | null>;
}) {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notesQueryOptions(conversationId));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useLiveEvents((event) => {
    if (event.name === 'note' && event.data.conversation_id === conversationId) {
      const { change, note } = event.data;
      if (change === 'deleted') applyNoteEvent(queryClient, { change, note });
      // The event carries a preview: the note is read whole (after a failed read, the loaded pages are).
      else
        void import('../api/notes')
          .then((api) => api.getNote(note.id))
          .then(
            (whole) => applyNoteEvent(queryClient, { change, note: whole }),
            () => queryClient.invalidateQueries({ queryKey: notesQueryOptions(conversationId).queryKey }),
          );
    } else if (event.name === 'resync' || (event.name === 'ready' && event.fresh === true))
      void queryClient.invalidateQueries({ queryKey: notesQueryOptions(conversationId).queryKey });
  });
  const notes = useMemo(() => loadedNotes(query.data), [query.data]);
  // A page read changes both what the transcript shows and whether there is an older one to read.
  useEffect(() => {
    loadOlderRef.current =
      hasNextPage && !isFetchingNextPage && !isFetchNextPageError ? () => void fetchNextPage() : null;
    onNotes(notes);
    return () => {
      loadOlderRef.current = null;
    };
  }, [loadOlderRef, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, notes, onNotes]);
  if (!query.isError) return null;
  return (
    <p
      role="status"
      className="border-t border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900 sm:px-5"
    >
      <span className="font-medium">Notes not shown: </span>
      {describeApiError(query.error, { role: user.role }).title}.{' '}
      <Button
        size="sm"
        variant="ghost"
        onPress={() => void (isFetchNextPageError ? fetchNextPage() : query.refetch())}
      >
        Retry
      </Button>
    </p>
  );
}

const MODES: readonly { mode: ComposerMode; label: string; key: string }[] = [
  { mode: 'reply', label: 'Reply', key: 'r' },
  { mode: 'note', label: 'Note', key: 'n' },
];

/**
 * Reply to the shopper or write an internal note: two toggle buttons beside the composer (`r` and `n` in
 * the inbox choose them too). The Note side is amber, as the note composer is.
 */
export function ComposerModeSwitch({
  mode,
  onChange,
}: {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
}) {
  return (
    <div role="group" aria-label="Write" className="inline-flex rounded-md bg-gray-100 p-0.5 text-sm">
      {MODES.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={mode === option.mode}
          aria-keyshortcuts={option.key}
          onClick={() => onChange(option.mode)}
          className={cx(
            'rounded-md px-3 py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
            mode !== option.mode
              ? 'text-gray-700 hover:text-gray-900'
              : option.mode === 'note'
                ? 'bg-amber-100 text-amber-900 shadow-sm ring-1 ring-amber-300'
                : 'bg-white text-gray-900 shadow-sm',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The composer in Note mode: the switch beside the note box, where it is beside the reply box. */
export function NoteBox({
  onModeChange,
  ...composer
}: ComponentProps<typeof NoteComposer> & { onModeChange: (mode: ComposerMode) => void }) {
  return (
    <div className="flex shrink-0 flex-col gap-2 border-t border-gray-200 bg-white px-3 py-2.5 sm:flex-row sm:items-start sm:px-5">
      <div className="sm:pt-1">
        <ComposerModeSwitch mode="note" onChange={onModeChange} />
      </div>
      <div className="min-w-0 flex-1">
        <NoteComposer {...composer} />
      </div>
    </div>
  );
}
