import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { refusedField, showRefusalOnField } from '@/lib/field-refusal';
import { TAG_NAME_MAX } from '@/schemas/limits';
import { TAG_COLOURS, type TagColour } from '@/schemas/tag-ref';
import { tagCreateSchema, tagNameSchema, type Tag, type TagCreate } from '@/schemas/tags';
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

const COLOUR_OPTIONS = TAG_COLOURS.map((colour) => (
  <option key={colour} value={colour}>
    {COLOUR_NAMES[colour]}
  </option>
));

const renameSchema = z.strictObject({ name: tagNameSchema });
/** A taken name is refused with `field: 'name'`: said beside the name. */
const NAME = ['name'] as const;

/**
 * The owner's tags: create, rename, recolour and delete (after a confirmation that says how many
 * conversations carry the tag). Tags live in the dashboard only; staff see and use them. Shown in the
 * tags dialog (TagFilterDialog) for owners.
 */
export function TagManager({ onDone }: { onDone: () => void }) {
  const tags = useTags();
  const create = useCreateTag();
  const form = useForm<TagCreate>({
    resolver: zodResolver(tagCreateSchema),
    defaultValues: { name: '', colour: 'sky' },
  });
  const { register, handleSubmit, formState, control, resetField } = form;
  const name = useWatch({ control, name: 'name' });
  return (
    <div className="space-y-4">
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) =>
          void handleSubmit((tag) =>
            create.mutate(tag, {
              onSuccess: () => resetField('name'),
              onError: (error) => showRefusalOnField(error, NAME, form),
            }),
          )(event)
        }
      >
        <TextField
          {...register('name')}
          label="New tag"
          maxLength={TAG_NAME_MAX}
          className="min-w-0 flex-1"
          error={formState.errors.name?.message}
        />
        <SelectField {...register('colour')} label="Colour" selectClassName="w-auto">
          {COLOUR_OPTIONS}
        </SelectField>
        <Button
          type="submit"
          isPending={create.isPending}
          isDisabled={name.trim() === ''}
          // The labels above the fields take 26px (a 20px line and a 6px gap): the button lines up.
          className="sm:mt-[26px]"
        >
          Create
        </Button>
      </form>
      {create.error && !refusedField(create.error, NAME) ? <ErrorState error={create.error} /> : null}
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
  const [confirming, setConfirming] = useState(false);
  // The stored name is the form's: after a rename (or one made elsewhere) the field shows it.
  const form = useForm({ resolver: zodResolver(renameSchema), values: { name: tag.name } });
  const { register, handleSubmit, formState, control } = form;
  const name = useWatch({ control, name: 'name' });
  const renamed = name.trim() !== '' && name.trim() !== tag.name;
  // A taken name is said beside the field; any other failure of the line, here.
  const lineError = (refusedField(update.error, NAME) ? null : update.error) ?? remove.error;
  const carriers = `${tag.conversation_count} conversation${tag.conversation_count === 1 ? '' : 's'}`;
  return (
    <li className="space-y-2 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <TagChips tags={[tag]} className="w-full sm:w-32" />
        <form
          noValidate
          // Room for the name and its Rename button: narrower, the colour and Delete go to a line below.
          className="flex min-w-48 flex-1 items-start gap-2"
          onSubmit={(event) =>
            void handleSubmit((values) => {
              if (!renamed) return;
              update.mutate(
                { id: tag.id, name: values.name },
                { onError: (error) => showRefusalOnField(error, NAME, form) },
              );
            })(event)
          }
        >
          <TextField
            {...register('name')}
            // Named for screen readers only: the chip beside it says which tag it is.
            label={<span className="sr-only">Name of the tag {tag.name}</span>}
            maxLength={TAG_NAME_MAX}
            className="min-w-0 flex-1"
            error={formState.errors.name?.message}
          />
          {renamed ? (
            <Button type="submit" size="sm" isPending={update.isPending} className="mt-2">
              Rename
            </Button>
          ) : null}
        </form>
        <SelectField
          label={<span className="sr-only">Colour of the tag {tag.name}</span>}
          selectClassName="w-auto"
          value={tag.colour}
          onChange={(event) => update.mutate({ id: tag.id, colour: event.target.value as TagColour })}
        >
          {COLOUR_OPTIONS}
        </SelectField>
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
      {lineError ? <ErrorState error={lineError} /> : null}
    </li>
  );
}
