import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { ListHandle } from './conversation-list';

/** Whether the list and the open conversation are side by side (the `xl` breakpoint). */
export function isSideBySide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 80rem)').matches;
}

/**
 * Opening a conversation at phone width replaces the list, so focus goes to its heading; side by side
 * it stays in the list, ready for the next key. `setHeading` is the heading's ref.
 */
export function useOpenedHeadingFocus(openConversationId: string | null) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingFor = useRef<string | null>(null);
  // The conversation this page last saw opened (undefined: none yet, so the first one counts too).
  const seenOpen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (openConversationId !== seenOpen.current) {
      seenOpen.current = openConversationId;
      if (openConversationId !== null && !isSideBySide()) focusHeadingFor.current = openConversationId;
    }
    if (focusHeadingFor.current !== null && headingRef.current) {
      headingRef.current.focus();
      focusHeadingFor.current = null;
    }
  });
  // The heading usually mounts later, when the pane's own query resolves (no render of this page then).
  const setHeading = useCallback((node: HTMLHeadingElement | null) => {
    headingRef.current = node;
    if (node !== null && focusHeadingFor.current !== null) {
      node.focus();
      focusHeadingFor.current = null;
    }
  }, []);

  return { headingRef, setHeading };
}

/** Leaving the open conversation ("← All conversations", Back) brings focus back to its row, not the page. */
export function useReturnFocusToRow(
  openConversationId: string | null,
  listHandle: RefObject<ListHandle | null>,
): void {
  const previousOpen = useRef(openConversationId);
  const returnFocusTo = useRef<string | null>(null);
  useEffect(() => {
    if (previousOpen.current !== null && openConversationId === null)
      returnFocusTo.current = previousOpen.current;
    previousOpen.current = openConversationId;
    if (returnFocusTo.current === null) return;
    const active = document.activeElement;
    // The list may still be loading; the next render tries again, unless focus went somewhere meanwhile.
    if (
      (active !== null && active !== document.body) ||
      listHandle.current?.focusConversation(returnFocusTo.current)
    ) {
      returnFocusTo.current = null;
    }
  });
}
