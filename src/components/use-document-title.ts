import { useEffect } from 'react';

export const APP_TITLE = 'Sales assistant';

/** Sets the tab title to "<page> · Sales assistant" while the calling view is shown. */
export function useDocumentTitle(page: string | null) {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_TITLE}` : APP_TITLE;
  }, [page]);
}
