import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useMemo, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { useConversations } from '../api/get-conversations';
import { flattenUnique } from '../conversation-cache';
import { assigneeName, shopperName } from '@/lib/conversation-labels';
import {
  INBOX_VIEWS,
  filtersToParams,
  viewOf,
  type ConversationListFilter,
  type InboxFilters,
} from '../inbox-filters';
import { useBulkActions } from '../use-bulk-actions';
import type { ConversationAction, ConversationActions } from '../use-conversation-actions';
import type { ShortcutCommand } from '../use-inbox-shortcuts';
import { AssignDialog } from './assign-dialog';
import { BulkResultsDialog } from './bulk-results-dialog';
import { ConversationRow, ROW_HEIGHT } from './conversation-row';
import { RowActionsMenu, type OpenRowMenu, type RowCommand } from './row-actions-menu';

/** Load the next page when the rendered rows come this close to the end of the loaded ones. */
const PREFETCH_ROWS = 30;

const EMPTY_COPY: Record<string, { title: string; description: string }> = {
  'needs-person': {
    title: 'Nobody is waiting for a person',
    description: 'When the assistant hands a conversation over, it shows up here at once, without a reload.',
  },
  mine: {
    title: 'Nothing is assigned to you',
    description: 'Open conversations assigned to you show up here.',
  },
  active: {
    title: 'No open conversations',
    description: 'New conversations show up here as shoppers write.',
  },
  closed: { title: 'No closed conversations', description: 'Conversations you close are kept here.' },
};

function RowSkeletons() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <div
          key={index}
          style={{ height: ROW_HEIGHT }}
          className="space-y-2 border-b border-gray-100 py-3 pr-4 pl-11"
        >
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-3.5 w-3/5" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ))}
    </div>
  );
}

export type ListHandle = {
  /** Runs a keyboard command on the list; returns false when it is not the list's to run. */
  command: (command: ShortcutCommand, target: 'list' | 'open') => boolean;
  /** Moves the cursor and focus to this conversation's row (or the cursor's); false when the list is empty. */
  focusConversation: (conversationId: string | null) => boolean;
};

/**
 * The inbox list of one filter set: virtualized (a few dozen rows in the DOM however long the list), read
 * page by page as it scrolls, with a keyboard cursor (roving tab stop), selection and bulk actions.
 */
