import { afterEach, describe, expect, it } from 'vitest';
import { commandFor } from './use-inbox-shortcuts';

function press(
  key: string,
  target: HTMLElement,
  init: KeyboardEventInit = {},
  list: HTMLElement | null = null,
  afterG = false,
) {
  let command: ReturnType<typeof commandFor> = null;
  const listener = (event: KeyboardEvent) => {
    command = commandFor(event, list, afterG);
  };
  document.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
  document.removeEventListener('keydown', listener);
  return command;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('inbox shortcuts', () => {
  it('maps single keys to commands', () => {
    expect(press('j', document.body)).toBe('next');
    expect(press('k', document.body)).toBe('previous');
    expect(press('t', document.body)).toBe('take-over');
    expect(press('b', document.body)).toBe('hand-back');
    expect(press('l', document.body)).toBe('tag');
    expect(press('m', document.body)).toBe('assign-to-me');
    expect(press('c', document.body)).toBe('close');
    expect(press('o', document.body)).toBe('open');
    expect(press('?', document.body, { shiftKey: true })).toBe('help');
  });

  it('never fires inside text fields', () => {
    document.body.innerHTML =
      '<input id="i" /><textarea id="t"></textarea><div id="e" contenteditable="true"></div>';
    for (const id of ['i', 't']) expect(press('t', document.getElementById(id)!)).toBeNull();
    const editable = document.getElementById('e')!;
    // jsdom does not compute isContentEditable; a browser does.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(press('c', editable)).toBeNull();
  });

  it('fires on a focused checkbox or link (a row), not inside a dialog or a menu', () => {
    document.body.innerHTML =
      '<input type="checkbox" id="box" /><a href="/x" id="link">x</a><div role="dialog"><button id="inside">b</button></div>';
    expect(press('x', document.getElementById('box')!)).toBe('toggle-select');
    expect(press('c', document.getElementById('link')!)).toBe('close');
    expect(press('c', document.getElementById('inside')!)).toBeNull();
  });

  it('ignores Ctrl, Cmd and Alt chords and held-down write keys', () => {
    expect(press('c', document.body, { ctrlKey: true })).toBeNull();
    expect(press('c', document.body, { metaKey: true })).toBeNull();
    expect(press('t', document.body, { altKey: true })).toBeNull();
    expect(press('c', document.body, { repeat: true })).toBeNull();
    expect(press('j', document.body, { repeat: true })).toBe('next');
  });

  it('moves with arrows only from the list or from nowhere, so arrows still scroll elsewhere', () => {
    document.body.innerHTML =
      '<div id="list"><a href="/a" id="row">a</a></div><button id="elsewhere">b</button>';
    const list = document.getElementById('list');
    expect(press('ArrowDown', document.getElementById('row')!, {}, list)).toBe('next');
    expect(press('ArrowDown', document.getElementById('elsewhere')!, {}, list)).toBeNull();
    expect(press('ArrowUp', document.body, {}, list)).toBe('previous');
  });

  it('r writes a reply, a assigns to someone, and Escape leaves a multi-line field only', () => {
    document.body.innerHTML =
      '<textarea id="reply"></textarea><input id="search" /><div role="dialog"><textarea id="note"></textarea></div>';
    expect(press('r', document.body)).toBe('reply');
    expect(press('a', document.body)).toBe('assign');
    expect(press('a', document.body, { repeat: true })).toBeNull();
    expect(press('r', document.getElementById('reply')!)).toBeNull();
    expect(press('Escape', document.getElementById('reply')!)).toBe('leave-field');
    expect(press('Escape', document.getElementById('search')!)).toBeNull();
    expect(press('/', document.body)).toBe('search');
    // Typing a slash into a field is text, not the search shortcut.
    expect(press('/', document.getElementById('search')!)).toBeNull();
    expect(press('Escape', document.getElementById('note')!)).toBeNull();
  });

  it('after g, the next key picks a view; other keys mean nothing', () => {
    expect(press('n', document.body, {}, null, true)).toBe('view-needs-person');
    expect(press('m', document.body, {}, null, true)).toBe('view-mine');
    expect(press('a', document.body, {}, null, true)).toBe('view-active');
    expect(press('c', document.body, {}, null, true)).toBe('view-closed');
    expect(press('u', document.body, {}, null, true)).toBe('view-unassigned');
    expect(press('t', document.body, {}, null, true)).toBeNull();
    expect(press('m', document.body)).toBe('assign-to-me');
  });
});
