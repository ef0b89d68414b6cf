import { useCallback, useEffect, useRef } from 'react';

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
  useEffect(() => {
    if (openConversationId === null || isSideBySide()) return;
    focusHeadingFor.current = openConversationId;
  }, [openConversationId]);
  useEffect(() => {
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
