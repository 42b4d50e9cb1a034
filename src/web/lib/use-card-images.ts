import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cardImageCache } from './card-image-cache.ts';

/**
 * Picture URLs of cards known by name (spec 1 §3): from the browser-local cache at once, the names it
 * lacks from the server in one call, remembered for the next visit. Names without a picture are absent.
 */
export function useCardImages(names: readonly string[]): ReadonlyMap<string, string> {
  const unique = useMemo(() => [...new Set(names)].sort(), [names]);
  const cached = useMemo(() => {
    const found = new Map<string, string>();
    for (const name of unique) {
      const url = cardImageCache.get(name);
      if (url) found.set(name, url);
    }
    return found;
  }, [unique]);
  const query = useQuery({
    queryKey: ['cards', 'images', unique],
    queryFn: () => cardImageCache.resolve(unique),
    enabled: unique.length > 0 && cached.size < unique.length,
    staleTime: Infinity,
  });
  return query.data ?? cached;
}
