import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { SECTION_STATUSES, type SectionStatus } from '../../../domain/banlists/statuses.ts';
import { api } from '../../lib/api.ts';
import { download } from '../../lib/transfer.ts';

export const banlistKeys = {
  all: ['banlists'] as const,
  dates: () => [...banlistKeys.all, 'dates'] as const,
  referenceDates: () => [...banlistKeys.all, 'reference-dates'] as const,
  entries: (date: string) => [...banlistKeys.all, 'entries', date] as const,
};

const datesQuery = () =>
  queryOptions({
    queryKey: banlistKeys.dates(),
    queryFn: ({ signal }) => api.get<string[]>('/banlists/dates', { signal }),
    staleTime: 5 * 60_000,
  });

const entriesQuery = (date: string) =>
  queryOptions({
    queryKey: banlistKeys.entries(date),
    queryFn: ({ signal }) => api.get<BanlistEntry[]>(`/banlists/${encodeURIComponent(date)}`, { signal }),
    staleTime: 5 * 60_000,
  });

/** Banlist dates, newest first (the server's order). */
export function useBanlistDates() {
  return useQuery(datesQuery());
}

/** Dates of the Advanced reference lists, newest first (for the import form's warning). */
export function useReferenceDates(enabled: boolean) {
  return useQuery({
    queryKey: banlistKeys.referenceDates(),
    queryFn: ({ signal }) => api.get<string[]>('/banlists/references', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Entries of one banlist; idle until a date is known. */
export function useBanlistEntries(date: string | undefined) {
  return useQuery({ ...entriesQuery(date ?? ''), enabled: !!date });
}

/**
 * Starts loading what /banlist shows while its code is still on its way (the page is a lazy chunk), so a
 * long list arrives as soon as the code does: the asked date's entries, or the newest list's.
 */
export function prefetchBanlistPage(queryClient: QueryClient, search: URLSearchParams): void {
  const date = search.get('date');
  const dates = queryClient.fetchQuery(datesQuery());
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) void queryClient.prefetchQuery(entriesQuery(date));
  else void dates.then((d) => (d[0] ? queryClient.prefetchQuery(entriesQuery(d[0])) : undefined)).catch(() => undefined);
}

/**
 * How many cards each section holds, as the banlist page counts them: the passcodes of one card
 * (alternate artworks, `alias`) count once; NONE entries are in no section.
 */
export function countByStatus(entries: readonly Pick<BanlistEntry, 'formatStatus' | 'cardId' | 'alias'>[]): Record<SectionStatus, number> {
  const counts = Object.fromEntries(SECTION_STATUSES.map((s) => [s, 0])) as Record<SectionStatus, number>;
  const seen = new Set<string>();
  for (const e of entries) {
    if (e.formatStatus === 'NONE') continue;
    const key = `${e.formatStatus}:${e.alias || e.cardId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    counts[e.formatStatus] += 1;
  }
  return counts;
}

/** The format's name as the server's FORMAT_NAME default; no endpoint exposes the setting to the browser. */
export const FORMAT_NAME = 'Format Hub';

/** Fetches the .lflist.conf of a date and hands it to the browser as a download, under the server's name (spec 1 §5: '{date}_' + format name + '.lflist.conf'). */
export function downloadLflist(date: string): Promise<string> {
  return download(`/banlists/${encodeURIComponent(date)}/lflist`, `${date}_${FORMAT_NAME}.lflist.conf`);
}

export function useDeleteBanlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, adminId }: { date: string; adminId: string }) =>
      api.delete<unknown>(`/banlists/${encodeURIComponent(date)}?adminId=${encodeURIComponent(adminId)}`),
    onSuccess: async (_data, { date }) => {
      queryClient.removeQueries({ queryKey: banlistKeys.entries(date) });
      // The next list's "previous" statuses changed too.
      await queryClient.invalidateQueries({ queryKey: banlistKeys.all });
    },
  });
}

export interface ImportBanlistInput {
  date: string;
  text: string;
  reference: boolean;
  /** one list of a multi-list file; the server takes the first when absent */
  list?: string;
}

/** PUT /api/banlists/{date}: the server's summary of what it stored. */
export interface ImportBanlistResult {
  date: string;
  name: string;
  whitelist: boolean;
  entries: number;
  skippedLines: number;
  reference: boolean;
}

export function useImportBanlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, text, reference, list }: ImportBanlistInput) => {
      const params = new URLSearchParams();
      if (list) params.set('list', list);
      if (reference) params.set('reference', 'true');
      const qs = params.size ? `?${params}` : '';
      return api.put<ImportBanlistResult>(`/banlists/${encodeURIComponent(date)}${qs}`, text, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    },
    // A reference list changes the Advanced column of every later list: refresh them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: banlistKeys.all }),
  });
}

export function useUpdateReason(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, reason }: { entryId: number; reason: string }) =>
      api.put<BanlistEntry>(`/banlists/${encodeURIComponent(date)}/entries/${entryId}/reason`, reason, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
    onSuccess: (updated, { entryId, reason }) => {
      queryClient.setQueryData<BanlistEntry[]>(banlistKeys.entries(date), (old) =>
        old?.map((e) => (e.id === entryId ? { ...e, ...(updated && typeof updated === 'object' ? updated : { reason }) } : e)),
      );
    },
  });
}
