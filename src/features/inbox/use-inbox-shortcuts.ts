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
  | 'help';

/** The keys, as the `?` sheet lists them. Single keys only: no Alt chords (they type accented letters). */
export const SHORTCUTS: readonly { keys: readonly string[]; label: string }[] = [
  { keys: ['j', '↓'], label: 'Next conversation' },
  { keys: ['k', '↑'], label: 'Previous conversation' },
  { keys: ['Enter', 'o'], label: 'Open the conversation' },
  { keys: ['t'], label: 'Take over from the bot' },
  { keys: ['b'], label: 'Hand back to the bot' },
  { keys: ['m'], label: 'Assign to me' },
  { keys: ['c'], label: 'Close the conversation' },
  { keys: ['x'], label: 'Select or unselect for bulk actions' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

const LETTERS: Readonly<Record<string, ShortcutCommand>> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  t: 'take-over',
  b: 'hand-back',
  m: 'assign-to-me',
  c: 'close',
  x: 'toggle-select',
};

/** Commands that change something: never repeated by a held-down key. */
const WRITES = new Set<ShortcutCommand>(['take-over', 'hand-back', 'assign-to-me', 'close']);

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
 * The command a key press means, or null. Never inside text fields, with Ctrl, Cmd or Alt held, inside
 * an open dialog, menu or listbox (their own keys win), or for a key a component already handled. Arrows
 * only move the list when focus is in it (or nowhere), so they still scroll a transcript; Enter only
 * opens when nothing focused would take it (a focused row's link opens itself).
 */
export function commandFor(event: KeyboardEvent, list: HTMLElement | null): ShortcutCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (isTextEntry(target)) return null;
  if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return null;
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
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandFor(event, listRef.current);
      if (command === null) return;
      event.preventDefault();
      handler.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef]);
}
