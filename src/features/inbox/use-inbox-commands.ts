import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useTeamAvailability } from '@/lib/availability';
import { focusWithTypeAhead } from '@/lib/type-ahead';
import { useCurrentSession } from '@/lib/session-context';
import { conversationQueryOptions } from './api/get-conversation';
import { filtersToParams, INBOX_VIEWS, type InboxViewId } from './inbox-filters';
import type { ListHandle } from './components/conversation-list';
import { fitsState } from './components/row-menu-entries';
import { isSideBySide } from './components/use-opened-heading-focus';
import type { ConversationActions } from './use-conversation-actions';
import { conversationShortcut, useInboxShortcuts, type ShortcutCommand } from './use-inbox-shortcuts';

/** What the open conversation's content (the route's) lets the inbox do: put the cursor in the reply or note box. */
export type ReplyHandle = { focusReply: () => void; focusNote: () => void };

/** The tag picker's field: its code may still be loading when `l` is pressed, so what follows waits for it. */
const tagPickerField = () =>
  document.querySelector<HTMLInputElement>(
    '[role="dialog"] input[role="combobox"][aria-autocomplete="list"]',
  );

const focusCurrentView = () =>
  document.querySelector<HTMLElement>('nav[aria-label="Views"] a[aria-current="page"]')?.focus();

/**
 * The inbox's keyboard commands (see use-inbox-shortcuts.ts): help, search, the views, and the actions on
 * the current conversation: the open one (`j`/`k` open its neighbours), or with none open the list's
 * highlighted row.
 */
export function useInboxCommands({
  openConversationId,
  currentViewId,
  backTo,
  actions,
  refs,
  onShowShortcuts,
  onAssign,
  onTag,
  onSnooze,
  onAskAway,
}: {
  openConversationId: string | null;
  currentViewId: InboxViewId | undefined;
  backTo: string;
  actions: ConversationActions;
  refs: {
    list: RefObject<HTMLElement | null>;
    pane: RefObject<HTMLElement | null>;
    listHandle: RefObject<ListHandle | null>;
    heading: RefObject<HTMLHeadingElement | null>;
    search: RefObject<HTMLInputElement | null>;
    reply: RefObject<ReplyHandle | null>;
  };
  onShowShortcuts: () => void;
  onAssign: () => void;
  onTag: () => void;
  onSnooze: () => void;
  /** Going away, for someone asked each time what becomes of their open conversations. */
  onAskAway: (openConversations: number) => void;
}) {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useTeamAvailability().data?.find((person) => person.user_id === user.id);

  // Focus goes to the chosen view once its list replaced the one shown.
  const focusViewFor = useRef<string | null>(null);
  useEffect(() => {
    if (focusViewFor.current === null || focusViewFor.current !== currentViewId) return;
    focusViewFor.current = null;
    focusCurrentView();
  }, [currentViewId]);

  useInboxShortcuts((command: ShortcutCommand) => {
    if (command === 'help') return onShowShortcuts();
    if (command === 'toggle-availability') {
      // Going away by key does what the person chose for their conversations, asking as the menu does.
      if (me !== undefined) {
        const update = { status: me.chosen === 'away' ? 'available' : 'away' } as const;
        if (update.status === 'away' && me.away_hand_back === 'ask' && me.open_conversations > 0)
          return onAskAway(me.open_conversations);
        void import('@/lib/choose-availability').then((module) =>
          module.chooseAvailability(queryClient, update),
        );
      }
      return;
    }
    if (command === 'search') {
      // At phone width with a conversation open the list (and its search) is hidden: go back to it first.
      if (openConversationId !== null && !isSideBySide()) void navigate(backTo);
      focusWithTypeAhead(() => refs.search.current);
      return;
    }
    const view = INBOX_VIEWS.find((candidate) => command === `view-${candidate.id}`);
    if (view) {
      // Keeps the open conversation.
      focusViewFor.current = view.id;
      if (view.id === currentViewId) focusCurrentView();
      void navigate({ search: filtersToParams(view.filters).toString() });
      return;
    }
    const inPane = refs.pane.current?.contains(document.activeElement) ?? false;
    const listShown = openConversationId === null || isSideBySide();
    if (command === 'leave-field') {
      if (!inPane) return;
      // Back to the open conversation's row, or, with the list hidden (phones), to its heading.
      if (!(listShown && refs.listHandle.current?.focusConversation(openConversationId)))
        refs.heading.current?.focus();
      return;
    }
    if (command === 'reply') return refs.reply.current?.focusReply();
    if (command === 'note') return refs.reply.current?.focusNote();
    // With no conversation open, the keys act on the list's highlighted row.
    if (openConversationId === null) {
      if (refs.listHandle.current?.command(command) && command === 'tag') focusWithTypeAhead(tagPickerField);
      return;
    }
    // Otherwise the open conversation is the current one: every key acts on it, wherever focus is.
    if (command === 'next' || command === 'previous') {
      refs.listHandle.current?.command(command);
      return;
    }
    const conversation = queryClient.getQueryData(conversationQueryOptions(openConversationId).queryKey);
    const shortcut = conversationShortcut(command, user.id);
    if (shortcut === null) {
      // Enter/`o` and `x` are the list's own (its highlighted row is the open conversation's).
      if (listShown && !inPane) refs.listHandle.current?.command(command);
      return;
    }
    if (conversation === undefined || !fitsState(conversation, shortcut)) return;
    if (shortcut.kind === 'assign-dialog') onAssign();
    else if (shortcut.kind === 'tag-dialog') {
      onTag();
      focusWithTypeAhead(tagPickerField);
    } else if (shortcut.kind === 'snooze-dialog') onSnooze();
    else actions.startAction(conversation, shortcut);
  }, refs.list);
}
