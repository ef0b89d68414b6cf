import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * When the bar leaves with the focus on one of its buttons (Save pressed and the changes saved), the
 * focus goes to the form the bar belongs to, where the person was working, rather than to the page's body.
 */
function useFocusKeptOnLeaving() {
  const ref = useRef<HTMLDivElement>(null);
  // A layout effect: its cleanup runs while the bar, and the focus, are still in the document.
  useLayoutEffect(() => {
    const bar = ref.current;
    return () => {
      const form = bar?.closest('form');
      if (!form || !bar?.contains(document.activeElement)) return;
      if (!form.hasAttribute('tabindex')) form.tabIndex = -1;
      form.focus({ preventScroll: true });
    };
  }, []);
  return ref;
}

/**
 * The contextual save bar of a form with unsaved changes: stuck to the bottom of the screen while the
 * form scrolls, with Discard and Save. Place it last inside the <form>: Save submits it.
 */
export function UnsavedChangesBar({
  message = 'Unsaved changes',
  detail,
  onDiscard,
  isSaving,
  canSave = true,
  saveLabel = 'Save',
  discardLabel = 'Discard',
}: {
  message?: ReactNode;
  detail?: ReactNode;
  onDiscard: () => void;
  isSaving?: boolean;
  /** false: only Discard is offered (e.g. the changes cannot be saved by this user). */
  canSave?: boolean;
  saveLabel?: string;
  discardLabel?: string;
}) {
  const ref = useFocusKeptOnLeaving();
  return (
    <div
      ref={ref}
      role="region"
      aria-label="Unsaved changes"
      className="sticky bottom-0 z-20 -mx-4 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgba(0,0,0,0.12)] backdrop-blur sm:mx-0 sm:rounded-t-lg sm:border-x sm:px-5"
    >
      <div className="flex items-center justify-between gap-3 sm:gap-4">
        <div className="min-w-0 text-[15px]">
          <p className="font-medium text-gray-900">{message}</p>
          {/* On phones the bar stays one row: the detail is extra, never the only place something is said. */}
          {detail ? <div className="hidden text-sm text-gray-600 sm:block">{detail}</div> : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button onPress={onDiscard} isDisabled={isSaving}>
            {discardLabel}
          </Button>
          {canSave ? (
            <Button type="submit" variant="primary" isPending={isSaving}>
              {saveLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
