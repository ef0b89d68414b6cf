import { useId, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Button } from '@/components/button';
import { CharacterCountField } from '@/components/character-count-field';
import { countCharacters } from '@/schemas/characters';
import { normalizeSuggestedPrompts } from '@/schemas/agent-config';
import { SUGGESTED_PROMPT_MAX, SUGGESTED_PROMPTS_KEPT } from '@/schemas/limits';

function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className="size-4 shrink-0"
      aria-hidden="true"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const UP = 'M10 15V5m0 0-4 4m4-4 4 4';
const DOWN = 'M10 5v10m0 0-4-4m4 4 4-4';
const REMOVE = 'M5 5l10 10M15 5 5 15';

/** Why a prompt as typed differs from what the server will keep (spec: normalised on write). */
function storageNote(prompt: string): string | undefined {
  if (prompt.trim() === '') return 'Blank: dropped when saved.';
  const length = countCharacters(prompt);
  if (length > SUGGESTED_PROMPT_MAX) {
    return `Cut to ${SUGGESTED_PROMPT_MAX} characters when saved: the last ${length - SUGGESTED_PROMPT_MAX} are dropped.`;
  }
  return undefined;
}

type Focus = { index: number; part: 'input' | 'up' | 'down' } | { index: -1; part: 'add' };

/**
 * The starter chips: add, edit, remove and reorder (buttons, so it works by keyboard and touch), each
 * with its counter, and underneath exactly the list the server will store (blanks dropped, each cut to
 * 80 characters, at most 6).
 */
export function SuggestedPromptsEditor({
  value,
  onChange,
  onBlur,
  inputRef,
  isDisabled,
  error,
  labelledBy,
}: {
  /** Id of the heading that names the list. */
  labelledBy: string;
  value: string[];
  onChange: (prompts: string[]) => void;
  onBlur?: () => void;
  /** Receives the first prompt's input, so a form can focus the list. */
  inputRef?: Ref<HTMLInputElement>;
  isDisabled?: boolean;
  error?: string | undefined;
}) {
  const storedId = useId();
  const errorId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<Focus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const stored = normalizeSuggestedPrompts(value);
  const canAdd = value.length < SUGGESTED_PROMPTS_KEPT;

  // Focus follows the item that moved, the row that took a removed row's place, or the new row.
  useLayoutEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    containerRef.current
      ?.querySelector<HTMLElement>(`[data-focus-key="${focus.part}-${focus.index}"]`)
      ?.focus();
  });

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item ?? '');
    onChange(next);
    setAnnouncement(`Prompt moved to position ${to + 1} of ${next.length}.`);
    const part = to === 0 ? 'down' : to === next.length - 1 ? 'up' : from > to ? 'up' : 'down';
    pendingFocus.current = { index: to, part };
  };

  const remove = (index: number) => {
    const next = value.filter((_, position) => position !== index);
    onChange(next);
    setAnnouncement(`Prompt ${index + 1} removed.`);
    pendingFocus.current =
      next.length === 0
        ? { index: -1, part: 'add' }
        : { index: Math.min(index, next.length - 1), part: 'input' };
  };

  const add = () => {
    onChange([...value, '']);
    pendingFocus.current = { index: value.length, part: 'input' };
  };

  return (
    <div ref={containerRef} className="space-y-4">
      {value.length > 0 ? (
        <ol aria-labelledby={labelledBy} className="space-y-3">
          {value.map((prompt, index) => (
            <li key={index} className="flex items-start gap-2">
              <CharacterCountField
                className="min-w-0 flex-1"
                label={`Prompt ${index + 1}`}
                count={countCharacters(prompt)}
                max={SUGGESTED_PROMPT_MAX}
                softLimit
                description={storageNote(prompt)}
                value={prompt}
                disabled={isDisabled}
                data-focus-key={`input-${index}`}
                aria-errormessage={error ? errorId : undefined}
                ref={index === 0 ? inputRef : undefined}
                onBlur={onBlur}
                onChange={(event) =>
                  onChange(value.map((item, position) => (position === index ? event.target.value : item)))
                }
              />
              {isDisabled ? null : (
                <div className="mt-7 flex shrink-0 gap-0.5">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="w-9 px-0!"
                    aria-label={`Move prompt ${index + 1} up`}
                    isDisabled={index === 0}
                    data-focus-key={`up-${index}`}
                    onPress={() => move(index, index - 1)}
                  >
                    <Icon path={UP} />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="w-9 px-0!"
                    aria-label={`Move prompt ${index + 1} down`}
                    isDisabled={index === value.length - 1}
                    data-focus-key={`down-${index}`}
                    onPress={() => move(index, index + 1)}
                  >
                    <Icon path={DOWN} />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="w-9 px-0! text-gray-500 hover:text-red-700"
                    aria-label={`Remove prompt ${index + 1}`}
                    onPress={() => remove(index)}
                  >
                    <Icon path={REMOVE} />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : null}

      {isDisabled ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" isDisabled={!canAdd} data-focus-key="add--1" onPress={add}>
            Add prompt
          </Button>
          {!canAdd ? (
            <p className="text-sm text-gray-600">
              That’s the most the storefront shows ({SUGGESTED_PROMPTS_KEPT}).
            </p>
          ) : null}
        </div>
      )}

      <p id={errorId} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>

      <div className="rounded-md bg-gray-50 px-3 py-2.5 ring-1 ring-gray-200 ring-inset">
        <p className="text-sm font-medium text-gray-800" id={storedId}>
          What will be stored
        </p>
        {stored.length > 0 ? (
          <ol aria-labelledby={storedId} className="mt-1.5 flex flex-wrap gap-1.5">
            {stored.map((prompt, index) => (
              <li
                key={`${index}-${prompt}`}
                className="max-w-full rounded-full bg-white px-2.5 py-0.5 text-sm break-words text-gray-800 ring-1 ring-gray-300"
              >
                {prompt}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-0.5 text-sm text-gray-600">No starter prompts.</p>
        )}
      </div>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
