import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/modal-dialog';
import { Spinner } from '@/components/spinner';
import { useCurrentSession } from '@/lib/session-context';
import { useTags } from '../api/tags';
import { TagManager } from './tag-manager';
import { TagChips } from './tag-chips';

/**
 * The tags dialog. The tag filter: the store's tags with how many conversations of the current list
 * carry each; the list keeps only conversations carrying every chosen tag, and each choice goes to the
 * URL at once. For owners, "Manage tags" turns it into the tags' management (TagManager).
 */
export function TagFilterDialog({
  isOpen,
  onOpenChange,
  chosen,
  counts,
  onChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Tag ids, comma-separated, as in the URL ('' for none). */
  chosen: string;
  /** Per tag id, from the inbox's answer; undefined while not known. */
  counts: Record<string, number> | undefined;
  onChange: (chosen: string) => void;
}) {
  const { user } = useCurrentSession();
  const [managing, setManaging] = useState(false);
  const tags = useTags(isOpen);
  const ids = chosen === '' ? [] : chosen.split(',');
  const toggle = (id: string) =>
    onChange((ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]).join(','));
  const filterBody = (
    <>
      <p className="text-sm text-gray-600">
        The list shows the conversations that carry every tag you choose, in the view or search you are in.
      </p>
      {tags.isPending ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-gray-600">
          <Spinner className="size-4" /> Loading tags…
        </p>
      ) : tags.isError ? (
        <ErrorState className="mt-3" error={tags.error} onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">No tags yet.</p>
      ) : (
        <fieldset className="mt-3">
          <legend className="sr-only">Tags</legend>
          <ul className="max-h-72 divide-y divide-gray-100 overflow-y-auto rounded-md border border-gray-200">
            {tags.data.map((tag) => (
              <li key={tag.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-gray-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={ids.includes(tag.id)}
                    onChange={() => toggle(tag.id)}
                  />
                  <TagChips tags={[tag]} />
                  <span className="ml-auto text-sm text-gray-700 tabular-nums">
                    {counts?.[tag.id] ?? '–'}
                    <span className="sr-only"> conversations</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {user.role === 'owner' ? (
          <Button variant="ghost" className="mr-auto" onPress={() => setManaging(true)}>
            Manage tags
          </Button>
        ) : null}
        {ids.length > 0 ? (
          <Button variant="ghost" onPress={() => onChange('')}>
            Clear tags
          </Button>
        ) : null}
        <Button variant="primary" onPress={() => onOpenChange(false)}>
          Done
        </Button>
      </div>
    </>
  );
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        setManaging(false);
      }}
      title={managing ? 'Manage tags' : 'Filter by tags'}
    >
      {managing ? <TagManager onDone={() => setManaging(false)} /> : filterBody}
    </ModalDialog>
  );
}
