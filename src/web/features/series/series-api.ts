import { useQuery } from '@tanstack/react-query';
import type { SeriesSummary } from '../../../domain/api/series.ts';
import { api } from '../../lib/api.ts';

export const seriesKeys = {
  all: ['series'] as const,
  summaries: () => [...seriesKeys.all, 'summaries'] as const,
};

export function useSeriesSummaries() {
  return useQuery({
    queryKey: seriesKeys.summaries(),
    queryFn: ({ signal }) => api.get<SeriesSummary[]>('/series/summaries', { signal }),
    staleTime: 60_000,
  });
}
