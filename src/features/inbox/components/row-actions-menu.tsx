import { lazyWhenOpen } from '@/components/lazy-when-open';
import { useEscapeCloses } from './use-escape-closes';
import type { RowActionsMenuProps } from './row-menu-entries';

export type { OpenRowMenu, RowCommand } from './row-menu-entries';

/** While the menu's chunk arrives (the trigger already says expanded): Escape still closes it. */
function PendingMenu({ open, onClose }: RowActionsMenuProps) {
  useEscapeCloses(open !== null, onClose);
  return null;
}

/**
 * The one actions menu of the list, anchored to the row whose "…" button opened it (see
 * RowActionsPopover). Its react-aria part is fetched at the first opening, or before on pointerenter or
 * focus of a row's "…" button (prefetchRowActionsMenu).
 */
export const [RowActionsMenu, prefetchRowActionsMenu] = lazyWhenOpen<RowActionsMenuProps>(
  () => import('./row-actions-popover').then((module) => module.RowActionsPopover),
  { isOpen: ({ open }) => open !== null, close: ({ onClose }) => onClose(), pending: PendingMenu },
);
