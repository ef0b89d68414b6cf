import { lazy, Suspense, useCallback, useEffect, useState, type RefObject } from 'react';
import { ErrorState } from '@/components/error-state';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { useAvailabilityById } from '@/lib/availability';
import { assigneeName, shopperName } from '@/lib/conversation-labels';
import { viewOf, type InboxFilters, type ListOptions } from '../inbox-filters';
import { useBulkActions } from '../use-bulk-actions';
import { useInboxRows } from '../use-inbox-rows';
import type { ConversationAction } from '../conversation-action';
import type { ConversationActions } from '../use-conversation-actions';
import { ConversationRow } from './conversation-row';
import {
  AssignDialog,
  BulkResultsDialog,
  prefetchAssignDialog,
  prefetchBulkResultsDialog,
  SnoozeDialog,
  TagPickerDialog,
} from './lazy-dialogs';
import { EmptyList, RowSkeletons, snoozedTaggedLinks } from './list-placeholders';
import { ListToolbar } from './list-toolbar';
import { RowActionsMenu, type OpenRowMenu, type RowCommand } from './row-actions-menu';
import { useListCursor } from './use-list-cursor';
import { useMinuteClock } from './use-minute-clock';
import { useListHandle, type ListHandle } from './use-list-handle';
import { useSelection } from './use-selection';

// Only a page that saw a new handoff arrive needs the banner that points at one out of view.
const ArrivalsBanner = lazy(() =>
  import('./arrivals-banner').then((module) => ({ default: module.ArrivalsBanner })),
);

/** Load the next page when the rendered rows come this close to the end of the loaded ones. */
const PREFETCH_ROWS = 30;

export type { ListHandle };

/** What a dialog acts on: "the conversation with Kari", "3 conversations"; a key's names the highlighted row. */
const subjectOf = (targets: Conversation[] | null, highlighted: boolean) =>
  targets?.length === 1
    ? `the ${highlighted ? 'highlighted conversation, ' : 'conversation '}with ${shopperName(targets[0]!)}`
    : `${targets?.length ?? 0} conversations`;

/**
 * The inbox list of one filter set: virtualized (a few dozen rows in the DOM however long the list), read
 * page by page as it scrolls, with a keyboard cursor (roving tab stop), selection and bulk actions.
 */
