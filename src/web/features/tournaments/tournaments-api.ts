import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
// Types only: this module is shared with the home page, which must not load zod.
import type { HostBody, Match, Scoreboard, Team, Tournament, TournamentSummary } from '../../../domain/api/tournaments.ts';
import type { Standings } from '../../../domain/api/standings.ts';
import { api } from '../../lib/api.ts';
import { download } from '../../lib/transfer.ts';

// The tournaments' keys and reads that every part of the feature shares, and how a write settles them.
// Each job's own requests are beside its pages: decks/decks-api.ts, playing/play-api.ts, host-tools/host-tools-api.ts.

export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: () => [...tournamentKeys.all, 'list'] as const,
  participating: (discordId: string) => [...tournamentKeys.all, 'participating', discordId] as const,
  /** everything of one tournament: a live message invalidates this prefix */
  one: (uid: string) => [...tournamentKeys.all, 'one', uid] as const,
  detail: (uid: string) => [...tournamentKeys.one(uid), 'detail'] as const,
  /** the teams as GET .../teams answers them: privileged viewers get the decks' real labels */
  teams: (uid: string) => [...tournamentKeys.one(uid), 'teams'] as const,
  decks: (uid: string, participantId: number) => [...tournamentKeys.one(uid), 'decks', participantId] as const,
  teamDecks: (uid: string, participantIds: readonly number[]) => [...tournamentKeys.one(uid), 'team-decks', participantIds.join(',')] as const,
  standings: (uid: string) => [...tournamentKeys.one(uid), 'standings'] as const,
  scoreboard: (uid: string) => [...tournamentKeys.one(uid), 'scoreboard'] as const,
  /** one round's matches, or (no round) every match of the tournament */
  matches: (uid: string, round?: number) => [...tournamentKeys.one(uid), 'matches', round ?? 'all'] as const,
  audit: (uid: string) => [...tournamentKeys.one(uid), 'audit'] as const,
  /** one match as GET .../matches/{mid} answers it: with its room for its players, the host and admins */
  match: (uid: string, matchId: number) => [...tournamentKeys.one(uid), 'match', matchId] as const,
};


/** `/tournaments/{uid}{rest}`: the path of one tournament's requests. */
export const tournamentPath = (uid: string, rest = '') => `/tournaments/${encodeURIComponent(uid)}${rest}`;
const path = tournamentPath;

export function useTournaments() {
  return useQuery({
    queryKey: tournamentKeys.list(),
    queryFn: ({ signal }) => api.get<TournamentSummary[]>('/tournaments', { signal }),
  });
}

/** Uids of the tournaments the signed-in user plays in (none for a visitor). */
export function useParticipating(discordId: string | undefined) {
  return useQuery({
    queryKey: tournamentKeys.participating(discordId ?? ''),
    queryFn: ({ signal }) => api.get<string[]>('/tournaments/participating', { signal }),
    enabled: !!discordId,
    staleTime: 60_000,
  });
}

/** One tournament. */
export function useTournament(uid: string) {
  return useQuery({
    queryKey: tournamentKeys.detail(uid),
    queryFn: ({ signal }) => api.get<Tournament>(path(uid), { signal }),
  });
}

/**
 * The teams of GET .../teams: the admin panel's list. To admins and the host the server answers the decks'
 * own labels ('AI_Blackwing'), where the tournament shows everyone 'Deck 1'; under `one(uid)`, so live
 * messages and writes refresh it with the rest of the page.
 */
export function useTeams(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.teams(uid),
    queryFn: ({ signal }) => api.get<Team[]>(path(uid, '/teams'), { signal }),
    enabled,
  });
}

/** Standings: points, W-L-T, OMW/OOMW and the tie-breaker number; final (with the champion) once a winner is marked. */
export function useStandings(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.standings(uid),
    queryFn: ({ signal }) => api.get<Standings>(path(uid, '/standings'), { signal }),
    // a read that left before a newer live message was shown does not take the page back (decision 022)
    structuralSharing: (shown, read) => (newerStandings(shown, read) ? shown : read),
    enabled,
  });
}

