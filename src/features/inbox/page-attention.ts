import { useSyncExternalStore } from 'react';

/**
 * Whether the person has the dashboard in front of them: the tab is visible AND its window has focus.
 * A tab in the background, or a window behind another application, is not: that is when new handoffs
 * must reach them some other way (desktop notification, sound, the tab title).
 */
export function isInBackground(): boolean {
  if (typeof document === 'undefined') return false;
  return document.visibilityState === 'hidden' || !document.hasFocus();
}

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  window.addEventListener('focus', listener);
  window.addEventListener('blur', listener);
  return () => {
    document.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
    window.removeEventListener('blur', listener);
  };
}

export function useInBackground(): boolean {
  return useSyncExternalStore(subscribe, isInBackground, () => false);
}
