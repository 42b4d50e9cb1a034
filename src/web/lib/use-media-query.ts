import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile layout: 768 px wide and below (same as the CSS `mobile:` variant). */
export const MOBILE_QUERY = '(width <= 768px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
