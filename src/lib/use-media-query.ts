import { useCallback, useSyncExternalStore } from 'react';

/** Without matchMedia (jsdom), nothing matches. */
const hasMedia = () => typeof window.matchMedia === 'function';

/** Whether the CSS media query `query` matches; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!hasMedia()) return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', notify);
      return () => media.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => hasMedia() && window.matchMedia(query).matches);
}
