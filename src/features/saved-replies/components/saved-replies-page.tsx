import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { LazyModalDialog, preloadModalDialog } from '@/components/lazy-modal-dialog';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { toast } from '@/components/toast';
import { describeApiError } from '@/lib/describe-error';
import { SAVED_REPLIES_PART, savedRepliesQueryOptions } from '@/lib/saved-replies';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import { useLiveEvents } from '@/lib/use-live-stream';
import type { SavedReply } from '@/schemas/saved-replies';
import { useSavedReplyWrites } from '../api/manage-saved-replies';
import { SavedReplyForm } from './saved-reply-form';

const NEW_BUTTON_ID = 'new-saved-reply';
const editButtonId = (id: string) => `edit-saved-reply-${id}`;
const usesLabel = (count: number) =>
  count === 0 ? 'Not used yet' : count === 1 ? 'Used once' : `Used ${count} times`;

function ReplyItem({
  reply,
  canEdit,
  onEdit,
  onDelete,
}: {
  reply: SavedReply;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-5">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 dir="auto" className="text-[15px] font-semibold text-gray-900">
            {reply.title}
          </h2>
          {reply.shortcut ? (
            <Badge>
              <span className="sr-only">Shortcut </span>/{reply.shortcut}
            </Badge>
          ) : null}
        </div>
        <p dir="auto" className="truncate text-sm text-gray-700">
          {reply.text}
        </p>
        <p className="text-xs text-gray-600">
          {usesLabel(reply.use_count)} · last edited by {reply.updated_by}
        </p>
      </div>
      {canEdit ? (
        <div className="flex shrink-0 gap-2">
          <Button id={editButtonId(reply.id)} size="sm" onPress={onEdit} aria-label={`Edit “${reply.title}”`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onPress={onDelete}
            onPointerEnter={preloadModalDialog}
            onFocus={preloadModalDialog}
            aria-label={`Delete “${reply.title}”`}
          >
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The store team's saved replies. Owners add, edit and delete them; staff read the same list (its
 * shortcuts and how often each is used) and insert them from the reply box.
 */
export function SavedRepliesPage() {
  const { user } = useCurrentSession();
  const canEdit = canManageStore(user.role);
  const replies = useQuery(savedRepliesQueryOptions());
  // Another owner's change shows here at once, as it does in the reply box's picker.
  useLiveEvents((event) => {
    if (event.name === 'records' && event.data.part === SAVED_REPLIES_PART) void replies.refetch();
  });
  const { remove } = useSavedReplyWrites();
  // The form: closed, a new reply, or the reply being edited.
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);

  /** Focus goes back to what opened the form (or to the new reply's Edit button), never to the page. */
  const closeForm = (saved: SavedReply | null) => {
    const from = editing === 'new' || editing === null ? NEW_BUTTON_ID : editButtonId(editing.id);
    setEditing(null);
    if (saved) toast.success(`Saved “${saved.title}”`);
    requestAnimationFrame(() =>
      (
        document.getElementById(saved ? editButtonId(saved.id) : from) ??
        document.getElementById(NEW_BUTTON_ID)
      )?.focus(),
    );
  };

  const confirmDelete = (reply: SavedReply) =>
    remove.mutate(reply.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(`Deleted “${reply.title}”`);
        requestAnimationFrame(
          () => document.getElementById(NEW_BUTTON_ID)?.focus() ?? headingRef.current?.focus(),
        );
      },
    });

  const list = () => {
    if (replies.isPending)
      return (
        <div aria-busy="true" aria-label="Loading the saved replies" className="space-y-3">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-24 w-full" />
          ))}
        </div>
      );
    if (replies.isError)
      return (
        <ErrorState
          error={replies.error}
          onRetry={() => void replies.refetch()}
          isRetrying={replies.isFetching}
        />
      );
    if (replies.data.length === 0)
      return (
        <EmptyState
          title="No saved replies yet"
          description={
            canEdit
              ? 'Save the answers the team types again and again (delivery times, returns, sizing), and anyone can insert them with / in the reply box.'
              : 'An owner can save the answers the team types again and again; they will appear here and with / in the reply box.'
          }
        />
      );
    return (
      <ul
        aria-label="Saved replies"
        className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
      >
        {replies.data.map((reply) => (
          <ReplyItem
            key={reply.id}
            reply={reply}
            canEdit={canEdit}
            onEdit={() => setEditing(reply)}
            onDelete={() => {
              remove.reset();
              setDeleting(reply);
            }}
          />
        ))}
      </ul>
    );
  };

  return (
    <div className="space-y-6" ref={headingRef} tabIndex={-1}>
      <PageHeader
        title="Saved replies"
        description="Answers the team inserts in the reply box with / or the Saved replies button, most used first. Variables such as {{shopper.first_name}} are filled from the conversation."
        badge={canEdit ? null : <Badge>Read-only</Badge>}
        actions={
          canEdit ? (
            <Button
              id={NEW_BUTTON_ID}
              variant="primary"
              onPress={() => setEditing('new')}
              isDisabled={editing !== null}
            >
              New saved reply
            </Button>
          ) : null
        }
      />
      {canEdit ? null : (
        <InlineNotice tone="neutral" title="Only owners add or change saved replies">
          Insert them in the reply box with / or the Saved replies button.
        </InlineNotice>
      )}
      {editing !== null ? (
        <SavedReplyForm
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? null : editing}
          onDone={closeForm}
        />
      ) : null}
      {list()}
      <LazyModalDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        role="alertdialog"
        title={`Delete “${deleting?.title ?? ''}”?`}
      >
        <p className="text-[15px] text-gray-600">
          Nobody can insert it any more. Replies already sent with it are not changed. This cannot be undone.
        </p>
        {remove.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            Not deleted: {describeApiError(remove.error).title}. {describeApiError(remove.error).description}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button autoFocus onPress={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            onPress={() => deleting && confirmDelete(deleting)}
          >
            Delete
          </Button>
        </div>
      </LazyModalDialog>
    </div>
  );
}
