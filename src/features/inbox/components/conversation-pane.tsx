import { lazy, Suspense, useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { usePresenceViewers } from '@/lib/presence';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { useConversation } from '../api/get-conversation';
import { useAvailabilityById } from '@/lib/availability';
import { assigneeName, channelLabel, shopperName } from '@/lib/conversation-labels';
import type { ConversationActions } from '../use-conversation-actions';
import { HandoffBadge, StatusBadge } from './conversation-badges';
import { CustomerContext } from './customer-context';
import { AssignDialog, prefetchAssignDialog } from './lazy-dialogs';
import { AvailabilityDot } from './availability-dot';

/** The open conversation's tags, fetched with the first conversation opened. */
const ConversationTags = lazy(() => import('./conversation-tags'));
/** The open conversation's snooze, fetched with the first conversation opened. */
const ConversationSnooze = lazy(() => import('./conversation-snooze'));
import { PresenceList } from './presence-list';

const prefetchAssign = () => void prefetchAssignDialog().catch(() => undefined);

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
 * The open conversation: a header with the shopper, its state and every action, above whatever the route
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
}: {
  conversationId: string;
  /** The list, with its filters. */
  backTo: string;
  actions: ConversationActions;
  headingRef: Ref<HTMLHeadingElement>;
  /** The "Assign to…" dialog (its `a` key lives in the inbox). */
  assignOpen: boolean;
  onAssignOpenChange: (isOpen: boolean) => void;
  tagsOpen: boolean;
  onTagsOpenChange: (isOpen: boolean) => void;
  /** The snooze menu (its `z` key lives in the inbox). */
  snoozeOpen: boolean;
  onSnoozeOpenChange: (isOpen: boolean) => void;
  children: (conversation: Conversation) => ReactNode;
}) {
  const query = useConversation(conversationId);

  if (query.isPending) {
    return (
      <div className="space-y-3 border-b border-gray-200 p-4 sm:p-5" aria-busy="true">
        <BackLink to={backTo} />
        <div role="status" className="sr-only">
          Loading the conversation…
        </div>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-8 w-80 max-w-full" />
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

function ConversationHeader({
  conversation,
  backTo,
  actions,
  headingRef,
  assignOpen,
  onAssignOpenChange,
  tagsOpen,
  onTagsOpenChange,
  snoozeOpen,
  onSnoozeOpenChange,
}: {
  conversation: Conversation;
  backTo: string;
  actions: ConversationActions;
  headingRef: Ref<HTMLHeadingElement>;
  assignOpen: boolean;
  onAssignOpenChange: (isOpen: boolean) => void;
  tagsOpen: boolean;
  onTagsOpenChange: (isOpen: boolean) => void;
  snoozeOpen: boolean;
  onSnoozeOpenChange: (isOpen: boolean) => void;
}) {
  const { roster, user } = useCurrentSession();
  const name = shopperName(conversation);
  const assignee = assigneeName(conversation.assigned_to, roster);
  const details = [
    conversation.email !== null && conversation.email !== name ? conversation.email : null,
    channelLabel(conversation.channel),
    conversation.currency,
  ].filter(Boolean);
  const startAction = (action: Parameters<ConversationActions['startAction']>[1]) =>
    actions.startAction(conversation, action);
  const others = usePresenceViewers(conversation.id, user.id);
  const availability = useAvailabilityById();
  const isClosed = conversation.status !== 'active';

  // A button that the action it ran removes ("Assign to me" becomes "Unassign") hands focus to the
  // button now in its place, not to the page.
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusedAction = useRef<number | null>(null);
  useEffect(() => {
    const buttons = actionsRef.current?.querySelectorAll<HTMLElement>('button');
    if (!buttons?.length || focusedAction.current === null) return;
    const active = document.activeElement;
    if (active === null || active === document.body) {
      buttons[Math.min(focusedAction.current, buttons.length - 1)]?.focus();
    }
  });

  return (
    // Compact: two rows at desktop width (who and who else; state and actions), so the transcript below
    // keeps most of the pane.
    <header className="border-b border-gray-200 px-4 py-2.5 sm:px-5">
      <BackLink to={backTo} />
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 xl:mt-0">
        <h2
          ref={headingRef}
          tabIndex={-1}
          id="conversation-heading"
          className="max-w-full truncate rounded-sm text-lg font-semibold text-gray-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {name}
        </h2>
        <p className="min-w-0 text-sm break-words text-gray-600">{details.join(' · ')}</p>
        {/* Who else is here, so two people do not answer the same shopper at once. */}
        <PresenceList viewers={others} />
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <HandoffBadge conversation={conversation} />
        <StatusBadge status={conversation.status} />
        <Suspense fallback={null}>
          <ConversationTags
            conversationId={conversation.id}
            subject={`the conversation with ${name}`}
            isPickerOpen={tagsOpen}
            onPickerOpenChange={onTagsOpenChange}
          />
          <ConversationSnooze
            conversationId={conversation.id}
            name={name}
            isActive={conversation.status === 'active'}
            isDialogOpen={snoozeOpen}
            onDialogOpenChange={onSnoozeOpenChange}
          />
        </Suspense>
        <span className="text-sm text-gray-700">
          {assignee === null ? (
            'Nobody is assigned'
          ) : (
            <>
              Assigned to <span className="font-medium">{assignee}</span>{' '}
              <AvailabilityDot status={availability.get(conversation.assigned_to ?? '')} />
            </>
          )}
        </span>
        <span className="flex items-center gap-1.5 text-xs text-gray-500">
          {actions.isPending(conversation.id) ? (
            <>
              <Spinner className="size-3.5" /> Saving…
            </>
          ) : (
            <>
              Updated <RelativeTimestamp value={conversation.updated_at} />
            </>
          )}
        </span>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <div
            ref={actionsRef}
            role="group"
            aria-label="Actions"
            className="flex flex-wrap items-center gap-2"
            onFocus={(event) => {
              const buttons: Element[] = [...(actionsRef.current?.querySelectorAll('button') ?? [])];
              focusedAction.current = buttons.indexOf(event.target);
            }}
            onBlur={(event) => {
              // Focus moved elsewhere on purpose (a removed button blurs with no related target).
              if (event.relatedTarget !== null) focusedAction.current = null;
            }}
          >
            {isClosed ? (
              // Closed: reopening comes first; the bot and the assignment are for a conversation in progress.
              <Button size="sm" onPress={() => startAction({ kind: 'reopen' })}>
                Reopen
              </Button>
            ) : (
              <>
                {conversation.handoff_state === 'bot' ? (
                  <Button variant="primary" size="sm" onPress={() => startAction({ kind: 'take-over' })}>
                    Take over
                  </Button>
                ) : (
                  <Button size="sm" onPress={() => startAction({ kind: 'hand-back' })}>
                    Hand back to the bot
                  </Button>
                )}
                {conversation.assigned_to !== user.id ? (
                  <Button size="sm" onPress={() => startAction({ kind: 'assign', assignee: user.id })}>
                    Assign to me
                  </Button>
                ) : null}
                {conversation.assigned_to !== null ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onPress={() => startAction({ kind: 'assign', assignee: null })}
                  >
                    Unassign
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onPress={() => startAction({ kind: 'close' })}>
                  Close
                </Button>
              </>
            )}
          </div>
          {isClosed ? null : (
            // The dialog is fetched when the button is hovered or focused (a box-less wrapper: the
            // button's own props differ between button implementations).
            <span className="contents" onPointerEnter={prefetchAssign} onFocus={prefetchAssign}>
              <Button size="sm" className="shrink-0" onPress={() => onAssignOpenChange(true)}>
                Assign to…
              </Button>
            </span>
          )}
        </div>
      </div>
      <AssignDialog
        isOpen={assignOpen}
        onOpenChange={onAssignOpenChange}
        subject={`the conversation with ${name}`}
        roster={roster}
        myUserId={user.id}
        initialAssignee={conversation.assigned_to}
        onAssign={(userId) => startAction({ kind: 'assign', assignee: userId })}
      />
    </header>
  );
}
