import type { toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;

/** Runs `show` with sonner's toast once sonner is loaded (the Toaster shows it once mounted, see src/app/provider.tsx). */
function withSonner(show: (toast: SonnerToast) => unknown): void {
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
