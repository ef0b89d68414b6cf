import { useEffect, useRef } from 'react';

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
  | 'reply'
  | 'leave-field'
  | 'view-needs-person'
  | 'view-mine'
  | 'view-active'
  | 'view-closed'
  | 'help';

/**
 * The keys, as the `?` sheet lists them: `keys` are alternatives, `sequence` keys are pressed one after
 * the other. Plain keys only: no Alt chords (they type accented letters).
 */
export const SHORTCUTS: readonly { keys: readonly string[]; label: string; sequence?: boolean }[] = [
  { keys: ['j', '↓'], label: 'Next conversation' },
  { keys: ['k', '↑'], label: 'Previous conversation' },
  { keys: ['Enter', 'o'], label: 'Open the conversation' },
  { keys: ['r'], label: 'Write a reply (in the open conversation)' },
  { keys: ['Esc'], label: 'Leave the reply box, back to the list' },
  { keys: ['t'], label: 'Take over from the bot' },
  { keys: ['b'], label: 'Hand back to the bot' },
  { keys: ['m'], label: 'Assign to me' },
  { keys: ['a'], label: 'Assign to someone…' },
  { keys: ['c'], label: 'Close the conversation' },
  { keys: ['x'], label: 'Select or unselect for bulk actions' },
  { keys: ['g', 'n'], label: 'Go to Needs a person', sequence: true },
  { keys: ['g', 'm'], label: 'Go to Mine', sequence: true },
  { keys: ['g', 'a'], label: 'Go to All active', sequence: true },
  { keys: ['g', 'c'], label: 'Go to Closed', sequence: true },
  { keys: ['?'], label: 'Show these shortcuts' },
];

/** The second key after `g`. */
const VIEW_KEYS: Readonly<Record<string, ShortcutCommand>> = {
  n: 'view-needs-person',
  m: 'view-mine',
  a: 'view-active',
  c: 'view-closed',
};

const LETTERS: Readonly<Record<string, ShortcutCommand>> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  t: 'take-over',
  b: 'hand-back',
  m: 'assign-to-me',
  c: 'close',
  x: 'toggle-select',
  a: 'assign',
  r: 'reply',
};

/** Commands that change something: never repeated by a held-down key. */
const WRITES = new Set<ShortcutCommand>(['take-over', 'hand-back', 'assign-to-me', 'close', 'assign']);

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
  else if (event.key === 'ArrowDown' && inList) command = 'next';
  else if (event.key === 'ArrowUp' && inList) command = 'previous';
  else if (event.key === 'Enter' && onNothing) command = 'open';
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
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });
  useEffect(() => {
    let gPressedAt = -Infinity;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Shift') return;
      const afterG = event.timeStamp - gPressedAt < SEQUENCE_MS;
      gPressedAt = -Infinity;
      if (!afterG && startsSequence(event)) {
        gPressedAt = event.timeStamp;
        event.preventDefault();
        return;
      }
      const command = commandFor(event, listRef.current, afterG);
      if (command === null) return;
      event.preventDefault();
      handler.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef]);
}
