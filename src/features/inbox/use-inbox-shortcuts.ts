import { useRef } from 'react';
import { useEventListener } from '@/lib/use-event-listener';
import type { ConversationAction } from './conversation-action';

export type ShortcutCommand =
  | 'next'
  | 'previous'
  | 'open'
  | 'take-over'
  | 'hand-back'
  | 'assign-to-me'
  | 'close'
  | 'toggle-select'
  | 'assign'
  | 'tag'
  | 'snooze'
  | 'reply'
  | 'note'
  | 'leave-field'
  | 'search'
  | 'view-needs-person'
  | 'view-unassigned'
  | 'view-mine'
  | 'view-snoozed'
  | 'view-active'
  | 'view-closed'
  | 'toggle-availability'
  | 'help';

/**
 * Every key of the inbox, in the order the `?` sheet lists them: `keys` are alternatives, `sequence` keys
 * are pressed one after the other. Plain keys only: no Alt chords (they type accented letters). The
 * single letters and the `g` sequences below are read from this list, so the sheet cannot drift from
 * what the keys do; arrows, Enter, Esc and `?` have their own conditions in `commandFor`.
 */
export const SHORTCUTS: readonly {
  command: ShortcutCommand;
  keys: readonly string[];
  label: string;
  sequence?: boolean;
}[] = [
  { command: 'next', keys: ['j', '↓'], label: 'Next conversation' },
  { command: 'previous', keys: ['k', '↑'], label: 'Previous conversation' },
  { command: 'open', keys: ['Enter', 'o'], label: 'Open the conversation' },
  { command: 'reply', keys: ['r'], label: 'Write a reply (in the open conversation)' },
  { command: 'note', keys: ['n'], label: 'Write an internal note (in the open conversation)' },
  { command: 'leave-field', keys: ['Esc'], label: 'Leave the reply or note box, back to the list' },
  { command: 'take-over', keys: ['t'], label: 'Take over from the bot' },
  { command: 'hand-back', keys: ['b'], label: 'Hand back to the bot' },
  { command: 'assign-to-me', keys: ['m'], label: 'Assign to me' },
  { command: 'assign', keys: ['a'], label: 'Assign to someone…' },
  { command: 'close', keys: ['c'], label: 'Close the conversation' },
  { command: 'tag', keys: ['l'], label: 'Tags (label the conversation)…' },
  { command: 'snooze', keys: ['z'], label: 'Snooze until a time or until the shopper writes…' },
  { command: 'toggle-select', keys: ['x'], label: 'Select or unselect for bulk actions' },
  { command: 'search', keys: ['/'], label: 'Search by shopper name or email' },
  { command: 'view-needs-person', keys: ['g', 'n'], label: 'Go to Needs a person', sequence: true },
  { command: 'view-unassigned', keys: ['g', 'u'], label: 'Go to Unassigned', sequence: true },
  { command: 'view-mine', keys: ['g', 'm'], label: 'Go to Mine', sequence: true },
  { command: 'view-snoozed', keys: ['g', 'z'], label: 'Go to Snoozed', sequence: true },
  { command: 'view-active', keys: ['g', 'a'], label: 'Go to All active', sequence: true },
  { command: 'view-closed', keys: ['g', 'c'], label: 'Go to Closed', sequence: true },
  { command: 'toggle-availability', keys: ['Shift+A'], label: 'Switch between Available and Away' },
  { command: 'help', keys: ['?'], label: 'Show these shortcuts' },
];

/** The second key after `g`. */
const VIEW_KEYS: Readonly<Record<string, ShortcutCommand>> = Object.fromEntries(
  SHORTCUTS.filter(({ sequence, keys }) => sequence && keys[0] === 'g').map(
    ({ keys, command }): [string, ShortcutCommand] => [keys[1] ?? '', command],
  ),
);

/** The single-letter keys. */
const LETTERS: Readonly<Record<string, ShortcutCommand>> = Object.fromEntries(
  SHORTCUTS.filter(({ sequence }) => !sequence).flatMap(({ keys, command }) =>
    keys.filter((key) => /^[a-z]$/.test(key)).map((key): [string, ShortcutCommand] => [key, command]),
  ),
);

