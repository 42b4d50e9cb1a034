import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLeagueBody, DecideBody, League, LeagueMatch, LeagueRun, QueueReply, ReportBody, StartRunBody } from '../../../domain/api/leagues.ts';
import { ApiError, api, sentenceOf } from '../../lib/api.ts';
import { DeckRefusedError } from '../tournaments/decks/deck-refusal.ts';
import { leagueKeys, leaguePath, settleLeague } from './leagues-api.ts';

// The league's writes (issue 41): creating one, a run, the queue, a match's results; each settles the
// league's queries after it.

export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeagueBody) => api.post<League>('/leagues', body),
    onSuccess: (league) => {
      queryClient.setQueryData(leagueKeys.detail(league.id), league);
      void queryClient.invalidateQueries({ queryKey: leagueKeys.lists() });
    },
  });
}

/** POST /api/leagues/{id}/runs as JSON; a refusal keeps the body's problems (the api client keeps only the sentence). */
export async function startRun(id: string, body: StartRunBody): Promise<LeagueRun> {
  let res: Response;
  try {
    res = await fetch(`/api${leaguePath(id, '/runs')}`, {
      method: 'POST', credentials: 'include', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Network error: the server could not be reached');
  }
  if (res.ok) return (await res.json()) as LeagueRun;
  // a body that is not JSON (a proxy's page) leaves the status line
  const answer: unknown = await res.json().catch(() => undefined);
  throw DeckRefusedError.fromBody(res.status, sentenceOf(answer, res), answer);
}

/** A write of one league, settling its queries afterwards (whatever the answer: a refusal may mean the page is behind). */
function useLeagueWrite<V, T>(id: string, send: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: (answer) => settleLeague(queryClient, id, answer),
  });
}

export const useStartRun = (id: string) => useLeagueWrite(id, (body: StartRunBody) => startRun(id, body));
export const useRetire = (id: string) => useLeagueWrite(id, (runId: number) => api.post<LeagueRun>(leaguePath(id, `/runs/${runId}/retire`)));
/** 'Find a match': waiting in the queue, or paired at once. */
export const useFindMatch = (id: string) => useLeagueWrite(id, () => api.post<QueueReply>(leaguePath(id, '/queue')));
export const useLeaveQueue = (id: string) => useLeagueWrite(id, () => api.delete<QueueReply>(leaguePath(id, '/queue')));

const matchPath = (id: string, matchId: number, verb: string) => leaguePath(id, `/matches/${matchId}/${verb}`);
export const useReport = (id: string) =>
  useLeagueWrite(id, ({ matchId, ...body }: ReportBody & { matchId: number }) => api.post<LeagueMatch>(matchPath(id, matchId, 'report'), body));
export const useConfirm = (id: string) => useLeagueWrite(id, (matchId: number) => api.post<LeagueMatch>(matchPath(id, matchId, 'confirm')));
export const useDispute = (id: string) =>
  useLeagueWrite(id, ({ matchId, reason }: { matchId: number; reason?: string }) => api.post<LeagueMatch>(matchPath(id, matchId, 'dispute'), reason ? { reason } : {}));
export const useDecide = (id: string) =>
  useLeagueWrite(id, ({ matchId, ...body }: DecideBody & { matchId: number }) => api.post<LeagueMatch>(matchPath(id, matchId, 'decide'), body));

/** An admin marks the league rated or unrated (POST .../rated): once final, its matches move the series' ratings. */
export function useMarkLeagueRated(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rated: boolean) => api.post<{ id: string; rated: boolean }>(leaguePath(id, '/rated'), { rated }),
    onSuccess: () => settleLeague(queryClient, id),
  });
}
