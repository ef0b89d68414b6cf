import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { cx } from '@/components/cx';
import { useDocumentTitle } from '@/components/use-document-title';
import { usePresenceHeartbeat } from '@/lib/presence';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { defaultSort } from '@/schemas/inbox-rules';
import { conversationQueryOptions } from '../api/get-conversation';
import { useInbox } from '../api/get-inbox';
import {
  DEFAULT_FILTERS,
  INBOX_VIEWS,
  filtersToParams,
  listOptionsToParams,
  parseListOptions,
  viewOf,
  parseFilters,
  refinementCount,
  toModelQuery,
  type InboxFilters,
  type ListOptions,
} from '../inbox-filters';
import { useConversationActions } from '../use-conversation-actions';
import { useDesktopNotifications } from '../use-desktop-notifications';
import { conversationShortcut, useInboxShortcuts, type ShortcutCommand } from '../use-inbox-shortcuts';
import { useInboxSync } from '../use-inbox-sync';
import { inboxTitle, useNewHandoffs } from '../use-new-handoffs';
import { CountAnnouncer } from './count-announcer';
import { ConversationList, type ListHandle } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { InboxFilterFields, InboxViews } from './inbox-filter-bar';
import { InboxToolbar, NoConversationOpen } from './inbox-toolbar';
import { ShortcutsSheet } from './lazy-dialogs';
import { ListControls } from './list-controls';
import { LiveStatus } from './live-status';
import { isSideBySide, useOpenedHeadingFocus, useReturnFocusToRow } from './use-opened-heading-focus';

/**
 * What the route puts under the open conversation's header (the transcript and composer), with the
 * inbox's own takeover and reopen actions (freshest-state writes; they resolve once stored and reject,
 * after saying why, when they fail).
 */
export type RenderConversation = (props: {
  conversation: Conversation;
  onTakeOver: () => Promise<Conversation>;
  onReopen: () => Promise<Conversation>;
}) => ReactNode;

/**
 * The human-handoff inbox: views and filters (in the URL), the live list, and the open conversation
 * beside it (full screen at phone width). New handoffs are highlighted and counted in the tab title.
 */