/** What a shortcut does to one conversation: a change, or a dialog to choose with (whom, tags, until when). */
export type ConversationShortcut =
  ConversationAction | { kind: 'assign-dialog' } | { kind: 'tag-dialog' } | { kind: 'snooze-dialog' };

/**
 * The shortcuts that act on one conversation (the list's highlighted row or the open one), with what
 * each does to it; the other commands move focus or change the view.
 */
export function conversationShortcut(
  command: ShortcutCommand,
  myUserId: string,
): ConversationShortcut | null {
  switch (command) {
    case 'take-over':
    case 'hand-back':
    case 'close':
      return { kind: command };
    case 'assign-to-me':
      return { kind: 'assign', assignee: myUserId };
    case 'assign':
      return { kind: 'assign-dialog' };
    case 'tag':
      return { kind: 'tag-dialog' };
    case 'snooze':
      return { kind: 'snooze-dialog' };
    default:
      return null;
  }
}

/** Commands that change something: never repeated by a held-down key. */
const WRITES = new Set<ShortcutCommand>([
  'take-over',
  'hand-back',
  'assign-to-me',
  'close',
  'assign',
  'toggle-availability',
  'tag',
  'snooze',
]);

const TEXT_INPUT_TYPES = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
]);

/** Whether keys typed here are text (an input, a textarea, a select, an editable element). */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !TEXT_INPUT_TYPES.has(target.type);
}

/**
 * The command a key press means, or null. Never inside text fields (except Escape in a multi-line one,
 * which leaves it), with Ctrl, Cmd or Alt held, inside an open dialog, menu or listbox (their own keys
 * win), or for a key a component already handled. Arrows only move the list when focus is in it (or
 * nowhere), so they still scroll a transcript; Enter only opens when nothing focused would take it (a
 * focused row's link opens itself). `afterG`: the previous key was a lone `g`, so this one picks a view.
 */
export function commandFor(
  event: KeyboardEvent,
  list: HTMLElement | null,
  afterG = false,
): ShortcutCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof HTMLElement ? event.target : null;
  const inOverlay = target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]');
  if (isTextEntry(target)) {
    return event.key === 'Escape' && target instanceof HTMLTextAreaElement && !inOverlay
      ? 'leave-field'
      : null;
  }
  if (inOverlay) return null;
  if (afterG && !event.shiftKey) return VIEW_KEYS[event.key] ?? null;
  const onNothing = target === null || target === document.body;
  const inList = onNothing || (list !== null && target !== null && list.contains(target));

  let command: ShortcutCommand | null = null;
  if (event.key === '?') command = 'help';
  else if (event.key === '/') command = 'search';
  else if (event.key === 'ArrowDown' && inList) command = 'next';
  else if (event.key === 'ArrowUp' && inList) command = 'previous';
  else if (event.key === 'Enter' && onNothing) command = 'open';
  else if (event.key === 'A' && event.shiftKey) command = 'toggle-availability';
  else if (!event.shiftKey) command = LETTERS[event.key] ?? null;
  if (command !== null && event.repeat && WRITES.has(command)) return null;
  return command;
}

/** Whether a key press starts a `g` sequence (same conditions as any other shortcut). */
function startsSequence(event: KeyboardEvent): boolean {
  if (event.key !== 'g' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
    return false;
  const target = event.target instanceof HTMLElement ? event.target : null;
  return (
    !isTextEntry(target) &&
    !target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')
  );
}

/** How long after `g` the second key still counts (as in Gmail and GitHub). */
const SEQUENCE_MS = 1500;

/** Listens for the inbox's keys on the whole page while the inbox is shown. */
export function useInboxShortcuts(
  onCommand: (command: ShortcutCommand) => void,
  listRef: React.RefObject<HTMLElement | null>,
) {
  const gPressedAt = useRef(-Infinity);
  useEventListener(document, 'keydown', (event: KeyboardEvent) => {
    if (event.key === 'Shift') return;
    const afterG = event.timeStamp - gPressedAt.current < SEQUENCE_MS;
    gPressedAt.current = -Infinity;
    if (!afterG && startsSequence(event)) {
      gPressedAt.current = event.timeStamp;
      event.preventDefault();
      return;
    }
    const command = commandFor(event, listRef.current, afterG);
    if (command === null) return;
    event.preventDefault();
    onCommand(command);
  });
}
