import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Conversation } from '@/schemas/conversation';
import { ROW_HEIGHT } from './conversation-row';

/**
 * The list's rows, virtualized (a few dozen in the DOM however long the list), with a keyboard cursor
 * (roving tab stop) whose row always stays rendered so focus is never lost.
 */
export function useListCursor(
  rows: readonly Conversation[],
  scrollRef: RefObject<HTMLDivElement | null>,
  openConversationId: string | null,
) {
  // The cursor follows its conversation when rows move; if that row leaves the list, the cursor stays at
  // the same position, on the row that took its place.
  const [cursor, setCursor] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const cursorIndex = useMemo(() => {
    const byId = cursor.id === null ? -1 : rows.findIndex((row) => row.id === cursor.id);
    if (byId !== -1) return byId;
    return rows.length === 0 ? -1 : Math.min(cursor.index, rows.length - 1);
  }, [cursor, rows]);
  const cursorRow = cursorIndex === -1 ? undefined : rows[cursorIndex];

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
  // The virtualizer's functions read live measurements; the compiler leaves this hook unmemoized.
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

  // The rows changed: the cursor stays on a listed row.
  const cursorRowId = cursorRow?.id;
  const cursorFor = useRef<string | null>(null);
  useEffect(() => {
    // When the focused row leaves the list (closed, reassigned), focus moves to the row that took its
    // place instead of falling to the page.
    if (cursorRowId !== undefined && cursor.id !== null && cursor.id !== cursorRowId) {
      const focusFell = document.activeElement === null || document.activeElement === document.body;
      setCursor({ id: cursorRowId, index: cursorIndex });
      if (focusFell) focusRow(cursorIndex);
    }

    // The open conversation is the current one (opened by its address, a reload, a toast, a click or a
    // key): the cursor moves to its row once it is listed, without taking focus.
    if (openConversationId === null) cursorFor.current = null;
    if (openConversationId === null || cursorFor.current === openConversationId) return;
    const index = rows.findIndex((row) => row.id === openConversationId);
    if (index === -1) return;
    cursorFor.current = openConversationId;
    setCursor({ id: openConversationId, index });
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [cursorRowId, cursor.id, cursorIndex, focusRow, openConversationId, rows, virtualizer]);

  // Stable (rows pass their own id), so a new page or a live change re-renders only the rows it touches.
  const onFocusRow = useCallback(
    (index: number, id: string) =>
      setCursor((current) => (current.index === index && current.id === id ? current : { id, index })),
    [],
  );

  // Read here, where the compiler leaves the live virtualizer alone, rather than memoized by a caller.
  return {
    virtualRows: virtualizer.getVirtualItems(),
    totalSize: virtualizer.getTotalSize(),
    cursorIndex,
    cursorRow,
    moveCursor,
    onFocusRow,
  };
}
