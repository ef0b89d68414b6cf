import { rosterName } from '@/lib/conversation-labels';
import { formatDateTime } from '@/lib/format';
import type { RosterMember } from '@/schemas/bff';
import type { HistoryEntry } from '@/schemas/history';

/** One quiet line of a conversation's history in its transcript ("Sam Rivera took over"). */
export interface HistoryLine {
  key: string;
  at: string;
  text: string;
  /** A note's "wrote an internal note" line: the note it is about (shown itself, the line is not). */
  addedNoteId?: string;
}

/** What a person did, and how a change made outside the dashboard reads. */
const SAID: Record<string, [string, string]> = {
  handed_to_person: ['took over from the assistant', 'The assistant handed this to a person'],
  handed_to_assistant: [
    'handed this back to the assistant',
    'Handed back to the assistant outside the dashboard',
  ],
  closed: ['closed it', 'Closed outside the dashboard'],
  reopened: ['reopened it', 'Reopened outside the dashboard'],
};
// Notes are only ever written in the dashboard: a note's entry always names its person.
for (const [kind, done] of [
  ['note_added', 'wrote'],
  ['note_edited', 'edited'],
  ['note_deleted', 'deleted'],
])
  SAID[kind!] = [`${done} an internal note`, ''];

/** Why an automatic assignment chose that person. */
const RULES: Readonly<Record<string, string>> = {
  round_robin: ': round robin',
  fewest_open: ': fewest open conversations',
};

function sentence(entry: HistoryEntry, name: (id: string) => string): string {
  const actor = entry.actor_user_id && name(entry.actor_user_id);
  if (entry.kind === 'assigned') {
    const to = entry.assigned_to;
    if (!to) return actor ? `${actor} unassigned it` : 'Unassigned outside the dashboard';
    if (entry.automatic) return `Assigned to ${name(to)} automatically${RULES[entry.strategy ?? ''] ?? ''}`;
    if (!actor) return `Assigned to ${name(to)} outside the dashboard`;
    return `${actor} assigned it to ${to === entry.actor_user_id ? 'themselves' : name(to)}`;
  }
  if (entry.kind === 'tagged' || entry.kind === 'untagged') {
    const change = entry.kind === 'tagged' ? `tagged it “${entry.tag}”` : `removed the tag “${entry.tag}”`;
    return `${actor || 'Someone'} ${change}`;
  }
  if (entry.kind === 'snoozed') {
    const until = entry.until ? formatDateTime(entry.until) : 'the shopper writes';
    return `${actor || 'Someone'} snoozed it until ${until}`;
  }
  if (entry.kind === 'unsnoozed') return `${actor || 'Someone'} woke it`;
  if (entry.kind === 'snooze_ended')
    return entry.reason === 'shopper' ? 'The shopper replied; the snooze ended' : 'The snooze ended';
  const [done, elsewhere] = SAID[entry.kind] ?? ['changed it', 'Changed outside the dashboard'];
  return actor ? `${actor} ${done}` : elsewhere;
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
    const line: HistoryLine = { key: `history:${entry.id}`, at: entry.at, text };
    if (entry.kind === 'note_added' && entry.note_id) line.addedNoteId = entry.note_id;
    return [line];
  });
}