export function InboxPage({
  openConversationId,
  renderConversation,
}: {
  openConversationId: string | null;
  renderConversation: RenderConversation;
}) {
  const { user, roster } = useCurrentSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = parseFilters(searchParams, roster);
  const filters = parsed ?? DEFAULT_FILTERS;
  const optionsKey = `${searchParams.get('sort') ?? ''}\u0000${searchParams.get('q') ?? ''}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same options while the URL says the same
  const listOptions = useMemo(() => parseListOptions(searchParams), [optionsKey]);
  const search = filtersToParams(filters, searchParams).toString();

  // An address without a view shows the default one, written into the URL (replacing: a bare /inbox
  // is not a step anyone goes back to).
  useEffect(() => {
    if (parsed === null) setSearchParams(filtersToParams(DEFAULT_FILTERS, searchParams), { replace: true });
  }, [parsed, searchParams, setSearchParams]);

  const changeFilters = (next: InboxFilters) => setSearchParams(filtersToParams(next, searchParams));
  const changeListOptions = useCallback(
    (next: ListOptions) => setSearchParams((current) => listOptionsToParams(next, current)),
    [setSearchParams],
  );
  const searchRef = useRef<HTMLInputElement>(null);
  const modelQuery = toModelQuery(filters, listOptions);
  const model = useInbox(modelQuery).data?.pages[0];
  const counts = model?.ready ? model.counts : undefined;
  const syncStatus = useInboxSync(openConversationId);
  const linkTo = (conversationId: string) => `/inbox/${encodeURIComponent(conversationId)}?${search}`;
  const backTo = `/inbox?${search}`;

  const actions = useConversationActions();
  const needsCount = counts ? String(counts['needs-person']) : null;

  const open = (conversationId: string) => void navigate(linkTo(conversationId));
  const notifications = useDesktopNotifications(open);
  const {
    newHandoffIds,
    announcement: handoffAnnouncement,
    unseenCount,
  } = useNewHandoffs(openConversationId, model?.ready ? model.handoffs : undefined, notifications.notify);
  useDocumentTitle(inboxTitle(needsCount, unseenCount));
  usePresenceHeartbeat(openConversationId);

  const { headingRef, setHeading } = useOpenedHeadingFocus(openConversationId);

  const focusViewFor = useRef<string | null>(null);
  const currentViewId = viewOf(filters)?.id;
  useEffect(() => {
    if (focusViewFor.current === null || focusViewFor.current !== currentViewId) return;
    focusViewFor.current = null;
    document.querySelector<HTMLElement>('nav[aria-label="Views"] a[aria-current="page"]')?.focus();
  }, [currentViewId]);

  const [assignOpen, setAssignOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [filtersShown, setFiltersShown] = useState(false);
  const filterPanelId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const paneRef = useRef<HTMLElement>(null);
  const listHandle = useRef<ListHandle>(null);
  useReturnFocusToRow(openConversationId, listHandle);
  const scrollRef = useRef<HTMLDivElement>(null);
  useInboxShortcuts((command: ShortcutCommand) => {
    if (command === 'help') {
      setShortcutsOpen(true);
      return;
    }
    if (command === 'search') {
      // At phone width with a conversation open the list (and its search) is hidden: go back to it first.
      if (openConversationId !== null && !isSideBySide()) void navigate(backTo);
      requestAnimationFrame(() => searchRef.current?.focus());
      return;
    }
    const view = INBOX_VIEWS.find((candidate) => command === `view-${candidate.id}`);
    if (view) {
      // Keeps the open conversation; focus goes to the chosen view (the list it showed is replaced).
      focusViewFor.current = view.id;
      if (view.id === currentViewId) {
        document.querySelector<HTMLElement>('nav[aria-label="Views"] a[aria-current="page"]')?.focus();
      }
      void navigate({ search: filtersToParams(view.filters).toString() });
      return;
    }
    const inPane = paneRef.current?.contains(document.activeElement) ?? false;
    const listShown = openConversationId === null || isSideBySide();
    if (command === 'leave-field') {
      if (!inPane) return;
      // Back to the open conversation's row, or, with the list hidden (phones), to its heading.
      if (!(listShown && listHandle.current?.focusConversation(openConversationId)))
        headingRef.current?.focus();
      return;
    }
    if (command === 'reply') {
      // The composer is the route's (transcript feature): its one multi-line field in the pane.
      paneRef.current?.querySelector<HTMLTextAreaElement>('textarea:not([disabled])')?.focus();
      return;
    }
    if (!inPane && listShown && listHandle.current?.command(command, 'list')) return;
    // In the open conversation (or with the list hidden): actions apply to the open conversation.
    if (openConversationId === null) return;
    const conversation = queryClient.getQueryData(conversationQueryOptions(openConversationId).queryKey);
    if (conversation === undefined) return;
    const shortcut = conversationShortcut(command, user.id);
    if (shortcut?.kind === 'assign-dialog') setAssignOpen(true);
    else if (shortcut) actions.startAction(conversation, shortcut);
    else if (listShown) listHandle.current?.command(command, 'open');
  }, listRef);

  const isOpen = openConversationId !== null;
  const listKey = JSON.stringify(modelQuery);

  return (
    // Tall screens: the inbox fills the window and only the list and transcript scroll. Short ones (200%
    // and 400% zoom, phones held sideways) have no room for that: the page scrolls, the list and the open
    // conversation each get a whole window's height, so the reply box is never pushed out of reach.
    <div className="flex h-[calc(100dvh-5.5rem)] flex-col gap-3 [@media(max-height:32rem)]:h-auto">
      {/* Below xl the open conversation replaces the title row; the page keeps its h1 for screen readers. */}
      {isOpen ? <h1 className="sr-only xl:hidden">Inbox</h1> : null}
      <div className={cx('flex flex-wrap items-center gap-x-4 gap-y-3', isOpen && 'max-xl:hidden')}>
        {/* The live state sits under the title: its longer wordings never push the views to a new row. */}
        <div className="flex flex-col gap-0.5">
          <h1 className="text-2xl leading-7 font-semibold tracking-tight text-gray-900">Inbox</h1>
          <LiveStatus status={syncStatus} />
        </div>
        {/* Below xl the views take a row of their own, under the title. */}
        <InboxViews
          filters={filters}
          needsPersonCount={needsCount}
          counts={counts}
          className="order-last w-full xl:order-none xl:w-auto"
        />
        <InboxToolbar
          thresholdMinutes={
            user.role !== 'owner' ? undefined : model?.ready ? model.waiting_threshold_minutes : null
          }
          notifications={notifications}
          onShowShortcuts={() => setShortcutsOpen(true)}
          filters={{
            shown: filtersShown,
            panelId: filterPanelId,
            count: refinementCount(filters),
            onToggle: () => setFiltersShown((shown) => !shown),
          }}
        />
      </div>
      <div className={cx(isOpen && 'max-xl:hidden', !filtersShown && 'max-sm:hidden')}>
        <InboxFilterFields
          id={filterPanelId}
          isShown={filtersShown}
          filters={filters}
          onChange={changeFilters}
          roster={roster}
          myUserId={user.id}
        />
      </div>
      <div className="grid min-h-0 flex-1 gap-4 xl:grid-cols-[22rem_minmax(0,1fr)] [@media(max-height:32rem)]:flex-none">
        <section
          ref={listRef}
          aria-label="Conversation list"
          className={cx(
            'min-h-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white [@media(max-height:32rem)]:h-dvh',
            isOpen ? 'hidden xl:flex' : 'flex',
          )}
        >
          <ListControls
            options={listOptions}
            defaultSort={defaultSort(modelQuery)}
            onChange={changeListOptions}
            searchRef={searchRef}
          />
          <ConversationList
            key={listKey}
            filters={filters}
            listOptions={listOptions}
            openConversationId={openConversationId}
            linkTo={linkTo}
            newHandoffIds={newHandoffIds}
            actions={actions}
            scrollRef={scrollRef}
            handleRef={listHandle}
            onOpen={open}
          />
        </section>
        <section
          ref={paneRef}
          aria-labelledby={isOpen ? 'conversation-heading' : undefined}
          aria-label={isOpen ? undefined : 'Conversation'}
          className={cx(
            'min-h-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white [@media(max-height:32rem)]:overflow-visible',
            isOpen ? 'flex' : 'hidden xl:flex',
          )}
        >
          {isOpen ? (
            <ConversationPane
              key={openConversationId}
              conversationId={openConversationId}
              backTo={backTo}
              actions={actions}
              headingRef={setHeading}
              assignOpen={assignOpen}
              onAssignOpenChange={setAssignOpen}
            >
              {(conversation) =>
                renderConversation({
                  conversation,
                  onTakeOver: () => actions.runAction(conversation, { kind: 'take-over' }),
                  onReopen: () => actions.runAction(conversation, { kind: 'reopen' }),
                })
              }
            </ConversationPane>
          ) : (
            <NoConversationOpen />
          )}
        </section>
      </div>
      <ShortcutsSheet isOpen={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <p role="status" className="sr-only">
        {actions.announcement}
      </p>
      <p role="status" className="sr-only">
        {handoffAnnouncement}
      </p>
      <CountAnnouncer view={viewOf(filters)} counts={counts} search={listOptions.q} />
    </div>
  );
}