export function ConversationList({
  filters,
  listFilter,
  openConversationId,
  linkTo,
  newHandoffIds,
  actions,
  scrollRef,
  handleRef,
  onOpen,
}: {
  filters: InboxFilters;
  listFilter: ConversationListFilter;
  openConversationId: string | null;
  linkTo: (conversationId: string) => string;
  newHandoffIds: ReadonlySet<string>;
  actions: ConversationActions;
  scrollRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<ListHandle | null>;
  onOpen: (conversationId: string) => void;
}) {
  const { roster, user } = useCurrentSession();
  const query = useConversations(listFilter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => flattenUnique(query.data), [query.data]);

  // The cursor follows its conversation when rows move; if that row leaves the list, the cursor stays at
  // the same position, on the row that took its place.
  const [cursor, setCursor] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const cursorIndex = useMemo(() => {
    const byId = cursor.id === null ? -1 : rows.findIndex((row) => row.id === cursor.id);
    if (byId !== -1) return byId;
    return rows.length === 0 ? -1 : Math.min(cursor.index, rows.length - 1);
  }, [cursor, rows]);
  const cursorRow = cursorIndex === -1 ? undefined : rows[cursorIndex];

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedRows = useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);
  const bulk = useBulkActions(actions);
  const [assignTarget, setAssignTarget] = useState<Conversation[] | null>(null);
  const [rowMenu, setRowMenu] = useState<OpenRowMenu | null>(null);
  const openRowMenu = useCallback(
    (conversation: Conversation, trigger: HTMLElement) => setRowMenu({ conversation, trigger }),
    [],
  );

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      // Keep the cursor's row rendered even when scrolled away, so keyboard focus is never lost.
      if (cursorIndex >= 0 && cursorIndex < range.count && !indexes.includes(cursorIndex)) {
        indexes.push(cursorIndex);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [cursorIndex],
  );
  // The virtualizer's functions read live measurements; the compiler leaves this component unmemoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    useFlushSync: false,
    rangeExtractor,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRendered = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRendered >= rows.length - PREFETCH_ROWS)
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRendered, rows.length]);

  const focusRow = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The row is rendered (the range keeps the cursor's row), possibly only after this render, or a
      // few frames later when the list was hidden until now (phones: back from a conversation).
      const focusWhenRendered = (framesLeft: number) =>
        requestAnimationFrame(() => {
          const link = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`);
          if (link) link.focus();
          else if (framesLeft > 0) focusWhenRendered(framesLeft - 1);
        });
      focusWhenRendered(10);
    },
    [virtualizer, scrollRef],
  );

  const moveCursor = useCallback(
    (index: number, focus: boolean) => {
      const row = rows[index];
      if (row === undefined) return;
      setCursor({ id: row.id, index });
      if (focus) focusRow(index);
    },
    [rows, focusRow],
  );

  // When the focused row leaves the list (closed, reassigned), focus moves to the row that took its place
  // instead of falling to the page.
  const cursorRowId = cursorRow?.id;
  useEffect(() => {
    if (cursorRowId === undefined || cursor.id === null || cursor.id === cursorRowId) return;
    const focusFell = document.activeElement === null || document.activeElement === document.body;
    setCursor({ id: cursorRowId, index: cursorIndex });
    if (focusFell) focusRow(cursorIndex);
  }, [cursorRowId, cursor.id, cursorIndex, focusRow]);

  // Stable (rows pass their own id), so a new page or a live change re-renders only the rows it touches.
  const onFocusRow = useCallback(
    (index: number, id: string) =>
      setCursor((current) => (current.index === index && current.id === id ? current : { id, index })),
    [],
  );

  const toggleSelected = useCallback((conversationId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(conversationId)) next.delete(conversationId);
      else next.add(conversationId);
      return next;
    });
  }, []);

  const { act } = actions;
  const onRowCommand = useCallback(
    (conversation: Conversation, command: RowCommand) => {
      if (command.kind === 'assign-dialog') setAssignTarget([conversation]);
      else act(conversation, command);
    },
    [act],
  );

  const runBulk = (action: ConversationAction, targets: Conversation[] = selectedRows) =>
    bulk.start(targets, action, (succeeded) =>
      setSelected((current) => new Set([...current].filter((id) => !succeeded.includes(id)))),
    );

  // The keyboard's entry point into the list (see InboxPage).
  useImperativeHandle(handleRef, () => ({
    focusConversation: (conversationId) => {
      const index = rows.findIndex((row) => row.id === conversationId);
      if (index === -1 && cursorIndex === -1) return false;
      moveCursor(index === -1 ? cursorIndex : index, true);
      return true;
    },
    command: (command, target) => {
      const row = target === 'list' ? cursorRow : undefined;
      // The first move into the list lands on the cursor's row rather than past it.
      const entering = !scrollRef.current?.contains(document.activeElement);
      switch (command) {
        case 'next':
          moveCursor(entering ? cursorIndex : Math.min(cursorIndex + 1, rows.length - 1), true);
          return true;
        case 'previous':
          moveCursor(entering ? cursorIndex : Math.max(cursorIndex - 1, 0), true);
          return true;
        case 'open':
          if (cursorRow) onOpen(cursorRow.id);
          return cursorRow !== undefined;
        case 'toggle-select':
          if (cursorRow) toggleSelected(cursorRow.id);
          return cursorRow !== undefined;
        default:
          if (row === undefined) return false;
          return runKeyAction(command, row);
      }
    },
  }));

  function runKeyAction(command: ShortcutCommand, row: Conversation): boolean {
    switch (command) {
      case 'take-over':
        act(row, { kind: 'take-over' });
        return true;
      case 'hand-back':
        act(row, { kind: 'hand-back' });
        return true;
      case 'assign-to-me':
        act(row, { kind: 'assign', assignee: user.id });
        return true;
      case 'close':
        act(row, { kind: 'close' });
        return true;
      case 'assign':
        setAssignTarget([row]);
        return true;
      default:
        return false;
    }
  }

  const view = viewOf(filters);
  const setSize = hasNextPage ? -1 : rows.length;
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;

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
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      </div>
    );
  } else if (rows.length === 0) {
    const copy = view ? EMPTY_COPY[view.id] : undefined;
    body = (
      <div className="p-4">
        <EmptyState
          className="border-0 py-10"
          title={copy?.title ?? 'No conversations match these filters'}
          description={copy?.description ?? 'Change or clear a filter to see more.'}
          action={
            view ? undefined : (
              <Link
                to={{ search: filtersToParams(INBOX_VIEWS[2]!.filters).toString() }}
                className={buttonClasses()}
              >
                Show all active conversations
              </Link>
            )
          }
        />
      </div>
    );
  } else {
    body = (
      <div
        role="list"
        aria-label="Conversations"
        aria-busy={isFetchingNextPage}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualRows.map((item) => {
          const conversation = rows[item.index]!;
          return (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
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
      <div className="flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 border-b border-gray-200 px-4 py-1.5">
        {selectedRows.length > 0 ? (
          <>
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={allSelected}
              aria-label={allSelected ? 'Unselect all' : `Select all ${rows.length} loaded conversations`}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
            />
            <span className="shrink-0 text-sm font-medium whitespace-nowrap text-gray-800" role="status">
              {selectedRows.length} selected
            </span>
            <div role="group" aria-label="Bulk actions" className="ml-auto flex gap-1">
              <Button size="sm" variant="ghost" onPress={() => runBulk({ kind: 'take-over' })}>
                Take over
              </Button>
              <Button size="sm" variant="ghost" onPress={() => setAssignTarget(selectedRows)}>
                Assign…
              </Button>
              <Button size="sm" variant="ghost" onPress={() => runBulk({ kind: 'close' })}>
                Close
              </Button>
              <Button size="sm" variant="ghost" onPress={() => setSelected(new Set())}>
                Clear
              </Button>
            </div>
          </>
        ) : (
          <>
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={false}
              disabled={rows.length === 0}
              aria-label={`Select all ${rows.length} loaded conversations`}
              onChange={() => setSelected(new Set(rows.map((row) => row.id)))}
            />
            <span className="text-sm text-gray-600" aria-live="polite">
              {query.isPending
                ? 'Loading…'
                : query.isError && rows.length === 0
                  ? 'Not loaded'
                  : `${rows.length}${hasNextPage ? '+' : ''} conversation${rows.length === 1 ? '' : 's'}`}
            </span>
            {isFetchingNextPage ? (
              <Spinner label="Loading more conversations" className="ml-auto text-gray-400" />
            ) : null}
          </>
        )}
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {body}
        {query.isFetchNextPageError ? (
          <div className="p-4">
            <ErrorState
              error={query.error}
              onRetry={() => void fetchNextPage()}
              isRetrying={isFetchingNextPage}
            />
          </div>
        ) : null}
      </div>
      <RowActionsMenu
        open={rowMenu}
        myUserId={user.id}
        onClose={() => setRowMenu(null)}
        onCommand={onRowCommand}
      />
      <AssignDialog
        isOpen={assignTarget !== null}
        onOpenChange={(open) => !open && setAssignTarget(null)}
        subject={
          assignTarget?.length === 1
            ? `the conversation with ${shopperName(assignTarget[0]!)}`
            : `${assignTarget?.length ?? 0} conversations`
        }
        roster={roster}
        myUserId={user.id}
        initialAssignee={assignTarget?.length === 1 ? assignTarget[0]!.assigned_to : null}
        onAssign={(userId) => {
          const targets = assignTarget ?? [];
          if (targets.length === 1) act(targets[0]!, { kind: 'assign', assignee: userId });
          else runBulk({ kind: 'assign', assignee: userId }, targets);
        }}
      />
      <BulkResultsDialog
        run={bulk.run}
        onDismiss={bulk.dismiss}
        onRetryFailed={() =>
          bulk.retryFailed((succeeded) =>
            setSelected((current) => new Set([...current].filter((id) => !succeeded.includes(id)))),
          )
        }
      />
    </>
  );
}
