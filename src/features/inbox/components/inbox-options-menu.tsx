import { useState } from 'react';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import { useEscapeCloses } from './use-escape-closes';
import type { InboxOptionsMenuProps } from './inbox-options-popover';
import { prefetchShortcutsSheet } from './lazy-dialogs';

/** While the menu's chunk arrives (the button already says expanded): Escape still closes it. */
function PendingMenu({ trigger, onClose }: InboxOptionsMenuProps) {
  useEscapeCloses(trigger !== null, onClose);
  return null;
}

const [InboxOptionsPopover, prefetchPopover] = lazyWhenOpen<InboxOptionsMenuProps>(
  () => import('./inbox-options-popover').then((module) => module.InboxOptionsPopover),
  { isOpen: ({ trigger }) => trigger !== null, close: ({ onClose }) => onClose(), pending: PendingMenu },
);

/** Its react-aria part and the shortcuts sheet are fetched as a pointer or focus reaches the button. */
const prefetch = () => {
  void prefetchPopover().catch(() => undefined);
  void prefetchShortcutsSheet().catch(() => undefined);
};

function GearIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      className="size-4"
    >
      <path d="M3.5 6h13M3.5 10h13M3.5 14h13" strokeLinecap="round" />
      <circle cx="7" cy="6" r="1.6" fill="white" />
      <circle cx="13" cy="10" r="1.6" fill="white" />
      <circle cx="9" cy="14" r="1.6" fill="white" />
    </svg>
  );
}

/**
 * The inbox's less-used controls (desktop alerts, alert sound, keyboard shortcuts) behind one button of
 * its toolbar, so the toolbar fits beside the views at desktop width and on a phone.
 */
export function InboxOptionsMenu(props: Omit<InboxOptionsMenuProps, 'trigger' | 'onClose'>) {
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={trigger !== null}
        aria-label="Inbox options"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => setTrigger(event.currentTarget)}
        className="flex size-8 items-center justify-center rounded-md text-gray-700 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-indigo-500 aria-expanded:bg-gray-200"
      >
        <GearIcon />
      </button>
      <InboxOptionsPopover {...props} trigger={trigger} onClose={() => setTrigger(null)} />
    </>
  );
}
