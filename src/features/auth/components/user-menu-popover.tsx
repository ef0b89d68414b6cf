import type { RefObject } from 'react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import { Badge } from '@/components/badge';
import type { SessionUser } from '@/schemas/bff';

export type UserMenuAction = 'sign-out' | 'sign-out-everywhere';

const itemClasses =
  'cursor-default rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100';

/**
 * The open part of the user menu, loaded when it first opens (react-aria: arrow keys, Home/End, typeahead,
 * Escape or a click outside closes it). The trigger, a native button, stays in the shell.
 */
export function UserMenuPopover({
  triggerRef,
  menuId,
  triggerId,
  autoFocus,
  user,
  roleLabel,
  onClose,
  onAction,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuId: string;
  /** The popover is a modal dialog named by its trigger (as react-aria's MenuTrigger does). */
  triggerId: string;
  autoFocus: 'first' | 'last';
  user: SessionUser;
  roleLabel: string;
  onClose: () => void;
  onAction: (action: UserMenuAction) => void;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      aria-labelledby={triggerId}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      placement="bottom end"
      offset={6}
      className="w-64 rounded-lg bg-white shadow-lg ring-1 ring-gray-900/10 outline-none"
    >
      <div className="border-b border-gray-100 px-4 py-3">
        <p className="truncate text-sm font-medium text-gray-900">{user.name}</p>
        <p className="truncate text-sm text-gray-500">{user.email}</p>
        <Badge tone={user.role === 'owner' ? 'accent' : 'neutral'} className="mt-2">
          {roleLabel}
        </Badge>
      </div>
      <Menu
        id={menuId}
        aria-label="Account"
        autoFocus={autoFocus}
        className="p-1 outline-none"
        onAction={(key) => onAction(key as UserMenuAction)}
      >
        <MenuItem id="sign-out" className={itemClasses}>
          Sign out
        </MenuItem>
        <MenuItem id="sign-out-everywhere" className={itemClasses}>
          Sign out everywhere
        </MenuItem>
      </Menu>
    </Popover>
  );
}
