import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import { useCurrentSession } from '@/lib/session-context';
import { useSignOut } from '../use-sign-out';
import type { UserMenuAction } from './user-menu-popover';

// The menu and the confirmation are react-aria: fetched on first use (or when the pointer or the
// keyboard reaches the trigger), so no screen's first load carries that library.
const loadPopover = () => import('./user-menu-popover');
const UserMenuPopover = lazy(() => loadPopover().then((m) => ({ default: m.UserMenuPopover })));
const [SignOutEverywhereDialog] = lazyWhenOpen(
  () => import('./sign-out-everywhere-dialog').then((m) => m.SignOutEverywhereDialog),
  { isOpen: (props) => props.isOpen, close: (props) => props.onClose() },
);

const roleLabels = { owner: 'Owner', staff: 'Staff' } as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((part) => Array.from(part)[0]!.toUpperCase()).join('') || '?';
}

/**
 * The signed-in user's name and role, with a menu to sign out, and to sign out everywhere after a
 * confirmation. The trigger is a native button (a click, Enter, Space or ArrowDown open the menu on its first
 * item, ArrowUp on its last); closing the menu returns focus to it. `onSignOutRequest` replaces the
 * immediate sign-out (to ask about unsent replies first).
 */
export function UserMenu({ onSignOutRequest }: { onSignOutRequest?: () => void }) {
  const { user } = useCurrentSession();
  const { signOut, isPending } = useSignOut();
  const navigate = useNavigate();
  const role = roleLabels[user.role];
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const triggerId = useId();
  const [openOn, setOpenOn] = useState<'first' | 'last' | null>(null);
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);

  // Closing returns focus to the trigger once the menu is gone (while it is open the rest of the page is
  // hidden from focus), and only then runs what was chosen: a dialog it opens then returns focus there too.
  const closing = useRef<{ then?: () => void } | null>(null);
  const close = (then?: () => void) => {
    closing.current = { then: then ?? closing.current?.then };
    setOpenOn(null);
  };
  useEffect(() => {
    if (openOn !== null || !closing.current) return;
    const { then } = closing.current;
    closing.current = null;
    triggerRef.current?.focus();
    then?.();
  }, [openOn]);
  const onAction = (action: UserMenuAction) =>
    close(() => {
      if (action === 'account') void navigate('/account');
      if (action === 'sign-out') (onSignOutRequest ?? signOut)();
      if (action === 'sign-out-everywhere') {
        setConfirmingEverywhere(true);
      }
    });
  // Keys open the menu here rather than through the click they would cause: react-aria then knows the
  // keyboard is in use and focuses the first (or last) item, not the menu as a whole.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const focus = { ArrowDown: 'first', Enter: 'first', ' ': 'first', ArrowUp: 'last' } as const;
    const strategy = focus[event.key as keyof typeof focus];
    if (!strategy) return;
    event.preventDefault();
    if (!isPending) setOpenOn(strategy);
  };

  return (
    <>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={openOn !== null}
        aria-controls={openOn !== null ? menuId : undefined}
        aria-disabled={isPending || undefined}
        data-pending={isPending || undefined}
        onClick={() => {
          if (!isPending) setOpenOn((open) => (open ? null : 'first'));
        }}
        onKeyDown={onKeyDown}
        // Space would click on release (and close what its press opened).
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        className="flex items-center gap-3 rounded-md px-2 py-1.5 text-left outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-indigo-500 active:bg-gray-100 aria-expanded:bg-gray-100 data-[pending]:cursor-wait"
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
      </button>
      {openOn !== null ? (
        <Suspense fallback={null}>
          <UserMenuPopover
            triggerRef={triggerRef}
            menuId={menuId}
            triggerId={triggerId}
            autoFocus={openOn}
            user={user}
            roleLabel={role}
            onClose={() => close()}
            onAction={onAction}
          />
        </Suspense>
      ) : null}
      <SignOutEverywhereDialog isOpen={confirmingEverywhere} onClose={() => setConfirmingEverywhere(false)} />
    </>
  );
}
