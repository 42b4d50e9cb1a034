import { useQuery } from '@tanstack/react-query';
import type { ListComparison } from '../../../domain/api/card-pages.ts';
import { api } from '../../lib/api.ts';

/** Two dated lists side by side (GET /banlists/compare): the comparison page's one read. */
export function useListComparison(from: string | undefined, to: string | undefined) {
  return useQuery({
    queryKey: ['banlists', 'compare', from, to],
    queryFn: ({ signal }) => api.get<ListComparison>(`/banlists/compare?from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}`, { signal }),
    enabled: !!from && !!to,
    staleTime: 5 * 60_000,
  });
}
