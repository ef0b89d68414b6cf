import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import 'sonner/dist/styles.css';
import { useMediaQuery } from '@/lib/use-media-query';

/** Tailwind's md: from there up the signed-in shell's navigation is a sidebar (app-shell.tsx). */
const SIDEBAR = '(min-width: 48rem)';

/**
 * The app's toast region (sonner), styled to match the rest of the app, placed where no control of a
 * screen sits: a toast the pointer rests on stays, so over a button it would block it (the save bar's
 * Save, the inbox's Send, a dialog's buttons, all at the bottom or in the middle). From md up it fills
 * the empty foot of the sidebar, below the nav links (its width, 15rem, less 1rem on each side). On
 * narrower screens, where the save bar, the composer and the dialogs sit at the bottom, it hangs below
 * the top bar (3.5rem) across the width.
 */
export function Toaster() {
  const besideNav = useMediaQuery(SIDEBAR);
  return (
    <SonnerToaster
      position={besideNav ? 'bottom-left' : 'top-center'}
      offset={besideNav ? '1rem' : { top: '4rem' }}
      mobileOffset={{ top: '4rem', left: '1rem', right: '1rem' }}
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
  );
}
