import { useEffect } from 'react';

/**
 * For a menu's `pending` (see lazyWhenOpen): while its chunk arrives (its button already says expanded), Escape still
 * closes it.
 */
export function useEscapeCloses(isOpen: boolean, close: () => void): void {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);
}
