import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { Spinner } from '@/components/spinner';
import { useAvailabilityById } from '@/lib/availability';
import { assigneeName, channelLabel, shopperName } from '@/lib/conversation-labels';
import { usePresenceViewers } from '@/lib/presence';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import type { ConversationAction } from '../conversation-action';
import type { ConversationActions } from '../use-conversation-actions';
import { AvailabilityDot } from './availability-dot';
import { HandoffBadge, StatusBadge } from './conversation-badges';
import {
  AssignDialog,
  prefetchAssignDialog,
  prefetchSnoozeDialog,
  prefetchTagPickerDialog,
} from './lazy-dialogs';
import { PresenceList } from './presence-list';
import { prefetchRowActionsMenu, RowActionsMenu, type RowCommand } from './row-actions-menu';

/** The open conversation's tags (chips and picker), fetched with the first conversation opened. */
const ConversationTags = lazy(() => import('./conversation-tags'));
/** The open conversation's snooze (its mark and dialog), fetched with the first conversation opened. */
const ConversationSnooze = lazy(() => import('./conversation-snooze'));

const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** The one action a conversation's state calls for; the others are in its menu. */
function primaryAction(
  conversation: Conversation,
  myUserId: string,
): { id: string; label: string; action: ConversationAction } {
  if (conversation.status !== 'active') return { id: 'reopen', label: 'Reopen', action: { kind: 'reopen' } };
  if (conversation.handoff_state === 'bot')
    return { id: 'take-over', label: 'Take over', action: { kind: 'take-over' } };
  if (conversation.assigned_to !== myUserId)
    return { id: 'assign-me', label: 'Assign to me', action: { kind: 'assign', assignee: myUserId } };
  return { id: 'hand-back', label: 'Hand back to the bot', action: { kind: 'hand-back' } };
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      aria-label="All conversations"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-lg text-indigo-700 outline-none hover:bg-gray-100 hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 xl:hidden"
    >
      <span aria-hidden="true">←</span>
    </Link>
  );
}

function DotsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M4 11.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm6 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm6 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
    </svg>
  );
}

export type ConversationHeaderProps = {
  conversation: Conversation;
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
};

/**
 * The open conversation's header, compact so the transcript keeps the pane: one row with the shopper's
 * name, the action the state calls for, Tags… and Snooze… (from `sm` up) and a menu with every other
 * action (the list rows' menu); a second row of small print with its state, tags, assignee and who else
 * is here. On a phone the row keeps the name, the one action and the menu.
 */
export function ConversationHeader({
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
}: ConversationHeaderProps) {
  const { roster, user } = useCurrentSession();
  const name = shopperName(conversation);
  const assignee = assigneeName(conversation.assigned_to, roster);
  const details = [
    conversation.email !== null && conversation.email !== name ? conversation.email : null,
    channelLabel(conversation.channel),
    conversation.currency,
  ].filter(Boolean);
  const others = usePresenceViewers(conversation.id, user.id);
  const availability = useAvailabilityById();
  const isActive = conversation.status === 'active';
  const primary = primaryAction(conversation, user.id);
  const [menuTrigger, setMenuTrigger] = useState<HTMLElement | null>(null);
  // Closing removes Snooze… (`c` pressed while it has focus): focus goes to the action button, not the page.
  const primaryRef = useRef<HTMLButtonElement>(null);
  const snoozeHasFocus = useRef(false);
  useEffect(() => {
    if (isActive || !snoozeHasFocus.current) return;
    snoozeHasFocus.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) primaryRef.current?.focus();
  }, [isActive]);

  const onCommand = (target: Conversation, command: RowCommand) => {
    if (command.kind === 'assign-dialog') onAssignOpenChange(true);
    else if (command.kind === 'tag-dialog') onTagsOpenChange(true);
    else if (command.kind === 'snooze-dialog') onSnoozeOpenChange(true);
    else actions.startAction(target, command);
  };

  return (
    <header className="border-b border-gray-200 px-3 py-1.5 sm:px-5">
      <div className="flex items-center gap-2">
        <BackLink to={backTo} />
        <div className="flex min-w-0 flex-1 items-baseline gap-x-3">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="conversation-heading"
            dir="auto"
            className="min-w-0 truncate text-lg font-semibold text-gray-900 outline-none"
          >
            {name}
          </h2>
          <p className="min-w-0 flex-1 truncate text-sm text-gray-600 max-sm:hidden">{details.join(' · ')}</p>
        </div>
        <div role="group" aria-label="Actions" className="flex shrink-0 items-center gap-2">
          {/* One button whatever the state: pressing it keeps focus on it as its action changes. */}
          <Button
            ref={primaryRef}
            size="sm"
            variant={primary.id === 'take-over' ? 'primary' : 'secondary'}
            onPress={() => actions.startAction(conversation, primary.action)}
          >
            {primary.label}
          </Button>
          {/* Their dialogs are fetched as a pointer or focus reaches them. */}
          <Button
            size="sm"
            className="max-sm:hidden"
            aria-keyshortcuts="l"
            onPointerEnter={prefetch(prefetchTagPickerDialog)}
            onFocus={prefetch(prefetchTagPickerDialog)}
            onPress={() => onTagsOpenChange(true)}
          >
            Tags…
          </Button>
          {isActive ? (
            <Button
              size="sm"
              className="max-sm:hidden"
              aria-keyshortcuts="z"
              onPointerEnter={prefetch(prefetchSnoozeDialog)}
              onFocus={() => {
                snoozeHasFocus.current = true;
                prefetch(prefetchSnoozeDialog)();
              }}
              // Focus moved elsewhere on purpose (a removed button blurs with no related target).
              onBlur={(event) => {
                if (event.relatedTarget !== null) snoozeHasFocus.current = false;
              }}
              onPress={() => onSnoozeOpenChange(true)}
            >
              Snooze…
            </Button>
          ) : null}
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded={menuTrigger !== null}
            aria-label="More actions"
            onPointerEnter={() => {
              prefetch(prefetchRowActionsMenu)();
              prefetch(prefetchAssignDialog)();
            }}
            onFocus={prefetch(prefetchRowActionsMenu)}
            onClick={(event) => setMenuTrigger(event.currentTarget)}
            className="flex size-8 items-center justify-center rounded-md text-gray-600 ring-1 ring-gray-300 ring-inset outline-none hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 aria-expanded:bg-gray-200"
          >
            <DotsIcon />
          </button>
        </div>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
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
            isActive={isActive}
            isDialogOpen={snoozeOpen}
            onDialogOpenChange={onSnoozeOpenChange}
          />
        </Suspense>
        <span>
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
        {/* Who else is here, so two people do not answer the same shopper at once. */}
        <PresenceList viewers={others} />
      </div>
      <RowActionsMenu
        open={menuTrigger === null ? null : { conversation, trigger: menuTrigger }}
        myUserId={user.id}
        exclude={primary.id}
        onClose={() => setMenuTrigger(null)}
        onCommand={onCommand}
      />
      <AssignDialog
        isOpen={assignOpen}
        onOpenChange={onAssignOpenChange}
        subject={`the conversation with ${name}`}
        roster={roster}
        myUserId={user.id}
        initialAssignee={conversation.assigned_to}
        onAssign={(userId) => actions.startAction(conversation, { kind: 'assign', assignee: userId })}
      />
    </header>
  );
}
