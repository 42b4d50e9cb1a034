// The site's format lists by name and date (GET /api/banlists/summaries): what a series' or an
// event's list is among them, for a link to its page and the settings dialog's choice (issue 30 §8).
import { useQuery } from '@tanstack/react-query';
import type { BanlistSummary } from '../../../domain/api/banlists.ts';
import { api } from '../../lib/api.ts';

/** The format's lists, newest first (reference lists are not the format's: no event plays them). */
export function useSiteBanlists() {
  return useQuery({
    queryKey: ['banlists', 'summaries', 'format'],
    queryFn: async ({ signal }) => (await api.get<BanlistSummary[]>('/banlists/summaries', { signal })).filter((l) => l.kind === 'format'),
    staleTime: 5 * 60_000,
  });
}

/** The site's list a held list is: the same EDOPro hash when known (decision 027), else the same name. */
export function siteListOf(lists: readonly BanlistSummary[] | undefined, held: { name: string | null; hash?: number }): BanlistSummary | undefined {
  if (!lists || !held.name) return undefined;
  if (held.hash !== undefined) return lists.find((l) => l.hash === held.hash);
  const name = held.name.trim().toLowerCase();
  return lists.find((l) => l.name.trim().toLowerCase() === name);
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A list as the pages name it, by name and date: '2026.05 TCG — 1 May 2026' (a date may hold a format and a reference list). */
export const listLabel = (l: Pick<BanlistSummary, 'name' | 'date'>) => `${l.name} — ${LONG_DATE.format(new Date(`${l.date}T00:00:00Z`))}`;
