import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ModalDialog } from '@/components/modal-dialog';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { LoadingState } from '@/components/spinner';
import { rosterName } from '@/lib/conversation-labels';
import { MENTIONS_KEY } from '../api/mentions';
import { useCurrentSession } from '@/lib/session-context';
import type { Mention } from '@/schemas/note';
import { markMentionRead } from '../api/mentions';

/**
 * The notes that mention the signed-in person, newest first; unread ones are marked until opened.
 * Opening one marks it read, closes the panel and opens its conversation.
 */
export function MentionsPanel({
  isOpen,
  onOpenChange,
  query,
  onOpen,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  query: UseQueryResult<{ data: Mention[]; unread: number }>;
  onOpen: (conversationId: string) => void;
}) {
  const { user, roster } = useCurrentSession();
  const queryClient = useQueryClient();

  const open = (mention: Mention) => {
    onOpenChange(false);
    onOpen(mention.note.conversation_id);
    if (mention.read) return;
    markMentionRead(mention.note.id)
      .then(() => queryClient.invalidateQueries({ queryKey: MENTIONS_KEY }))
      // Stays unread; the next opening marks it again.
      .catch(() => undefined);
  };

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState label="Loading your mentions…" />;
  else if (query.isError)
    body = (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        context={{ role: user.role }}
      />
    );
  else if (query.data.data.length === 0)
    body = (
      <EmptyState
        title="No mentions yet"
        description="When a teammate writes @ and your name in an internal note, it is listed here."
      />
    );
  else
    body = (
      <ul className="-mx-1 max-h-64 space-y-1 overflow-y-auto px-1 py-1">
        {query.data.data.map((mention) => (
          <li key={mention.note.id}>
            <button
              type="button"
              onClick={() => open(mention)}
              className="w-full rounded-md px-3 py-2 text-left ring-1 ring-gray-200 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <span className="flex items-baseline gap-2 text-sm">
                {mention.read ? null : (
                  <span className="size-2 shrink-0 rounded-full bg-indigo-600">
                    <span className="sr-only">Unread: </span>
                  </span>
                )}
                <span className="min-w-0 flex-1 truncate font-semibold text-gray-900">
                  {rosterName(mention.note.author_user_id, roster)}
                  <span className="font-normal text-gray-700">
                    {' '}
                    on {mention.shopper_name ?? 'a conversation'}
                  </span>
                </span>
                <RelativeTimestamp
                  value={mention.note.created_at}
                  className="shrink-0 text-xs text-gray-600 tabular-nums"
                />
              </span>
              <span dir="auto" className="mt-0.5 block truncate text-sm break-words text-gray-700">
                {mention.note.body}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Mentions">
      <p className="mb-3 text-sm text-gray-600">
        Internal notes that mention you. Open one to go to its conversation.
      </p>
      {body}
      <div className="mt-4 flex justify-end">
        <Button onPress={() => onOpenChange(false)}>Close</Button>
      </div>
    </ModalDialog>
  );
}
