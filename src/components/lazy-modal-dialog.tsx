import type { ComponentProps } from 'react';
import { lazyWhenOpen } from './lazy-when-open';
import type { ModalDialog } from './modal-dialog';

/**
 * ModalDialog with its code (react-aria) loaded the first time it opens, not with the screen: a screen
 * shows a confirmation rarely, and the first paint should not pay for it. Same props, same behaviour
 * once loaded (focus moves in, and back to the trigger on close); a chunk that cannot be fetched says so.
 */
const [LazyModalDialog, prefetchModalDialog] = lazyWhenOpen<ComponentProps<typeof ModalDialog>>(
  () => import('./modal-dialog').then((module) => module.ModalDialog),
  { isOpen: (props) => props.isOpen, close: (props) => props.onOpenChange?.(false) },
);

/** Starts loading the dialog's code early (on hover or focus of what opens it): opening is then instant. */
export function preloadModalDialog() {
  prefetchModalDialog().catch(() => undefined);
}

export { LazyModalDialog };
