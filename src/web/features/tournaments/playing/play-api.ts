import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
// Types only: the tournament page must not load zod.
import type { Match, Participant, SignupBody, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import { api, request } from '../../../lib/api.ts';
import { settle, settleMatch, tournamentKeys, tournamentPath as path } from '../tournaments-api.ts';

// The night's writes: sign-up, check-in, drops, and a match's report, flag, override, room and time.

/** A write that changes who plays: the tournament, and the lists of the events each visitor plays in. */
function settleEntries(queryClient: QueryClient, uid: string) {
  settle(queryClient, uid);
  void queryClient.invalidateQueries({ queryKey: [...tournamentKeys.all, 'participating'] });
}

export function useSignup(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api.post<Team>(path(uid, '/signup'), body),
    onSuccess: () => settleEntries(queryClient, uid),
  });
}

export function useDropParticipant(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: number) => api.post<Participant>(path(uid, `/participants/${participantId}/drop`)),
    onSuccess: () => settleEntries(queryClient, uid),
  });
}

export function useDropTeam(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamUid: string) => api.post<Team>(path(uid, `/teams/${encodeURIComponent(teamUid)}/drop`)),
    onSuccess: () => settleEntries(queryClient, uid),
  });
}

export interface ScoreReport {
  matchId: number;
  fromTeam1: boolean;
  gamesWon: number;
  gamesLost: number;
  reporterDiscordId: string;
}

export function useReportScore(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, fromTeam1, ...body }: ScoreReport) =>
      api.post<Match>(path(uid, `/matches/${matchId}/report-score?fromTeam1=${fromTeam1}`), body),
    onSuccess: (match) => settleMatch(queryClient, uid, match),
  });
}

export interface Override {
  matchId: number;
  /** absent: a tie */
  winnerTeamId?: string;
  team1Wins: number;
  team2Wins: number;
  /** reset the later matches this change moves (after the server named them) */
  force?: boolean;
}

export function overridePath(uid: string, { matchId, winnerTeamId, force }: Pick<Override, 'matchId' | 'winnerTeamId' | 'force'>): string {
  const query = new URLSearchParams();
  if (winnerTeamId) query.set('winnerTeamId', winnerTeamId);
  query.set('force', String(!!force));
  return path(uid, `/matches/${matchId}/override-winner?${query}`);
}

export function useOverrideWinner(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ team1Wins, team2Wins, ...o }: Override) => api.post<Match>(overridePath(uid, o), { team1Wins, team2Wins }),
    onSuccess: (match) => settleMatch(queryClient, uid, match),
  });
}

export function useFlagMatch(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, message }: { matchId: number; message: string }) =>
      api.post<Match>(path(uid, `/matches/${matchId}/flag?${new URLSearchParams({ message })}`)),
    onSuccess: (match) => settleMatch(queryClient, uid, match),
  });
}

export function useResolveFlag(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: number) => api.post<Match>(path(uid, `/matches/${matchId}/resolve-flag`)),
    onSuccess: (match) => settleMatch(queryClient, uid, match),
  });
}

/**
 * One match with its EDOPro room (issue 19): the server adds the room for the match's players, the
 * host and admins only. Under `one(uid)`: a live message (a swap gives the room a new password) refetches it.
 */
export function useMatchRoom(uid: string, matchId: number, enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.match(uid, matchId),
    queryFn: ({ signal }) => api.get<Match>(path(uid, `/matches/${matchId}`), { signal }),
    enabled,
    select: (m) => m.room ?? null,
  });
}

/** More time for one table (the host or an admin). */
export function useExtendMatch(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, minutes }: { matchId: number; minutes: number }) => api.post<Match>(path(uid, `/matches/${matchId}/extend`), { minutes }),
    onSuccess: (match) => settleMatch(queryClient, uid, match),
  });
}

export function useOpenCheckIn(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<Tournament>('POST', path(uid, '/check-in/open')),
    onSuccess: (t) => settle(queryClient, uid, t),
  });
}

/** Check a team in (true) or undo it (false). */
export function useCheckIn(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamUid, checkedIn }: { teamUid: string; checkedIn: boolean }) =>
      request<Team>(checkedIn ? 'POST' : 'DELETE', path(uid, `/teams/${encodeURIComponent(teamUid)}/check-in`)),
    onSuccess: () => settle(queryClient, uid),
  });
}
