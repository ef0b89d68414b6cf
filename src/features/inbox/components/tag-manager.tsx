import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { ErrorState } from '@/components/error-state';
import { Spinner } from '@/components/spinner';
import { inputClasses } from '@/components/text-field';
import { TAG_NAME_MAX } from '@/schemas/limits';
import { TAG_COLOURS, type TagColour } from '@/schemas/tag-ref';
import type { Tag } from '@/schemas/tags';
import { useTags } from '../api/tags';
import { useCreateTag, useDeleteTag, useUpdateTag } from '../api/tags';
import { TagChips } from './tag-chips';

const COLOUR_NAMES: Record<TagColour, string> = {
  gray: 'Gray',
  red: 'Red',
  amber: 'Amber',
  green: 'Green',
  indigo: 'Indigo',
  sky: 'Sky',
};

function ColourSelect({
  value,
  onChange,
  label,
}: {
  value: TagColour;
  onChange: (colour: TagColour) => void;
  label: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as TagColour)}
      className={cx(inputClasses, 'w-auto py-1.5 pr-8 text-sm')}
    >
      {TAG_COLOURS.map((colour) => (
        <option key={colour} value={colour}>
          {COLOUR_NAMES[colour]}
        </option>
      ))}
    </select>
  );
}

/**
 * The owner's tags: create, rename, recolour and delete (after a confirmation that says how many
 * conversations carry the tag). Tags live in the dashboard only; staff see and use them. Shown in the
 * tags dialog (TagFilterDialog) for owners.
 */
export function TagManager({ onDone }: { onDone: () => void }) {
  const tags = useTags();
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TagColour>('sky');
  const nameId = useId();
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') return;
          create.mutate({ name, colour }, { onSuccess: () => setName('') });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={nameId} className="block text-sm font-medium text-gray-800">
            New tag
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={TAG_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            className={cx(inputClasses, 'mt-1 py-1.5 text-sm')}
          />
        </div>
        <ColourSelect value={colour} onChange={setColour} label="Colour of the new tag" />
        <Button type="submit" size="sm" isPending={create.isPending} isDisabled={name.trim() === ''}>
          Create
        </Button>
      </form>
      {create.error ? <ErrorState error={create.error} /> : null}
      {tags.isPending ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner className="size-4" /> Loading tags…
        </p>
      ) : tags.isError ? (
        <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-gray-700">No tags yet. Create the first one above.</p>
      ) : (
        <ul
          aria-label="Tags"
          className="max-h-80 divide-y divide-gray-100 overflow-y-auto rounded-md border border-gray-200"
        >
          {tags.data.map((tag) => (
            <TagLine key={tag.id} tag={tag} />
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button variant="primary" onPress={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function TagLine({ tag }: { tag: Tag }) {
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const [name, setName] = useState(tag.name);
  const [confirming, setConfirming] = useState(false);
  const renamed = name.trim() !== '' && name.trim() !== tag.name;
  const carriers = `${tag.conversation_count} conversation${tag.conversation_count === 1 ? '' : 's'}`;
  return (
    <li className="space-y-2 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <TagChips tags={[tag]} className="w-full sm:w-32" />
        <form
          className="flex min-w-0 flex-1 gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (renamed) update.mutate({ id: tag.id, name });
          }}
        >
          <input
            aria-label={`Name of the tag ${tag.name}`}
            value={name}
            maxLength={TAG_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            className={cx(inputClasses, 'min-w-0 py-1 text-sm')}
          />
          {renamed ? (
            <Button type="submit" size="sm" isPending={update.isPending}>
              Rename
            </Button>
          ) : null}
        </form>
        <ColourSelect
          value={tag.colour as TagColour}
          onChange={(colour) => update.mutate({ id: tag.id, colour })}
          label={`Colour of the tag ${tag.name}`}
        />
        <Button
          size="sm"
          variant="ghost"
          onPress={() => setConfirming(true)}
          aria-label={`Delete the tag ${tag.name}`}
        >
          Delete
        </Button>
      </div>
      {confirming ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <p>
            Delete “{tag.name}”? {carriers} carry it and will lose it.
          </p>
          <div className="mt-2 flex gap-2">
            <Button
              size="sm"
              variant="danger"
              isPending={remove.isPending}
              onPress={() => remove.mutate(tag.id, { onSuccess: () => setConfirming(false) })}
            >
              Delete tag
            </Button>
            <Button size="sm" variant="ghost" onPress={() => setConfirming(false)} autoFocus>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
      {update.error || remove.error ? <ErrorState error={update.error ?? remove.error} /> : null}
    </li>
  );
}
