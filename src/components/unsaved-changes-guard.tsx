import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useEventListener } from '@/lib/use-event-listener';
import { Button } from './button';
import { LazyModalDialog } from './lazy-modal-dialog';

/**
 * Asks before leaving a page with unsaved changes: an in-app navigation to another page waits for
 * the person's answer in a dialog (react-router's blocker), and closing or reloading the tab gets the
 * browser's own prompt (beforeunload). Changes of search or hash on the same page pass.
 */
export function UnsavedChangesGuard({
  when,
  title = 'Leave without saving?',
  description,
  stayLabel = 'Keep editing',
  leaveLabel = 'Leave page',
}: {
  when: boolean;
  title?: string;
  description: ReactNode;
  stayLabel?: string;
  leaveLabel?: string;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEventListener(when ? window : null, 'beforeunload', (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });

  // Saved or discarded while the question was open: nothing to ask any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <LazyModalDialog
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(isOpen) => {
        if (!isOpen && blocker.state === 'blocked') blocker.reset();
      }}
      role="alertdialog"
      title={title}
    >
      <div className="text-[15px] text-gray-600">{description}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onPress={() => blocker.proceed?.()}>{leaveLabel}</Button>
        <Button variant="primary" autoFocus onPress={() => blocker.reset?.()}>
          {stayLabel}
        </Button>
      </div>
    </LazyModalDialog>
  );
}
