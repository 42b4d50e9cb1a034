// The format's meta and a card's footprint (issue 20): one query key factory, typed by the server's schemas.
import { useQuery } from '@tanstack/react-query';
import type { CardFootprint, MetaBody, MetaKind } from '../../../domain/api/records.ts';
import { FOOTPRINT_DAYS_DEFAULT } from '../../../domain/api/records.ts';
import { api } from '../../lib/api.ts';

/** The filters of /meta, as the URL and GET /api/meta take them (absent: all, but the banlist: the current list's events). */
export interface MetaFilters {
  /** a list's name, or 'all' (ALL_BANLISTS) for every event */
  banlist?: string;
  series?: string;
  from?: string;
  to?: string;
  /** events only or leagues only (absent: both) */
  kind?: MetaKind;
}
export const FILTER_NAMES = ['banlist', 'series', 'from', 'to', 'kind'] as const;

export const metaKeys = {
  all: ['meta'] as const,
  meta: (f: MetaFilters) => [...metaKeys.all, 'format', f.banlist ?? '', f.series ?? '', f.from ?? '', f.to ?? '', f.kind ?? ''] as const,
  footprint: (passcode: number, days: number) => [...metaKeys.all, 'footprint', passcode, days] as const,
};

/** The query string of these filters ('' when none), in a fixed order so equal filters share a URL. */
export function filtersQuery(f: MetaFilters): string {
  const q = new URLSearchParams();
  for (const k of FILTER_NAMES) if (f[k]) q.set(k, f[k]);
  const s = q.toString();
  return s ? `?${s}` : '';
}


export function useMeta(f: MetaFilters) {
  return useQuery({
    queryKey: metaKeys.meta(f),
    queryFn: ({ signal }) => api.get<MetaBody>(`/meta${filtersQuery(f)}`, { signal }),
    staleTime: 60_000,
    // the figures of the previous filters stay (dimmed) while the new ones load: no jump to a spinner
    placeholderData: (previous) => previous,
  });
}

/** A card's footprint, fetched only once `enabled` (the row is on screen): a board of 100 cards never asks 100 at once. */
export function useCardFootprint(passcode: number, enabled: boolean, days = FOOTPRINT_DAYS_DEFAULT) {
  return useQuery({
    queryKey: metaKeys.footprint(passcode, days),
    queryFn: ({ signal }) => api.get<CardFootprint>(`/meta/cards/${passcode}?days=${days}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
