import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { ErrorState } from '@/components/error-state';
import { ModalDialog } from '@/components/modal-dialog';
import { Spinner } from '@/components/spinner';
import { inputClasses } from '@/components/text-field';
import { useCurrentSession } from '@/lib/session-context';
import { TAG_NAME_MAX } from '@/schemas/limits';
import { TAG_COLOURS, type TagRef } from '@/schemas/tag-ref';
import { useTags } from '../api/tags';
import { useCreateTag, useTagging } from '../api/tags';
import { TagChips } from './tag-chips';

/** The conversations a picker tags, each with the tags it carries as far as the page knows. */
export type TagTarget = { id: string; tags: readonly TagRef[] | undefined };

type Option = { kind: 'tag'; tag: TagRef } | { kind: 'create'; name: string };

/** The tags every target carries: choosing one of them removes it, any other adds it (to all of them). */
const carriedByAll = (targets: readonly Pick<TagTarget, 'tags'>[]) =>
  new Set(
    targets
      .map((target) => new Set((target.tags ?? []).map((tag) => tag.id)))
      .reduce(
        (all, ids) => all.filter((id) => ids.has(id)),
        [...(targets[0]?.tags ?? [])].map((tag) => tag.id),
      ),
  );

/**
 * The tag picker (key `l`, the pane's "Tags" button, the bulk "Tag…" button): a combobox that narrows
 * the store's tags as one types, with ↑ ↓ to move and Enter to add or remove the highlighted tag on every
 * target. Owners also get "Create tag …" for a name no tag has. It stays open for several choices.
 */
export function TagPickerDialog({
  isOpen,
  onOpenChange,
  subject,
  targets,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** "the conversation with Kari", "2 conversations". */
  subject: string;
  targets: readonly TagTarget[];
}) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title={`Tags of ${subject}`}>
      {isOpen ? <Picker targets={targets} onDone={() => onOpenChange(false)} /> : null}
    </ModalDialog>
  );
}

function Picker({ targets, onDone }: { targets: readonly TagTarget[]; onDone: () => void }) {
  const { user } = useCurrentSession();
  const tags = useTags();
  const tagging = useTagging();
  const createTag = useCreateTag();
  const [carried, setCarried] = useState(() => carriedByAll(targets));
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState('');
  const inputId = useId();
  const listId = useId();
  const ids = targets.map((target) => target.id);

  const typed = text.trim();
  const matching = (tags.data ?? []).filter((tag) => tag.name.toLowerCase().includes(typed.toLowerCase()));
  const exists = (tags.data ?? []).some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
  const options: Option[] = [
    ...matching.map((tag): Option => ({ kind: 'tag', tag })),
    ...(user.role === 'owner' && typed !== '' && !exists ? [{ kind: 'create', name: typed } as const] : []),
  ];
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const toggle = async (tag: TagRef) => {
    const removing = carried.has(tag.id);
    const answer = await tagging.mutateAsync({
      conversation_ids: ids,
      ...(removing ? { remove: [tag.id] } : { add: [tag.id] }),
    });
    setCarried(carriedByAll(answer.data));
    setSaid(`${removing ? 'Removed' : 'Added'} ${tag.name}`);
  };

  const choose = async (option: Option | undefined) => {
    if (!option || tagging.isPending || createTag.isPending) return;
    try {
      if (option.kind === 'tag') return await toggle(option.tag);
      // A new tag takes the next colour of the palette, so neighbours differ; owners recolour it later.
      const colour = TAG_COLOURS[(tags.data?.length ?? 0) % TAG_COLOURS.length]!;
      const created = await createTag.mutateAsync({ name: option.name, colour });
      setText('');
      await toggle(created);
    } catch {
      // The mutation's error is shown below.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void choose(options[activeIndex]);
    }
  };

  const failure = tagging.error ?? createTag.error;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
          Find a tag{user.role === 'owner' ? ' or type a new one' : ''}
        </label>
        <input
          id={inputId}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
          autoFocus
          value={text}
          maxLength={TAG_NAME_MAX}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className={cx(inputClasses, 'mt-1 py-1.5 text-sm')}
        />
      </div>
      {tags.isPending ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner className="size-4" /> Loading tags…
        </p>
      ) : tags.isError ? (
        <ErrorState error={tags.error} onRetry={() => void tags.refetch()} isRetrying={tags.isFetching} />
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Tags"
        aria-multiselectable="true"
        className="max-h-64 overflow-y-auto rounded-md border border-gray-200"
      >
        {options.map((option, index) => (
          <li
            key={option.kind === 'tag' ? option.tag.id : 'create'}
            id={optionId(index)}
            role="option"
            aria-selected={option.kind === 'tag' && carried.has(option.tag.id)}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => {
              setActive(index);
              void choose(option);
            }}
            className={cx(
              'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
              index === activeIndex ? 'bg-indigo-50 ring-2 ring-indigo-500 ring-inset' : 'hover:bg-gray-50',
            )}
          >
            <span aria-hidden="true" className="w-4 font-semibold text-indigo-700">
              {option.kind === 'tag' && carried.has(option.tag.id) ? '✓' : ''}
            </span>
            {option.kind === 'tag' ? (
              <TagChips tags={[option.tag]} />
            ) : (
              <span className="font-medium text-gray-900">Create tag “{option.name}”</span>
            )}
          </li>
        ))}
        {tags.isSuccess && options.length === 0 ? (
          <li role="presentation" className="px-3 py-2 text-sm text-gray-600">
            {typed === '' ? 'No tags yet. An owner creates them.' : `No tag is named “${typed}”.`}
          </li>
        ) : null}
      </ul>
      <p role="status" className="min-h-5 text-sm text-gray-700">
        {tagging.isPending || createTag.isPending ? 'Saving…' : said}
      </p>
      {failure ? <ErrorState error={failure} /> : null}
      <div className="flex justify-end">
        <Button variant="primary" onPress={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
