import { useEffect } from 'react';

export const SITE_NAME = 'Format Hub';

/** Sets the tab title to "{page} · Format Hub" (the site name alone without a page). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${SITE_NAME}` : SITE_NAME;
  }, [page]);
}
