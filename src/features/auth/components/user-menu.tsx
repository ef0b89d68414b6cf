import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Badge } from '@/components/badge';
import { useCurrentSession } from '@/lib/session-context';
import { useState } from 'react';
import { useSignOut } from '../use-sign-out';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog';

const roleLabels = { owner: 'Owner', staff: 'Staff' } as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((part) => Array.from(part)[0]!.toUpperCase()).join('') || '?';
}

/**
 * The signed-in user's name and role, with a menu to sign out (react-aria Menu: arrow keys, Escape,
 * typeahead), and to sign out everywhere after a confirmation. `onSignOutRequest` replaces the immediate sign-out (to ask about unsent replies first).
 */
export function UserMenu({ onSignOutRequest }: { onSignOutRequest?: () => void }) {
  const { user } = useCurrentSession();
  const { signOut, isPending } = useSignOut();
  const role = roleLabels[user.role];
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);

  return (
    <>
      <MenuTrigger>
        <AriaButton
          isPending={isPending}
          className="flex items-center gap-3 rounded-md px-2 py-1.5 text-left outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-indigo-500 data-[pressed]:bg-gray-100"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
          >
            {initials(user.name)}
          </span>
          <span aria-hidden="true" className="hidden min-w-0 flex-col sm:flex">
            <span className="truncate text-sm font-medium text-gray-900">{user.name}</span>
            <span className="text-xs text-gray-500">{role}</span>
          </span>
          <span className="sr-only">
            {user.name}, {role}: account menu
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="hidden size-4 text-gray-400 sm:block"
          >
            <path
              fillRule="evenodd"
              d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </AriaButton>
        <Popover
          placement="bottom end"
          offset={6}
          className="w-64 rounded-lg bg-white shadow-lg ring-1 ring-gray-900/10 outline-none"
        >
          <div className="border-b border-gray-100 px-4 py-3">
            <p className="truncate text-sm font-medium text-gray-900">{user.name}</p>
            <p className="truncate text-sm text-gray-500">{user.email}</p>
            <Badge tone={user.role === 'owner' ? 'accent' : 'neutral'} className="mt-2">
              {role}
            </Badge>
          </div>
          <Menu
            aria-label="Account"
            className="p-1 outline-none"
            onAction={(key) => {
              if (key === 'sign-out') (onSignOutRequest ?? signOut)();
              if (key === 'sign-out-everywhere') setConfirmingEverywhere(true);
            }}
          >
            <MenuItem
              id="sign-out"
              className="cursor-default rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100"
            >
              Sign out
            </MenuItem>
            <MenuItem
              id="sign-out-everywhere"
              className="cursor-default rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100"
            >
              Sign out everywhere
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <SignOutEverywhereDialog isOpen={confirmingEverywhere} onClose={() => setConfirmingEverywhere(false)} />
    </>
  );
}
