import type { toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;

let toasterWanted = false;
const toasterListeners = new Set<() => void>();

/**
 * Whether the Toaster should be on the page: from the first toast, or once the first screen has had
 * the browser to itself (src/app/provider.tsx). A toast raised before it mounts still shows: sonner
 * hands a new Toaster the toasts already raised.
 */
export const toasterState = {
  wanted: () => toasterWanted,
  want: (): void => {
    if (toasterWanted) return;
    toasterWanted = true;
    toasterListeners.forEach((listener) => listener());
  },
  subscribe: (listener: () => void): (() => void) => {
    toasterListeners.add(listener);
    return () => toasterListeners.delete(listener);
  },
};

/** Runs `show` with sonner's toast once sonner is loaded, and asks for the Toaster that shows it. */
function withSonner(show: (toast: SonnerToast) => unknown): void {
  toasterState.want();
  void import('sonner').then(({ toast }) => show(toast));
}

/**
 * sonner's `toast`, for the calls the app makes, without sonner in any screen's first download: the
 * Toaster (src/app/provider.tsx) loads it after the first screen, and a toast is never what a screen
 * waits for to be usable.
 */
export const toast = Object.assign((...args: Parameters<SonnerToast>) => withSonner((t) => t(...args)), {
  success: (...args: Parameters<SonnerToast['success']>) => withSonner((t) => t.success(...args)),
  error: (...args: Parameters<SonnerToast['error']>) => withSonner((t) => t.error(...args)),
  warning: (...args: Parameters<SonnerToast['warning']>) => withSonner((t) => t.warning(...args)),
});
