import type { LiveEvent } from '../../schemas/live.ts';
import { summariseNote } from '../../schemas/note.ts';
import type { Notes } from './notes.ts';

/**
 * The `note` events of a replay as the notes are now: the log keeps each note's words as they were
 * written, and a reconnecting dashboard must not get back what was since edited away or deleted. A
 * deleted note is replayed as deleted (no words, no mentions); an edited one with its current preview, and
 * alerts only for teammates it still mentions. Other events pass as they are.
 */
export function freshenNoteEvents(notes: () => Promise<Notes>) {
  return async (events: LiveEvent[]): Promise<LiveEvent[]> => {
    const ids = events.flatMap((event) => (event.name === 'note' ? [event.data.note.id] : []));
    if (ids.length === 0) return events;
    const current = await (await notes()).current(ids);
    return events.map((event): LiveEvent => {
      if (event.name !== 'note') return event;
      const now = current.get(event.data.note.id);
      if (!now || now.deleted)
        return {
          ...event,
          data: {
            ...event.data,
            change: 'deleted',
            note: { ...event.data.note, preview: '', mentioned_user_ids: [] },
            newly_mentioned_user_ids: [],
          },
        };
      const stillMentioned = new Set(now.note.mentioned_user_ids);
      return {
        ...event,
        data: {
          ...event.data,
          note: summariseNote(now.note),
          newly_mentioned_user_ids: event.data.newly_mentioned_user_ids.filter((id) =>
            stillMentioned.has(id),
          ),
        },
      };
    });
  };
}
