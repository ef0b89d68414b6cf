import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import type { RosterMember } from '@/schemas/bff';
import { insertMention, matchingMembers, mentionAt } from '../mentions';

type Picker = { start: number; caret: number; options: RosterMember[]; active: number };

/**
 * The text box of a note, with `@` offering the team by name: a list of the teammates whose name starts
 * with what follows the `@`, chosen with the arrow keys and Enter (or Tab), or by pointer; Escape closes
 * it. The box stays the focus throughout (the list is its `aria-activedescendant`).
 * Ctrl/Cmd+Enter submits.
 */
export function NoteEditor({
  value,
  onChange,
  onSubmit,
  roster,
  label,
  textareaRef,
  describedBy,
  invalid,
  autoFocus,
  className,
}: {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  roster: readonly RosterMember[];
  label: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const [picker, setPicker] = useState<Picker | null>(null);
  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;

  const look = (text: string, caret: number) => {
    const typed = mentionAt(text, caret);
    const options = typed ? matchingMembers(roster, typed.query) : [];
    setPicker(typed && options.length > 0 ? { start: typed.start, caret, options, active: 0 } : null);
  };

  // The caret after an inserted mention, placed as soon as the new text is in the box (before any
  // further key press could land elsewhere).
  const caretAfterInsert = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caretAfterInsert.current === null) return;
    textareaRef.current?.setSelectionRange(caretAfterInsert.current, caretAfterInsert.current);
    caretAfterInsert.current = null;
  });

  const choose = (member: RosterMember) => {
    if (!picker) return;
    const next = insertMention(value, picker.start, picker.caret, member.name);
    caretAfterInsert.current = next.caret;
    onChange(next.text);
    setPicker(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker) {
      const count = picker.options.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setPicker({ ...picker, active: (picker.active + step + count) % count });
        return;
      }
      if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
        event.preventDefault();
        choose(picker.options[picker.active]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only; the inbox's Escape (leave the box) waits for the next press.
        event.preventDefault();
        setPicker(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  const active = picker ? picker.options[picker.active] : undefined;
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={`${id}-note`} className="sr-only">
        {label}
      </label>
      <textarea
        ref={textareaRef}
        id={`${id}-note`}
        dir="auto"
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => {
          onChange(event.target.value);
          look(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setPicker(null)}
        rows={2}
        placeholder="Write a note for your team… @ mentions a teammate"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={picker ? listId : undefined}
        aria-activedescendant={picker ? optionId(picker.active) : undefined}
        className={cx(
          inputClasses,
          'max-h-40 min-h-10 w-full resize-none bg-white [field-sizing:content]',
          className,
        )}
      />
      {picker ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention a teammate"
          // Above the box: below it, the list would leave the window at the bottom of the pane.
          style={{ bottom: 'calc(100% + 4px)' }}
          className="absolute left-0 z-20 max-h-40 w-64 max-w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-gray-900/10"
        >
          {picker.options.map((member, index) => (
            <li
              key={member.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === picker.active}
              // Chosen on pointer down, before the box loses focus (which closes the list).
              onPointerDown={(event) => {
                event.preventDefault();
                choose(member);
              }}
              className={cx(
                'cursor-pointer px-3 py-1.5 text-gray-900',
                index === picker.active && 'bg-indigo-600 text-white',
              )}
            >
              {member.name}
            </li>
          ))}
        </ul>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {picker
          ? `${picker.options.length} ${picker.options.length === 1 ? 'teammate matches' : 'teammates match'}${active ? `, ${active.name}` : ''}. Up and down to choose, Enter to mention.`
          : ''}
      </p>
    </div>
  );
}
