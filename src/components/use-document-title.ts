import { useLayoutEffect } from 'react';

export const APP_TITLE = 'Sales assistant';

/** Sets the tab title to "<page> · Sales assistant" while the calling view is shown. */
export function useDocumentTitle(page: string | null) {
  // Set in the same commit as the screen's content (screens arrive lazily), never a frame after it.
  useLayoutEffect(() => {
    document.title = page ? `${page} · ${APP_TITLE}` : APP_TITLE;
  }, [page]);
}
