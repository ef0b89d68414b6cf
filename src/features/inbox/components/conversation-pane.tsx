import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/skeleton';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import type { Conversation } from '@/schemas/conversation';
import { useConversation } from '../api/get-conversation';
import { ConversationHeader, type ConversationHeaderProps } from './conversation-header';
import { CustomerContext } from './customer-context';

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-indigo-700 outline-none hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 xl:hidden"
    >
      <span aria-hidden="true">←</span> All conversations
    </Link>
  );
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && !hasErrorCode(error, 'proxy_error');
}

/**
 * The open conversation: a compact header with the shopper, its state and its actions, above whatever the route
 * puts under it (the transcript and composer). Reads the conversation by id (a 404, unknown or another
 * store's id, says so here); the live sync and the actions keep it current.
 */
export function ConversationPane({
  conversationId,
  backTo,
  actions,
  headingRef,
  assignOpen,
  onAssignOpenChange,
  tagsOpen,
  onTagsOpenChange,
  snoozeOpen,
  onSnoozeOpenChange,
  children,
}: Omit<ConversationHeaderProps, 'conversation'> & {
  conversationId: string;
  children: (conversation: Conversation) => ReactNode;
}) {
  const query = useConversation(conversationId);

  if (query.isPending) {
    return (
      // As tall as the header it stands for (two rows), so nothing under it moves when it arrives.
      <div className="space-y-1.5 border-b border-gray-200 px-3 py-1.5 sm:px-5" aria-busy="true">
        <div className="flex h-8 items-center gap-3">
          <BackLink to={backTo} />
          <div role="status" className="sr-only">
            Loading the conversation…
          </div>
          <Skeleton className="h-6 w-48" />
        </div>
        <Skeleton className="h-5 w-72 max-w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4 p-4 sm:p-5">
        <BackLink to={backTo} />
        {isNotFound(query.error) ? (
          <EmptyState
            title="This conversation was not found"
            description="It does not exist in this store: the link may be mistyped, or it belongs to another store."
            action={
              <Link to={backTo} className={buttonClasses()}>
                Back to the conversations
              </Link>
            }
          />
        ) : (
          <ErrorState
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        )}
      </div>
    );
  }

  const conversation = query.data;
  return (
    <>
      <ConversationHeader
        conversation={conversation}
        backTo={backTo}
        actions={actions}
        headingRef={headingRef}
        assignOpen={assignOpen}
        onAssignOpenChange={onAssignOpenChange}
        tagsOpen={tagsOpen}
        onTagsOpenChange={onTagsOpenChange}
        snoozeOpen={snoozeOpen}
        onSnoozeOpenChange={onSnoozeOpenChange}
      />
      {/* Short windows: as tall as the transcript and reply box need (see InboxPage). */}
      <div className="flex min-h-0 flex-1 flex-col 2xl:flex-row [@media(max-height:32rem)]:flex-none">
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">{children(conversation)}</div>
        <CustomerContext conversation={conversation} />
      </div>
    </>
  );
}
