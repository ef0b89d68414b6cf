import { lazy, Suspense, type ComponentProps } from 'react';
import type { ModalDialog } from './modal-dialog';
import { useOpenedOnce } from './use-opened-once';

const loadModalDialog = () => import('./modal-dialog');
const ModalDialogChunk = lazy(() => loadModalDialog().then((module) => ({ default: module.ModalDialog })));

/** Starts loading the dialog's code early (on hover or focus of what opens it): opening is then instant. */
export function preloadModalDialog() {
  void loadModalDialog();
}

/**
 * ModalDialog with its code (react-aria) loaded the first time it opens, not with the screen: a screen
 * shows a confirmation rarely, and the first paint should not pay for it. Same props, same behaviour
 * once loaded (focus moves in, and back to the trigger on close).
 */
export function LazyModalDialog(props: ComponentProps<typeof ModalDialog>) {
  const opened = useOpenedOnce(props.isOpen);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialogChunk {...props} />
    </Suspense>
  );
}
