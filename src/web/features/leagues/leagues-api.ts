import { useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: the home page imports this module and must not load zod.
import type { League, LeagueMatch, LeagueRun, LeagueSummary, LeaguePhase } from '../../../domain/api/leagues.ts';
import type { LeagueReport } from '../../../domain/api/league-records.ts';
import { api } from '../../lib/api.ts';

// The league's keys and reads (issue 41), and how a write settles them; the writes are in
// league-writes.ts, so the home page's script (this module is in it) does not carry them.

export interface LeagueFilter {
  seriesId?: string;
  phase?: LeaguePhase;
}

export const leagueKeys = {
  all: ['leagues'] as const,
  /** every list (all, one series', one phase's): a new league or a change of counts refreshes them */
  lists: () => [...leagueKeys.all, 'list'] as const,
  list: (filter: LeagueFilter = {}) => [...leagueKeys.lists(), filter.seriesId ?? '', filter.phase ?? ''] as const,
  /** everything of one league: a live message invalidates this prefix */
  one: (id: string) => [...leagueKeys.all, 'one', id] as const,
  detail: (id: string) => [...leagueKeys.one(id), 'detail'] as const,
  runs: (id: string) => [...leagueKeys.one(id), 'run'] as const,
  run: (id: string, runId: number) => [...leagueKeys.runs(id), runId] as const,
  match: (id: string, matchId: number) => [...leagueKeys.one(id), 'match', matchId] as const,
  report: (id: string) => [...leagueKeys.one(id), 'report'] as const,
};

export const leaguePath = (id: string, rest = '') => `/leagues/${encodeURIComponent(id)}${rest}`;

/** GET /api/leagues: newest first as the server answers; one series' or one phase's with a filter. */
export function useLeagues(filter: LeagueFilter = {}, enabled = true) {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]).toString();
  return useQuery({
    queryKey: leagueKeys.list(filter),
    queryFn: ({ signal }) => api.get<LeagueSummary[]>(`/leagues${query ? `?${query}` : ''}`, { signal }),
    enabled,
  });
}

/** GET /api/leagues/{id}: the league, its leaderboard, the hosts' matches to decide and the reader's own run. */
export function useLeague(id: string) {
  return useQuery({
    queryKey: leagueKeys.detail(id),
    queryFn: ({ signal }) => api.get<League>(leaguePath(id), { signal }),
    // a read that left before a newer live message was shown does not take the page back
    structuralSharing: (shown, read) => (newer(shown, read) ? (shown as League) : (read as League)),
  });
}

const newer = (shown: unknown, read: unknown) =>
  typeof (shown as League | undefined)?.version === 'number' && typeof (read as League | undefined)?.version === 'number' && (shown as League).version > (read as League).version;

/** GET /api/leagues/{id}/runs/{runId}: a run with its matches, and its deck to whom may see it. */
export function useLeagueRun(id: string, runId: number) {
  return useQuery({
    queryKey: leagueKeys.run(id, runId),
    queryFn: ({ signal }) => api.get<LeagueRun>(leaguePath(id, `/runs/${runId}`), { signal }),
    enabled: Number.isInteger(runId) && runId > 0,
  });
}

/** GET /api/leagues/{id}/matches/{matchId}: one match, with its room for its two players and the hosts while it is open. */
export function useLeagueMatch(id: string, matchId: number, enabled = true) {
  return useQuery({
    queryKey: leagueKeys.match(id, matchId),
    queryFn: ({ signal }) => api.get<LeagueMatch>(leaguePath(id, `/matches/${matchId}`), { signal }),
    enabled,
  });
}

/** GET /api/leagues/{id}/report: once final (a 409 before, a 404 for no league). */
export function useLeagueReport(id: string) {
  return useQuery({
    queryKey: leagueKeys.report(id),
    queryFn: ({ signal }) => api.get<LeagueReport>(leaguePath(id, '/report'), { signal }),
  });
}

/** After a write: the league's answer kept when it is one, then everything of the league read again. */
export function settleLeague(queryClient: QueryClient, id: string, league?: unknown) {
  if (league && typeof league === 'object' && 'leaderboard' in league && 'version' in league) {
    const shown = queryClient.getQueryData<League>(leagueKeys.detail(id));
    if (!shown || shown.version <= (league as League).version) queryClient.setQueryData(leagueKeys.detail(id), league);
  }
  void queryClient.invalidateQueries({ queryKey: leagueKeys.one(id) });
  void queryClient.invalidateQueries({ queryKey: leagueKeys.lists() });
}