/** True when `shown` is standings of a later version than `read`. */
const newerStandings = (shown: unknown, read: unknown) =>
  typeof (shown as Standings | undefined)?.version === 'number' && typeof (read as Standings | undefined)?.version === 'number' && (shown as Standings).version > (read as Standings).version;

/** The standings a notice on the standings topic announced (decision 022): at least `version`, one body for every page. */
export const fetchAnnouncedStandings = (uid: string, version: number) => api.get<Standings>(path(uid, `/standings?version=${version}`));

/** The state (roundComplete, the engine's champion) and the current round's matches. */
export function useScoreboard(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.scoreboard(uid),
    queryFn: ({ signal }) => api.get<Scoreboard>(path(uid, '/scoreboard'), { signal }),
    enabled,
  });
}

const matchesQuery = (uid: string, round?: number) => ({
  queryKey: tournamentKeys.matches(uid, round),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Match[]>(path(uid, round ? `/matches?round=${round}` : '/matches'), { signal }),
});

export interface ShownMatches {
  matches: Match[];
  isPending: boolean;
  error: Error | null;
}

function combineMatches(results: UseQueryResult<Match[]>[]): ShownMatches {
  const byId = new Map<number, Match>();
  for (const r of results) for (const m of r.data ?? []) byId.set(m.id, m);
  return { matches: [...byId.values()], isPending: results.some((r) => r.isPending), error: results.find((r) => r.error)?.error ?? null };
}

/**
 * The matches the page shows: every match ('all'), or only some rounds (GET .../matches?round=n each),
 * so that a large Swiss event does not load thousands of matches it does not show.
 */
export function useMatches(uid: string, rounds: readonly number[] | 'all', enabled = true): ShownMatches {
  return useQueries({
    queries: (rounds === 'all' ? [undefined] : rounds).map((round) => ({ ...matchesQuery(uid, round), enabled })),
    combine: combineMatches,
  });
}

/** Newer matches (a write's answer, a live message) over the ones shown, by id; unknown ones are added. */
export function mergeMatches(shown: readonly Match[] | undefined, incoming: readonly Match[]): Match[] | undefined {
  if (!shown) return undefined;
  const byId = new Map(incoming.map((m) => [m.id, m]));
  const merged = shown.map((m) => {
    const next = byId.get(m.id);
    byId.delete(m.id);
    return next && next.updatedAt >= m.updatedAt ? next : m;
  });
  return byId.size ? [...merged, ...byId.values()] : merged;
}
/** Keeps the newest tournament the server answered with, and refetches the rest of it. */
export function settle(queryClient: QueryClient, uid: string, tournament?: Tournament) {
  if (tournament && typeof tournament === 'object' && 'version' in tournament) {
    const shown = queryClient.getQueryData<Tournament>(tournamentKeys.detail(uid));
    if (!shown || shown.version <= tournament.version) queryClient.setQueryData(tournamentKeys.detail(uid), tournament);
  }
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.one(uid) });
  void queryClient.invalidateQueries({ queryKey: tournamentKeys.list() });
}

export function useHostTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostBody) => api.post<{ uid: string }>('/tournaments/host', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tournamentKeys.list() }),
  });
}

/** Matches the server sent (a write's answer, a live message) into every list of them the page holds. */
export function applyMatches(queryClient: QueryClient, uid: string, incoming: readonly Match[]) {
  if (incoming.length === 0) return;
  queryClient.setQueryData<Match[]>(tournamentKeys.matches(uid), (shown) => mergeMatches(shown, incoming));
  for (const round of new Set(incoming.map((m) => m.roundNumber))) {
    const ofRound = incoming.filter((m) => m.roundNumber === round);
    queryClient.setQueryData<Match[]>(tournamentKeys.matches(uid, round), (shown) => mergeMatches(shown, ofRound));
  }
}

/** A match write answered the match: show it at once, then refetch the rest (standings, state). */
export function settleMatch(queryClient: QueryClient, uid: string, match: Match) {
  applyMatches(queryClient, uid, [match]);
  settle(queryClient, uid);
}

// ---- files -------------------------------------------------------------------------------------

/** GET a file of the tournament and save it under the server's Content-Disposition name. */
export async function downloadFile(uid: string, rest: string, fallbackName: string): Promise<void> {
  await download(path(uid, rest), fallbackName);
}
