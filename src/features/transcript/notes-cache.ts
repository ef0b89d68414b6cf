import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/lib/query-keys';
import { cursorPagination } from '@/lib/pagination';
import type { Note } from '@/schemas/note';
import type { ListOf } from '@/schemas/page';

type NotePages = InfiniteData<ListOf<Note>, unknown>;

/**
 * A conversation's internal notes, a page at a time from the newest (older pages are read when the
 * reader scrolls to the top), kept current by the live `note` event. The reading code (and its
 * schemas) is fetched with the first read, so the inbox does not carry it up front.
 */
export const notesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    ...cursorPagination,
    // Under the conversation's detail, so what clears a conversation's caches clears its notes too.
    queryKey: [...conversationKeys.detail(conversationId), 'notes'],
    queryFn: ({ signal, pageParam }): Promise<ListOf<Note>> =>
      import('./api/notes').then((api) => api.getNotesPage(conversationId, pageParam, signal)),
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every loaded note, oldest first (the pages run newest first). */
export function loadedNotes(data: NotePages | undefined): Note[] {
  return data ? data.pages.flatMap((page) => page.data).reverse() : [];
}

/**
 * Puts a note written, edited or deleted (here or by a teammate) into the cached notes: an edit where
 * the note is, a new note at the top of the newest page, a deleted one out of its page.
 */
export function applyNoteEvent(
  queryClient: QueryClient,
  event:
    | { change: 'added' | 'edited'; note: Note }
    | { change: 'deleted'; note: Pick<Note, 'id' | 'conversation_id'> },
) {
  const { id } = event.note;
  const written = event.change === 'deleted' ? undefined : event.note;
  queryClient.setQueryData(notesQueryOptions(event.note.conversation_id).queryKey, (current) => {
    if (!current) return current;
    const known = current.pages.some((page) => page.data.some((note) => note.id === id));
    const pages = current.pages.map((page) => ({
      ...page,
      data: written
        ? page.data.map((note) => (note.id === id ? written : note))
        : page.data.filter((note) => note.id !== id),
    }));
    if (!known && written && pages[0]) pages[0] = { ...pages[0], data: [written, ...pages[0].data] };
    return { ...current, pages };
  });
}
