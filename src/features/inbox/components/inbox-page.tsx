import { lazy, Suspense, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { usePresenceHeartbeat } from '@/lib/presence';
import { useLiveEvents } from '@/lib/use-live-stream';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { defaultSort } from '@/schemas/inbox-rules';
import { useInbox } from '../api/get-inbox';
import { refinementCount, toModelQuery, viewOf } from '../inbox-filters';
import { useConversationActions } from '../use-conversation-actions';
import { useDesktopNotifications } from '../use-desktop-notifications';
import { useInboxCommands, type ReplyHandle } from '../use-inbox-commands';
import { useInboxSync } from '../use-inbox-sync';
import { useInboxUrlState } from '../use-inbox-url-state';
import { isInBackground } from '../page-attention';
import { inboxTitle, useNewHandoffs } from '../use-new-handoffs';
import { CountAnnouncer } from './count-announcer';
import { ConversationList, type ListHandle } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { InboxFilterFields, InboxViews, TagFilter } from './inbox-filter-bar';
import { InboxLayout } from './inbox-layout';
import { InboxToolbar, NoConversationOpen } from './inbox-toolbar';
import { AwayQuestionDialog, ReportFilterChip, ShortcutsSheet } from './lazy-dialogs';
import { ListControls } from './list-controls';
import { LiveStatus } from './live-status';
import { ModelProgress } from './model-progress';
import { useOpenedHeadingFocus, useReturnFocusToRow } from './use-opened-heading-focus';

export type { ReplyHandle } from '../use-inbox-commands';

// Only a page that saw a new handoff arrive while a conversation is open needs the chip that points at it.
const ArrivalsChip = lazy(() =>
  import('./arrivals-chip').then((module) => ({ default: module.ArrivalsChip })),
);

/**
 * What the route puts under the open conversation's header (the transcript and composer), with the
 * inbox's own takeover and reopen actions (freshest-state writes; they resolve once stored and reject,
 * after saying why, when they fail) and the handle the `r` key puts the cursor in the reply box with.
 */
export type RenderConversation = (props: {
  conversation: Conversation;
  onTakeOver: () => Promise<Conversation>;
  onReopen: () => Promise<Conversation>;
  replyHandle: RefObject<ReplyHandle | null>;
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
  const navigate = useNavigate();
  const { filters, listOptions, changeFilters, changeListOptions, clearReport, linkTo, backTo } =
    useInboxUrlState();
  const modelQuery = toModelQuery(filters, listOptions);
  const model = useInbox(modelQuery).data?.pages[0];
  const counts = model?.listed ? model.counts : undefined;
  const needsCount = counts ? String(counts['needs-person']) : null;
  const syncStatus = useInboxSync(openConversationId);
  const actions = useConversationActions();

  const open = (conversationId: string) => void navigate(linkTo(conversationId));
  const notifications = useDesktopNotifications(open);
  useLiveEvents((event) => {
    // A conversation this person looks after woke from its snooze: tell them, as a mention does.
    const mine = event.name === 'snooze' ? event.data.woke?.filter((w) => w.notify_user_id === user.id) : [];
    if (!mine?.length) return;
    const desktopAlert = () => notifications.state === 'on' && isInBackground();
    void import('../snooze-alert').then((alert) => {
      for (const woke of mine) alert.alertWake(woke, open, desktopAlert);
    });
  });
  const {
    newHandoffIds,
    announcement: handoffAnnouncement,
    unseenCount,
  } = useNewHandoffs(user.id, openConversationId, model?.handoffs, notifications.notify);
  useDocumentTitle(inboxTitle(needsCount, unseenCount));
  usePresenceHeartbeat(openConversationId);

  const { headingRef, setHeading } = useOpenedHeadingFocus(openConversationId);
  const [assignOpen, setAssignOpen] = useState(false);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [snoozeOpen, setSnoozeOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [awayQuestion, setAwayQuestion] = useState<number | null>(null);
  const [filtersShown, setFiltersShown] = useState(false);
  const filterPanelId = useId();
  const listRef = useRef<HTMLElement>(null);
  const paneRef = useRef<HTMLElement>(null);
  const listHandle = useRef<ListHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const replyHandle = useRef<ReplyHandle>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useReturnFocusToRow(openConversationId, listHandle);
  useInboxCommands({
    openConversationId,
    currentViewId: viewOf(filters)?.id,
    backTo,
    actions,
    refs: {
      list: listRef,
      pane: paneRef,
      listHandle,
      heading: headingRef,
      search: searchRef,
      reply: replyHandle,
    },
    onShowShortcuts: () => setShortcutsOpen(true),
    onAssign: () => setAssignOpen(true),
    onTag: () => setTagsOpen(true),
    onSnooze: () => setSnoozeOpen(true),
    onAskAway: setAwayQuestion,
  });

  const isOpen = openConversationId !== null;
  return (
    <InboxLayout
      isOpen={isOpen}
      filtersShown={filtersShown}
      listRef={listRef}
      paneRef={paneRef}
      header={
        <>
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
              user.role !== 'owner' ? undefined : model?.listed ? model.waiting_threshold_minutes : null
            }
            notifications={notifications}
            onOpenConversation={open}
            onShowShortcuts={() => setShortcutsOpen(true)}
            filters={{
              shown: filtersShown,
              panelId: filterPanelId,
              count: refinementCount(filters),
              onToggle: () => setFiltersShown((shown) => !shown),
            }}
          />
        </>
      }
      filterFields={
        <InboxFilterFields
          id={filterPanelId}
          isShown={filtersShown}
          filters={filters}
          onChange={changeFilters}
          roster={roster}
          myUserId={user.id}
        >
          <TagFilter
            chosen={listOptions.tag}
            counts={model?.tag_counts}
            onChange={(tag) => changeListOptions({ ...listOptions, tag })}
          />
        </InboxFilterFields>
      }
      list={
        <>
          <ReportFilterChip
            report={listOptions.report}
            roster={roster}
            onClear={() => {
              clearReport();
              searchRef.current?.focus();
            }}
          />
          <ListControls
            options={listOptions}
            defaultSort={defaultSort(modelQuery)}
            onChange={changeListOptions}
            searchRef={searchRef}
          />
          {/* Above the list it is about, not under the title: its wording would push the views to a new row. */}
          <ModelProgress model={model} />
          <ConversationList
            key={JSON.stringify(modelQuery)}
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
        </>
      }
      pane={
        isOpen ? (
          <>
            {newHandoffIds.size > 0 ? (
              <Suspense fallback={null}>
                <ArrivalsChip newHandoffIds={newHandoffIds} handoffs={model?.handoffs} onOpen={open} />
              </Suspense>
            ) : null}
            <ConversationPane
              key={openConversationId}
              conversationId={openConversationId}
              backTo={backTo}
              actions={actions}
              headingRef={setHeading}
              assignOpen={assignOpen}
              onAssignOpenChange={setAssignOpen}
              tagsOpen={tagsOpen}
              onTagsOpenChange={setTagsOpen}
              snoozeOpen={snoozeOpen}
              onSnoozeOpenChange={setSnoozeOpen}
            >
              {(conversation) =>
                renderConversation({
                  conversation,
                  onTakeOver: () => actions.runAction(conversation, { kind: 'take-over' }),
                  onReopen: () => actions.runAction(conversation, { kind: 'reopen' }),
                  replyHandle,
                })
              }
            </ConversationPane>
          </>
        ) : (
          <NoConversationOpen />
        )
      }
    >
      <ShortcutsSheet isOpen={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <AwayQuestionDialog
        isOpen={awayQuestion !== null}
        onOpenChange={(open) => !open && setAwayQuestion(null)}
        openConversations={awayQuestion ?? 0}
      />
      <p role="status" className="sr-only">
        {actions.announcement}
      </p>
      <p role="status" className="sr-only">
        {handoffAnnouncement}
      </p>
      <CountAnnouncer view={viewOf(filters)} counts={counts} search={listOptions.q} />
    </InboxLayout>
  );
}
