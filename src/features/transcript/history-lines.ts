import { rosterName } from '@/lib/conversation-labels';
import type { RosterMember } from '@/schemas/bff';
import type { HistoryEntry } from '@/schemas/history';

/** One quiet line of a conversation's history in its transcript ("Sam Rivera took over"). */
export interface HistoryLine {
  key: string;
  at: string;
  text: string;
}

function sentence(entry: HistoryEntry, name: (id: string) => string): string {
  const actor = entry.actor_user_id === null ? null : name(entry.actor_user_id);
  const assignee = entry.assigned_to ? name(entry.assigned_to) : null;
  switch (entry.kind) {
    case 'handed_to_person':
      return actor ? `${actor} took over from the assistant` : 'The assistant handed this to a person';
    case 'handed_to_assistant':
      return actor
        ? `${actor} handed this back to the assistant`
        : 'Handed back to the assistant outside the dashboard';
    case 'assigned':
      if (assignee === null) return actor ? `${actor} unassigned it` : 'Unassigned outside the dashboard';
      if (actor === null) return `Assigned to ${assignee} outside the dashboard`;
      return entry.assigned_to === entry.actor_user_id
        ? `${actor} assigned it to themselves`
        : `${actor} assigned it to ${assignee}`;
    case 'closed':
      return actor ? `${actor} closed it` : 'Closed outside the dashboard';
    case 'reopened':
      return actor ? `${actor} reopened it` : 'Reopened outside the dashboard';
    default:
      return actor ? `${actor} changed it` : 'Changed outside the dashboard';
  }
}

/**
 * The lines a conversation's history shows, oldest first: one per entry, except that a person taking the
 * conversation from the assistant and assigning it to themselves in one change reads "… took over".
 */
export function historyLines(
  entries: readonly HistoryEntry[],
  roster: readonly RosterMember[],
): HistoryLine[] {
  const name = (id: string) => rosterName(id, roster);
  const takeOvers = new Set(
    entries
      .filter(
        (entry) =>
          entry.kind === 'assigned' &&
          entry.actor_user_id !== null &&
          entry.assigned_to === entry.actor_user_id,
      )
      .filter((assigned) =>
        entries.some(
          (other) =>
            other.version === assigned.version &&
            other.kind === 'handed_to_person' &&
            other.actor_user_id === assigned.actor_user_id,
        ),
      )
      .map((assigned) => assigned.version),
  );
  return entries.flatMap((entry): HistoryLine[] => {
    const takeOver = takeOvers.has(entry.version);
    if (takeOver && entry.kind === 'assigned') return [];
    const text =
      takeOver && entry.kind === 'handed_to_person'
        ? `${name(entry.actor_user_id!)} took over`
        : sentence(entry, name);
    return [{ key: `history:${entry.id}`, at: entry.at, text }];
  });
}
