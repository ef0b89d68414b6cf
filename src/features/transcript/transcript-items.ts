import { rosterName } from '@/lib/conversation-labels';
import type { RosterMember } from '@/schemas/bff';
import type { Message } from '@/schemas/message';
import type { Note } from '@/schemas/note';
import type { OutboxEntry } from './outbox';
import type { HistoryLine } from './history-lines';
import { UI_LOCALE } from '@/lib/format';

/**
 * One row of the transcript: a stored message, a reply of ours not yet confirmed, a line of history, or
 * an internal note (the team's only).
 */
export type TranscriptItem =
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'outbox'; key: string; entry: OutboxEntry }
  | { kind: 'history'; key: string; line: HistoryLine }
  | { kind: 'note'; key: string; note: Note };

/** A row someone said to the shopper: a stored message or a reply of ours on its way. */
export type SaidItem = Extract<TranscriptItem, { kind: 'message' | 'outbox' }>;

export const isSaid = (item: TranscriptItem): item is SaidItem =>
  item.kind === 'message' || item.kind === 'outbox';

/**
 * The transcript's rows: the stored messages in their order with the history lines and notes at their
 * times among them (after the messages of the same instant), then our replies on their way.
 */
export function toItems(
  messages: readonly Message[],
  outbox: readonly OutboxEntry[],
  history: readonly HistoryLine[] = [],
  notes: readonly Note[] = [],
): TranscriptItem[] {
  // A note shown in the transcript announces itself: its "wrote an internal note" line would say it twice.
  const shownNotes = new Set(notes.map((note) => note.id));
  const between: TranscriptItem[] = [
    ...history
      .filter((line) => line.addedNoteId === undefined || !shownNotes.has(line.addedNoteId))
      .map((line): TranscriptItem => ({ kind: 'history', key: line.key, line })),
    ...notes.map((note): TranscriptItem => ({ kind: 'note', key: `note:${note.id}`, note })),
  ];
  // A stable sort: lines of one instant keep their order, and come before a note of the same instant.
  between.sort((a, b) => Date.parse(itemTime(a)) - Date.parse(itemTime(b)));
  const items: TranscriptItem[] = [];
  let next = 0;
  for (const message of messages) {
    const sent = Date.parse(message.created_at);
    while (next < between.length && Date.parse(itemTime(between[next]!)) < sent) items.push(between[next++]!);
    items.push({ kind: 'message', key: message.id, message });
  }
  items.push(...between.slice(next));
  for (const entry of outbox) items.push({ kind: 'outbox', key: `outbox:${entry.idempotencyKey}`, entry });
  return items;
}

export const itemTime = (item: TranscriptItem) =>
  item.kind === 'message'
    ? item.message.created_at
    : item.kind === 'history'
      ? item.line.at
      : item.kind === 'note'
        ? item.note.created_at
        : item.entry.createdAt;

/** Who sent a message, and which side of the conversation it belongs to. */
export type Sender =
  | { side: 'shopper'; name: string }
  | { side: 'assistant'; name: string }
  | { side: 'staff'; name: string; userId: string; isYou: boolean };

export function senderOf(
  message: Pick<Message, 'role' | 'author_user_id'>,
  context: { shopper: string; roster: readonly RosterMember[]; currentUserId: string },
): Sender {
  if (message.role === 'user') return { side: 'shopper', name: context.shopper };
  // A store message without an author is the assistant's (an unattributed staff reply reads the same
  // on the wire; this dashboard always names its author, so here it means the bot).
  if (message.author_user_id === null) return { side: 'assistant', name: 'Assistant' };
  return {
    side: 'staff',
    // Someone no longer on the roster keeps their id rather than a made-up name.
    name: rosterName(message.author_user_id, context.roster),
    userId: message.author_user_id,
    isYou: message.author_user_id === context.currentUserId,
  };
}

function localDayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** Whether the item opens a new calendar day (shown as a divider above it). */
export function startsNewDay(items: readonly TranscriptItem[], index: number): boolean {
  const item = items[index];
  if (!item) return false;
  const previous = items[index - 1];
  return previous === undefined || localDayKey(itemTime(previous)) !== localDayKey(itemTime(item));
}

/** "Today", "Yesterday", or the full date, for a day divider. */
export function formatDay(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date(now);
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (localDayKey(iso) === localDayKey(today.toISOString())) return 'Today';
  if (localDayKey(iso) === localDayKey(yesterday.toISOString())) return 'Yesterday';
  return new Intl.DateTimeFormat(UI_LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === today.getFullYear() ? undefined : 'numeric',
  }).format(date);
}
