import { useEventListener } from '@/lib/use-event-listener';

/**
 * For a menu's `pending` (see lazyWhenOpen): while its chunk arrives (its button already says expanded), Escape still
 * closes it.
 */
export function useEscapeCloses(isOpen: boolean, close: () => void): void {
  useEventListener(isOpen ? document : null, 'keydown', (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  });
}
