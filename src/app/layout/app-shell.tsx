import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Badge } from '@/components/badge';
import { cx } from '@/components/cx';
import { LoadingState } from '@/components/spinner';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useUnsentReplies } from '@/features/transcript/outbox';
import { useReportActivity } from '@/lib/report-activity';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import { NAV_ICONS, NavIcon } from './nav-icons';
import { RouteErrorBoundary } from './route-error-boundary';

// A react-aria dialog: fetched when first needed, not with the shell (first-load budget).
const UnsentRepliesDialog = lazy(() =>
  import('@/features/auth/components/unsent-replies-dialog').then((m) => ({
    default: m.UnsentRepliesDialog,
  })),
);

/** Screens the main navigation links to (their code is fetched early, see `preloadScreen`). */
type NavScreen = 'inbox' | 'assistant' | 'knowledge' | 'saved-replies' | 'integrations' | 'reports' | 'team';

/** A link of the main navigation; its address is `/` and the screen's name. */
type NavItem = {
  /** The screen's code, fetched when the pointer rests on or the keyboard reaches its link. */
  screen: NavScreen;
  label: string;
  /** What staff get: no link (owners' screens), or a read-only one. */
  staff?: 'hidden' | 'read-only';
};

const NAV_ITEMS: NavItem[] = [
  { screen: 'inbox', label: 'Inbox' },
  { screen: 'assistant', label: 'Assistant', staff: 'read-only' },
  { screen: 'knowledge', label: 'Knowledge', staff: 'read-only' },
  { screen: 'saved-replies', label: 'Saved replies', staff: 'read-only' },
  { screen: 'integrations', label: 'Integrations', staff: 'hidden' },
  { screen: 'reports', label: 'Reports', staff: 'hidden' },
  { screen: 'team', label: 'Team', staff: 'hidden' },
];

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'group flex items-center gap-3 rounded-md px-3 py-2 text-[15px] font-medium outline-none transition-colors',
    'focus-visible:ring-2 focus-visible:ring-indigo-500',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  );

/**
 * Arriving at a screen (after sign-in, or from the navigation) with focus on nothing, focus goes to the
 * screen's h1 once it renders (screens load on demand), so a keyboard or screen-reader user starts there
 * rather than at the top of the document. Focus the person already moved is left alone.
 */
function useFocusOnArrival(section: string) {
  useEffect(() => {
    const main = document.getElementById('main-content');
    if (!main) return;
    const focusHeading = () => {
      const active = document.activeElement;
      if (active !== null && active !== document.body && !active.closest('nav')) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [section]);
}

/**
 * The signed-in frame: a top bar (brand, user menu), the main navigation (a sidebar from tablet width up,
 * a collapsible panel on phones), a skip link, and the current screen inside its own error boundary.
 * `preloadScreen` comes from the router: the shell is itself loaded on demand through the router's module
 * map, so importing that map here would close a circle.
 */
export function AppShell({ preloadScreen }: { preloadScreen: (screen: NavScreen) => void }) {
  const { user } = useCurrentSession();
  // Sign-out clears this browser's drafts and outbox: unsent replies are named first.
  const unsent = useUnsentReplies(user.id);
  const [askingAboutUnsent, setAskingAboutUnsent] = useState(false);
  // From its first opening on the dialog stays mounted: the sign-out it starts must still finish.
  const [unsentDialogLoaded, setUnsentDialogLoaded] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const isOwner = canManageStore(user.role);
  const items = NAV_ITEMS.filter((item) => isOwner || item.staff !== 'hidden');
  const section = useLocation().pathname.split('/')[1] ?? '';
  useFocusOnArrival(section);
  useReportActivity();
  // The inbox is a work surface (list, transcript, context side by side): it takes the whole width and
  // a thinner frame. Other screens keep a readable line length.
  const isWorkSurface = section === 'inbox';

  return (
    <div className="min-h-dvh bg-gray-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-2 focus:ring-indigo-500"
      >
        Skip to main content
      </a>
      {/* Not sticky on short windows (zoomed in): it would take a third of the height. */}
      <header className="sticky top-0 z-30 flex h-14 [@media(max-height:32rem)]:static items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur sm:px-6">
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-gray-600 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden"
          aria-expanded={navOpen}
          aria-controls="main-nav"
          onClick={() => setNavOpen((open) => !open)}
        >
          <NavIcon path={navOpen ? NAV_ICONS.close : NAV_ICONS.menu} />
          <span className="sr-only">{navOpen ? 'Close navigation' : 'Open navigation'}</span>
        </button>
        <Link
          to="/inbox"
          className="flex items-center gap-2.5 rounded-md px-1 py-1 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-semibold text-white"
          >
            S
          </span>
          <span className="text-[15px] font-semibold text-gray-900">Sales assistant</span>
        </Link>
        <div className="ml-auto">
          <UserMenu
            onSignOutRequest={
              unsent[0]
                ? () => {
                    setUnsentDialogLoaded(true);
                    setAskingAboutUnsent(true);
                  }
                : undefined
            }
          />
          {unsentDialogLoaded ? (
            <Suspense fallback={null}>
              <UnsentRepliesDialog
                unsent={{
                  count: unsent.length,
                  reviewPath: unsent[0] ? `/inbox/${encodeURIComponent(unsent[0].conversationId)}` : '/inbox',
                }}
                isOpen={askingAboutUnsent}
                onClose={() => setAskingAboutUnsent(false)}
              />
            </Suspense>
          ) : null}
        </div>
      </header>
      {/* On narrow screens, the room a toast shows in under the top bar (see Toaster): the page moves down
          rather than a toast covering it. */}
      <div
        aria-hidden="true"
        className="sticky top-14 z-30 h-(--toast-room) bg-gray-50 md:hidden [@media(max-height:32rem)]:static"
      />
      <div className="md:flex">
        <nav
          id="main-nav"
          aria-label="Main"
          className={cx(
            navOpen ? 'block' : 'hidden',
            'border-b border-gray-200 bg-white px-3 py-3 md:sticky md:top-14 md:block md:h-[calc(100dvh-3.5rem)] md:w-60 md:shrink-0 md:border-r md:border-b-0 md:px-4 md:py-6',
          )}
        >
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.screen}>
                <NavLink
                  to={`/${item.screen}`}
                  className={navLinkClasses}
                  onClick={() => setNavOpen(false)}
                  onPointerEnter={() => preloadScreen(item.screen)}
                  onFocus={() => preloadScreen(item.screen)}
                >
                  <span className="text-gray-400 group-aria-[current=page]:text-indigo-600">
                    <NavIcon path={NAV_ICONS[item.screen]} />
                  </span>
                  <span>{item.label}</span>
                  {item.staff && !isOwner ? <Badge className="ml-auto">Read-only</Badge> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main
          id="main-content"
          tabIndex={-1}
          className={cx('min-w-0 flex-1 px-4 outline-none sm:px-6', isWorkSurface ? 'py-3' : 'py-8 lg:px-10')}
        >
          <div className={cx(!isWorkSurface && 'mx-auto max-w-5xl')}>
            <RouteErrorBoundary>
              <Suspense fallback={<LoadingState label="Loading the screen…" />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
