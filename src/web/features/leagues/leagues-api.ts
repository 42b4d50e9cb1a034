import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
// Types only: the home page imports this module and must not load zod.
import type {
  CreateLeagueBody, DecideBody, DisputeBody, League, LeagueMatch, LeagueRun, LeagueSummary, LeaguePhase, QueueReply, ReportBody, StartRunBody,
} from '../../../domain/api/leagues.ts';
import type { DeckCard, DeckProblemBody } from '../../../domain/api/tournaments.ts';
import { ApiError, api, sentenceOf } from '../../lib/api.ts';

// The league's requests (issue 41): the reads, every write, and how a write settles the pages' queries.

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

/** After a write: the league's answer kept when it is one, then everything of the league read again. */
export function settleLeague(queryClient: QueryClient, id: string, league?: unknown) {
  if (league && typeof league === 'object' && 'leaderboard' in league && 'version' in league) {
    const shown = queryClient.getQueryData<League>(leagueKeys.detail(id));
    if (!shown || shown.version <= (league as League).version) queryClient.setQueryData(leagueKeys.detail(id), league);
  }
  void queryClient.invalidateQueries({ queryKey: leagueKeys.one(id) });
  void queryClient.invalidateQueries({ queryKey: leagueKeys.lists() });
}

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

/** A refused deck: the server's sentence, every problem, and the deck as it read it (for the preview). */
export class LeagueDeckRefusedError extends ApiError {
  readonly problems: DeckProblemBody[];
  readonly deck?: { mainDeck: DeckCard[]; extraDeck: DeckCard[]; sideDeck: DeckCard[] };

  constructor(status: number, message: string, problems: DeckProblemBody[] = [], deck?: LeagueDeckRefusedError['deck']) {
    super(status, message);
    this.name = 'LeagueDeckRefusedError';
    this.problems = problems;
    this.deck = deck;
  }
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
  const b = (answer ?? {}) as { problems?: DeckProblemBody[]; deck?: LeagueDeckRefusedError['deck'] };
  throw new LeagueDeckRefusedError(res.status, sentenceOf(answer, res), Array.isArray(b.problems) ? b.problems : [], b.deck);
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
  useLeagueWrite(id, ({ matchId, reason }: NonNullable<DisputeBody> & { matchId: number }) => api.post<LeagueMatch>(matchPath(id, matchId, 'dispute'), reason ? { reason } : {}));
export const useDecide = (id: string) =>
  useLeagueWrite(id, ({ matchId, ...body }: DecideBody & { matchId: number }) => api.post<LeagueMatch>(matchPath(id, matchId, 'decide'), body));
