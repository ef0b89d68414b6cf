import { useMemo } from 'react';
import { Menu, MenuItem, Popover, type Key } from 'react-aria-components';
import { shopperName } from '@/lib/conversation-labels';
import { MenuFocusOnItem } from './menu-focus';
import { menuEntries, type RowActionsMenuProps } from './row-menu-entries';

/**
 * The row actions menu itself (react-aria Menu: arrows, typeahead, Escape; the first item has focus on
 * opening, and focus returns to the row's "…" button). One menu instead of one per row keeps a row cheap
 * to mount while scrolling. Loaded on demand by RowActionsMenu.
 */
export function RowActionsPopover({ open, myUserId, exclude, onClose, onCommand }: RowActionsMenuProps) {
  const trigger = open?.trigger ?? null;
  const triggerRef = useMemo(() => ({ current: trigger }), [trigger]);
  const entries = open
    ? menuEntries(open.conversation, myUserId).filter((entry) => entry.id !== exclude)
    : [];
  const label = open ? `Actions for the conversation with ${shopperName(open.conversation)}` : 'Actions';
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={open !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      // The popover is a role=dialog around the menu: it needs the menu's name too (axe aria-dialog-name).
      aria-label={label}
      placement="bottom end"
      offset={4}
      className="w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-900/10 outline-none"
    >
      <MenuFocusOnItem>
        <Menu
          aria-label={label}
          autoFocus="first"
          className="outline-none"
          onClose={onClose}
          onAction={(key: Key) => {
            const entry = entries.find((candidate) => candidate.id === key);
            if (open && entry) onCommand(open.conversation, entry.command);
          }}
        >
          {entries.map((entry) => (
            <MenuItem
              key={entry.id}
              id={entry.id}
              className="cursor-default rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100"
            >
              {entry.label}
            </MenuItem>
          ))}
        </Menu>
      </MenuFocusOnItem>
    </Popover>
  );
}
