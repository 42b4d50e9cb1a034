import { useQuery } from '@tanstack/react-query';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { SECTION_STATUSES, type SectionStatus } from '../../../domain/banlist/statuses.ts';
import { api } from '../../lib/api.ts';

export const banlistKeys = {
  all: ['banlists'] as const,
  dates: () => [...banlistKeys.all, 'dates'] as const,
  entries: (date: string) => [...banlistKeys.all, 'entries', date] as const,
};

/** Banlist dates, newest first (the server's order). */
export function useBanlistDates() {
  return useQuery({
    queryKey: banlistKeys.dates(),
    queryFn: ({ signal }) => api.get<string[]>('/banlists/dates', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Entries of one banlist; idle until a date is known. */
export function useBanlistEntries(date: string | undefined) {
  return useQuery({
    queryKey: banlistKeys.entries(date ?? ''),
    queryFn: ({ signal }) => api.get<BanlistEntry[]>(`/banlists/${encodeURIComponent(date ?? '')}`, { signal }),
    enabled: !!date,
    staleTime: 5 * 60_000,
  });
}

/** How many entries each section holds; NONE entries are in no section. */
export function countByStatus(entries: readonly Pick<BanlistEntry, 'formatStatus'>[]): Record<SectionStatus, number> {
  const counts = Object.fromEntries(SECTION_STATUSES.map((s) => [s, 0])) as Record<SectionStatus, number>;
  for (const e of entries) {
    if (e.formatStatus !== 'NONE') counts[e.formatStatus] += 1;
  }
  return counts;
}
