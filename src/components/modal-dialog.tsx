import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * A centred modal dialog (react-aria: focus trapped inside, focus restored on close, the rest of the page
 * hidden from assistive technology but left mounted, so nothing on it is lost).
 */
export function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  role = 'dialog',
  isDismissable = true,
}: {
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** false: neither a click outside nor Escape closes it; the dialog's own buttons must. */
  isDismissable?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="fixed inset-0 z-50 flex justify-center overflow-y-auto bg-gray-900/40 p-4 backdrop-blur-[2px]"
    >
      {/* Auto margins, not centring by the overlay: a dialog taller than the screen scrolls from its top. */}
      <Modal className="mt-auto w-full max-w-md rounded-xl bg-white shadow-xl ring-1 ring-gray-900/5 sm:mb-auto">
        <Dialog role={role} className="p-6 outline-none sm:p-7">
          <Heading slot="title" className="text-lg font-semibold text-gray-900">
            {title}
          </Heading>
          <div className="mt-2">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
