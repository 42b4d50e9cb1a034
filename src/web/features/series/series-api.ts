import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeagueSummary } from '../../../domain/api/leagues.ts';
import type { Series, SeriesInput, SeriesSummary } from '../../../domain/api/series.ts';
import { api } from '../../lib/api.ts';
import { upload, type UploadProgress } from '../../lib/transfer.ts';

export const seriesKeys = {
  all: ['series'] as const,
  summaries: () => [...seriesKeys.all, 'summaries'] as const,
  detail: (id: string) => [...seriesKeys.all, 'detail', id] as const,
};

export function useSeriesSummaries() {
  return useQuery({
    queryKey: seriesKeys.summaries(),
    queryFn: ({ signal }) => api.get<SeriesSummary[]>('/series/summaries', { signal }),
    staleTime: 60_000,
  });
}

/** One series; idle without an id. */
export function useSeries(id: string | undefined) {
  return useQuery({
    queryKey: seriesKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Series>(`/series/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
  });
}

/**
 * The series' leagues (GET /api/leagues?seriesId=), for its page. Read here, not through the leagues
 * feature, which imports this one (its form picks a series): features import each other in no circle.
 */
export function useSeriesLeagues(id: string) {
  return useQuery({
    queryKey: [...seriesKeys.detail(id), 'leagues'],
    queryFn: ({ signal }) => api.get<LeagueSummary[]>(`/leagues?seriesId=${encodeURIComponent(id)}`, { signal }),
    enabled: !!id,
  });
}

export const SERIES_ID_REQUIRED = 'Series id required for update';

export interface SaveSeries {
  /** present for an update */
  id?: string;
  body: SeriesInput;
  /** a new picture: the save goes as multipart (dto + image) */
  picture?: File;
  onProgress?: (p: UploadProgress) => void;
}

/** POST/PUT as JSON, or PUT .../upload as multipart when a picture file comes along (spec 2 §7). */
export function saveSeries({ id, body, picture, onProgress }: SaveSeries, mode: 'create' | 'update'): Promise<Series> {
  if (mode === 'update' && !id) return Promise.reject(new Error(SERIES_ID_REQUIRED));
  if (picture) {
    const form = new FormData();
    form.append('dto', new Blob([JSON.stringify(body)], { type: 'application/json' }));
    form.append('image', picture);
    const path = mode === 'update' ? `/series/${encodeURIComponent(id!)}/upload` : '/series/upload';
    return upload<Series>('PUT', path, form, { onProgress });
  }
  return mode === 'update' ? api.put<Series>(`/series/${encodeURIComponent(id!)}`, body) : api.post<Series>('/series', body);
}

export function useSaveSeries(mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSeries) => saveSeries(input, mode),
    onSuccess: (saved) => {
      queryClient.setQueryData(seriesKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: seriesKeys.summaries() });
    },
  });
}

export function useDeleteSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, discordId }: { id: string; discordId: string }) =>
      api.delete<void>(`/series/${encodeURIComponent(id)}?discordId=${encodeURIComponent(discordId)}`),
    onSuccess: (_r, { id }) => {
      queryClient.removeQueries({ queryKey: seriesKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: seriesKeys.summaries() });
    },
  });
}

/** The .lflist.conf text of a banlist date (the banlist feature's endpoint). */
export function fetchBanlistText(date: string): Promise<string> {
  return api.get<string>(`/banlists/${encodeURIComponent(date)}/lflist`, { headers: { Accept: 'text/plain' } });
}
