import { useEffect, useRef, type CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import 'sonner/dist/styles.css';
import { useMediaQuery } from '@/lib/use-media-query';

/** Tailwind's md: from there up the signed-in shell's navigation is a sidebar (app-shell.tsx). */
const SIDEBAR = '(min-width: 48rem)';

/** The space kept above and below a toast in the room it takes under the top bar. */
const ROOM_MARGIN = 8;

/**
 * On narrow screens the toast takes room of its own under the top bar: `--toast-room` on the document
 * is the height of the front toast and its margins while one shows (0 otherwise), and the shell keeps
 * that much space (app-shell.tsx), so the page moves down rather than a control being covered. One toast
 * shows at a time there, so the front one is all the room needs. sonner sets its height on its list.
 */
function useToastRoom(isNarrow: boolean) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = container.current;
    if (!isNarrow || element === null) return;
    const measure = () => {
      const list = element.querySelector<HTMLElement>('[data-sonner-toaster]');
      const front = list ? Number.parseFloat(list.style.getPropertyValue('--front-toast-height')) : 0;
      const hasToast = element.querySelector('[data-sonner-toast]') !== null;
      root.style.setProperty('--toast-room', hasToast && front > 0 ? `${front + 2 * ROOM_MARGIN}px` : '0px');
    };
    const observer = new MutationObserver(measure);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['style'],
    });
    measure();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-room');
    };
  }, [isNarrow]);
  return container;
}

/**
 * The app's toast region (sonner), styled to match the rest of the app, placed where it covers no
 * control: a toast the pointer rests on stays, so over a button it would block it (the save bar's Save,
 * the inbox's Send, a dialog's buttons). From md up it fills the empty foot of the sidebar, below the nav
 * links (its width, 15rem, less 1rem on each side). On narrower screens it hangs below the top bar
 * (3.5rem) across the width, in room the shell makes for it (useToastRoom).
 */
export function Toaster() {
  const besideNav = useMediaQuery(SIDEBAR);
  const room = useToastRoom(!besideNav);
  const underTopBar = { top: `calc(3.5rem + ${ROOM_MARGIN}px)`, left: '1rem', right: '1rem' };
  return (
    <div ref={room} className="contents">
      <SonnerToaster
        position={besideNav ? 'bottom-left' : 'top-center'}
        offset={besideNav ? '1rem' : underTopBar}
        mobileOffset={underTopBar}
        visibleToasts={besideNav ? 3 : 1}
        style={besideNav ? ({ '--width': '13rem' } as CSSProperties) : undefined}
        closeButton
        toastOptions={{
          classNames: {
            toast: 'font-sans text-sm shadow-lg ring-1 ring-gray-200',
            title: 'font-medium text-gray-900',
            description: 'text-gray-600',
          },
        }}
      />
    </div>
  );
}
