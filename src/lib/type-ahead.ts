/** A text field a key puts the cursor in. */
export type TextField = HTMLTextAreaElement | HTMLInputElement;

/** How long the keys typed after a key that opens a field are kept while the field is not there yet. */
const WAIT_MS = 3000;

let stopWaiting: (() => void) | null = null;

function usable(field: TextField | null): field is TextField {
  return field !== null && field.isConnected && !field.disabled && !field.readOnly;
}

/** Types `text` into the field at its caret, as the browser would (React sees an input event). */
export function insertAtCaret(field: TextField, text: string): void {
  if (text === '') return;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const value = `${field.value.slice(0, start)}${text}${field.value.slice(end)}`;
  // The prototype's setter, so React's own value tracking sees a change and fires its onChange.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  const setValue = Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.bind(field);
  if (setValue) setValue(value);
  else field.value = value;
  field.setSelectionRange(start + text.length, start + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The characters a key press types, or null when it types none (a modifier chord, a named key). */
function typedBy(event: KeyboardEvent, multiline: boolean): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  if (event.key.length === 1) return event.key;
  if (event.key === 'Enter' && multiline && !event.shiftKey) return '\n';
  return null;
}

/**
 * Puts the cursor in the field `find` returns, now if it is there, or as soon as it appears (a box that
 * mounts on the next render, a dialog whose code is still loading). Whatever is typed meanwhile is kept
 * and typed into the field once focused, and never reaches the page's own keys, so nothing typed at
 * full speed after the key is lost or taken for a shortcut. Escape, or a click, gives up waiting.
 */
export function focusWithTypeAhead(find: () => TextField | null, options: { multiline?: boolean } = {}) {
  stopWaiting?.();
  const now = find();
  if (usable(now)) {
    now.focus();
    if (document.activeElement === now) return;
  }
  let buffer = '';
  let frame = 0;
  const startedAt = performance.now();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return stop();
    const typed = typedBy(event, options.multiline ?? false);
    if (typed === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    buffer += typed;
  };
  const stop = () => {
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('pointerdown', stop, true);
    cancelAnimationFrame(frame);
    if (stopWaiting === stop) stopWaiting = null;
  };
  const poll = () => {
    const field = find();
    if (usable(field)) {
      field.focus();
      if (document.activeElement === field) {
        stop();
        insertAtCaret(field, buffer);
        return;
      }
    }
    if (performance.now() - startedAt > WAIT_MS) return stop();
    frame = requestAnimationFrame(poll);
  };
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('pointerdown', stop, true);
  stopWaiting = stop;
  frame = requestAnimationFrame(poll);
}