export function ConversationList({
  filters,
  listOptions,
  openConversationId,
  linkTo,
  newHandoffIds,
  actions,
  scrollRef,
  handleRef,
  onOpen,
}: {
  filters: InboxFilters;
  listOptions: ListOptions;
  openConversationId: string | null;
  linkTo: (conversationId: string) => string;
  newHandoffIds: ReadonlySet<string>;
  actions: ConversationActions;
  scrollRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<ListHandle | null>;
  onOpen: (conversationId: string) => void;
}) {
  const { roster, user } = useCurrentSession();
  const availability = useAvailabilityById();
  const query = useInboxRows(filters, listOptions);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, rows, summaries, thresholdMinutes } = query;
  const now = useMinuteClock();

  const { virtualRows, totalSize, cursorIndex, cursorRow, moveCursor, onFocusRow } = useListCursor(
    rows,
    scrollRef,
    openConversationId,
  );
  const lastRendered = virtualRows.at(-1)?.index ?? -1;
  const selection = useSelection(rows);
  const { selected, selectedRows, toggleSelected } = selection;
  const bulk = useBulkActions(actions);
  const [assignTarget, setAssignTarget] = useState<Conversation[] | null>(null);
  const [tagTarget, setTagTarget] = useState<Conversation[] | null>(null);
  const [snoozeTarget, setSnoozeTarget] = useState<Conversation[] | null>(null);
  const [rowMenu, setRowMenu] = useState<OpenRowMenu | null>(null);
  const openRowMenu = useCallback((conversation: Conversation, trigger: HTMLElement) => {
    // The menu offers "Assign to…": its dialog is fetched while the person reads the menu.
    void prefetchAssignDialog().catch(() => undefined);
    setRowMenu({ conversation, trigger });
  }, []);
  const closeRowMenu = useCallback(() => setRowMenu(null), []);

  // A selection brings the bulk actions: fetch their dialogs before they are asked for.
  const hasSelection = selectedRows.length > 0;
  useEffect(() => {
    if (!hasSelection) return;
    void prefetchAssignDialog().catch(() => undefined);
    void prefetchBulkResultsDialog().catch(() => undefined);
  }, [hasSelection]);

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRendered >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRendered, rows.length]);

  const { startAction } = actions;
  const [byKey, setByKey] = useState(false);
  const onRowCommand = useCallback(
    (conversation: Conversation, command: RowCommand, origin: 'menu' | 'highlighted' = 'menu') => {
      setByKey(origin === 'highlighted');
      if (command.kind === 'assign-dialog') setAssignTarget([conversation]);
      else if (command.kind === 'tag-dialog') setTagTarget([conversation]);
      else if (command.kind === 'snooze-dialog') setSnoozeTarget([conversation]);
      else startAction(conversation, command);
    },
    [startAction],
  );

  const runBulk = (action: ConversationAction, targets: Conversation[] = selectedRows) =>
    bulk.start(targets, action, selection.unselect);

  // The keyboard's entry point into the list (see InboxPage).
  useListHandle(handleRef, {
    rows,
    cursorIndex,
    cursorRow,
    moveCursor,
    openConversationId,
    scrollRef,
    userId: user.id,
    onOpen,
    toggleSelected,
    onRowCommand,
  });

  const view = viewOf(filters);
  const setSize = hasNextPage ? -1 : rows.length;

  let body;
  if (query.isPending) {
    body = (
      <>
        <div role="status" className="sr-only">
          Loading conversations…
        </div>
        <RowSkeletons />
      </>
    );
  } else if (query.isError && rows.length === 0) {
    body = (
      <div className="p-4">
        <ErrorState error={query.error} onRetry={query.refetch} isRetrying={query.isFetching} />
      </div>
    );
  } else if (rows.length === 0) {
    body = listOptions.q.trim() ? (
      <p className="p-6 text-center text-sm text-gray-700">
        No shopper’s name or email contains “{listOptions.q.trim()}”.
      </p>
    ) : (
      <EmptyList view={view} snoozedTagged={snoozedTaggedLinks(query.snoozedTagged, filters, listOptions)} />
    );
  } else {
    body = (
      <div
        role="list"
        aria-label="Conversations"
        aria-busy={isFetchingNextPage}
        className="relative w-full"
        style={{ height: totalSize }}
      >
        {virtualRows.map((item) => {
          const conversation = rows[item.index]!;
          return (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              summary={summaries.get(conversation.id)}
              now={now}
              thresholdMinutes={thresholdMinutes}
              myUserId={user.id}
              roster={roster}
              index={item.index}
              setSize={setSize}
              top={item.start}
              to={linkTo(conversation.id)}
              isActive={item.index === cursorIndex}
              isOpen={conversation.id === openConversationId}
              isSelected={selected.has(conversation.id)}
              isNew={newHandoffIds.has(conversation.id)}
              isSaving={actions.isPending(conversation.id)}
              assignee={assigneeName(conversation.assigned_to, roster)}
              assigneeStatus={availability.get(conversation.assigned_to ?? '')}
              onFocusRow={onFocusRow}
              onToggleSelected={toggleSelected}
              isMenuOpen={rowMenu?.conversation.id === conversation.id}
              onOpenMenu={openRowMenu}
            />
          );
        })}
      </div>
    );
  }

  return (
    <>
      <ListToolbar
        loadedCount={rows.length}
        selectedCount={selectedRows.length}
        countLabel={
          query.isPending
            ? 'Loading…'
            : query.isError && rows.length === 0
              ? 'Not loaded'
              : `${rows.length}${hasNextPage ? '+' : ''} conversation${rows.length === 1 ? '' : 's'}${
                  listOptions.q.trim() ? ', active and closed' : ''
                }`
        }
        isLoadingMore={isFetchingNextPage}
        onSelectAll={selection.selectAll}
        onClear={selection.clear}
        onTakeOver={() => runBulk({ kind: 'take-over' })}
        onAssign={() => {
          setByKey(false);
          setAssignTarget(selectedRows);
        }}
        onTag={() => {
          setByKey(false);
          setTagTarget(selectedRows);
        }}
        onSnooze={() => {
          setByKey(false);
          setSnoozeTarget(selectedRows);
        }}
        onClose={() => runBulk({ kind: 'close' })}
      />
      {newHandoffIds.size > 0 ? (
        <Suspense fallback={null}>
          <ArrivalsBanner
            rows={rows}
            newHandoffIds={newHandoffIds}
            scrollRef={scrollRef}
            onJump={(id, index) => (index === -1 ? onOpen(id) : moveCursor(index, true))}
          />
        </Suspense>
      ) : null}
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {body}
        {query.isFetchNextPageError ? (
          <div className="p-4">
            <ErrorState error={query.error} onRetry={fetchNextPage} isRetrying={isFetchingNextPage} />
          </div>
        ) : null}
      </div>
      <RowActionsMenu open={rowMenu} myUserId={user.id} onClose={closeRowMenu} onCommand={onRowCommand} />
      <AssignDialog
        isOpen={assignTarget !== null}
        onOpenChange={(open) => !open && setAssignTarget(null)}
        subject={subjectOf(assignTarget, byKey)}
        roster={roster}
        myUserId={user.id}
        initialAssignee={assignTarget?.length === 1 ? assignTarget[0]!.assigned_to : null}
        onAssign={(userId) => {
          const targets = assignTarget ?? [];
          if (targets.length === 1) startAction(targets[0]!, { kind: 'assign', assignee: userId });
          else runBulk({ kind: 'assign', assignee: userId }, targets);
        }}
      />
      <TagPickerDialog
        isOpen={tagTarget !== null}
        onOpenChange={(open) => !open && setTagTarget(null)}
        subject={subjectOf(tagTarget, byKey)}
        targets={(tagTarget ?? []).map(({ id }) => ({ id, tags: summaries.get(id)?.tags }))}
      />
      <SnoozeDialog
        isOpen={snoozeTarget !== null}
        onOpenChange={(open) => {
          if (open) return;
          // What was snoozed leaves the list: unselect it, as a bulk action does with what it changed.
          if (snoozeTarget && snoozeTarget.length > 1) selection.clear();
          setSnoozeTarget(null);
        }}
        subject={subjectOf(snoozeTarget, byKey)}
        targets={(snoozeTarget ?? []).map((conversation) => ({
          id: conversation.id,
          name: shopperName(conversation),
        }))}
        current={snoozeTarget?.length === 1 ? summaries.get(snoozeTarget[0]!.id)?.snooze : undefined}
      />
      <BulkResultsDialog
        run={bulk.run}
        onDismiss={bulk.dismiss}
        onRetryFailed={() => bulk.retryFailed(selection.unselect)}
      />
    </>
  );
}
