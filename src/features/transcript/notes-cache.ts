import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/lib/query-keys';
import type { Note, NoteEvent } from '@/schemas/note';

/**
 * A conversation's internal notes, read once and kept current by the live `note` event. The reading code
 * (and its schemas) is fetched with the first read, so the inbox does not carry it up front.
 */
export const notesQueryOptions = (conversationId: string) =>
  queryOptions({
    // Under the conversation's detail, so what clears a conversation's caches clears its notes too.
    queryKey: [...conversationKeys.detail(conversationId), 'notes'],
    queryFn: ({ signal }): Promise<Note[]> =>
      import('./note-requests').then((api) => api.getNotes(conversationId, signal)),
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Puts a note written, edited or deleted (here or by a teammate) into the cached notes, in time order. */
export function applyNoteEvent(queryClient: QueryClient, event: Pick<NoteEvent, 'change' | 'note'>) {
  queryClient.setQueryData(notesQueryOptions(event.note.conversation_id).queryKey, (current) => {
    if (!current) return current;
    const others = current.filter((note) => note.id !== event.note.id);
    if (event.change === 'deleted') return others;
    return [...others, event.note].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  });
}
