import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
// Types only: this module is shared with the home page, which must not load zod.
import type {
  ApprovePassingReply, AuditEntry, Deck, DeckCard, DeckProblemBody, HostBody, Match, Participant, Scoreboard, SignupBody, Standings, Team, Tournament,
  TournamentSummary,
} from '../../../domain/api/tournaments.ts';
import type { DiscordChannel } from '../../../domain/api/discord-channel.ts';
import type { TournamentFormat } from '../../../domain/tournament/formats.ts';
import { ApiError, api } from '../../lib/api.ts';
import { UploadError, download, upload } from '../../lib/transfer.ts';

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

const path = (uid: string, rest = '') => `/tournaments/${encodeURIComponent(uid)}${rest}`;

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

/** The decks (with cards) of one participant: their owner and privileged users only. */
export function useParticipantDecks(uid: string, participantId: number | undefined) {
  return useQuery({
    queryKey: tournamentKeys.decks(uid, participantId ?? -1),
    queryFn: ({ signal }) => api.get<Deck[]>(path(uid, `/participants/${participantId}/decks`), { signal }),
    enabled: participantId !== undefined,
  });
}

/**
 * Decks of several participants in one request (GET .../participants/decks?participantIds=a,b); when that
 * fails, one request per participant (spec 2 §7).
 */
export async function fetchDecksOf(uid: string, participantIds: readonly number[], signal?: AbortSignal): Promise<Record<number, Deck[]>> {
  if (participantIds.length === 0) return {};
  try {
    return await api.get<Record<number, Deck[]>>(path(uid, `/participants/decks?participantIds=${participantIds.join(',')}`), { signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    // a participant whose decks cannot be read fails the whole answer: the panel says why, never "no decks"
    const lists = await Promise.all(participantIds.map((id) => api.get<Deck[]>(path(uid, `/participants/${id}/decks`), { signal })));
    return Object.fromEntries(participantIds.map((id, i) => [id, lists[i]!]));
  }
}

export function useTeamDecks(uid: string, participantIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.teamDecks(uid, participantIds),
    queryFn: ({ signal }) => fetchDecksOf(uid, participantIds, signal),
    enabled: enabled && participantIds.length > 0,
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

export function useAudit(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.audit(uid),
    queryFn: ({ signal }) => api.get<AuditEntry[]>(path(uid, '/audit'), { signal }),
    enabled,
  });
}

const discordKey = (uid: string) => [...tournamentKeys.one(uid), 'discord'] as const;

/** The event's Discord channel (issue 30 §1, §7): under `one(uid)`, so a live message refetches it. Host and admins only. */
export function useDiscordChannel(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: discordKey(uid),
    queryFn: ({ signal }) => api.get<DiscordChannel>(path(uid, '/discord'), { signal }),
    enabled,
    // while messages wait, their answer shows without a reload (a test message's in a second or two)
    refetchInterval: (q) => ((q.state.data?.waiting ?? 0) > 0 ? 3_000 : false),
  });
}

/** 'Send a test message' (issue 30 §1): the answer is the channel's state with the test waiting. */
export function useSendTestMessage(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DiscordChannel>(path(uid, '/discord/test')),
    onSuccess: (state) => queryClient.setQueryData(discordKey(uid), state),
  });
}

// ---- writes ------------------------------------------------------------------------------------

/** Keeps the newest tournament the server answered with, and refetches the rest of it. */
function settle(queryClient: QueryClient, uid: string, tournament?: Tournament) {
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

export function useSignup(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api.post<Team>(path(uid, '/signup'), body),
    onSuccess: () => {
      settle(queryClient, uid);
      void queryClient.invalidateQueries({ queryKey: [...tournamentKeys.all, 'participating'] });
    },
  });
}

/** A refused deck: the server's sentence, every problem, and the deck as it read it (for the preview). */
export class DeckRefusedError extends ApiError {
  readonly problems: DeckProblemBody[];
  readonly deck?: { mainDeck: DeckCard[]; extraDeck: DeckCard[]; sideDeck: DeckCard[] };

  constructor(status: number, message: string, problems: DeckProblemBody[] = [], deck?: DeckRefusedError['deck']) {
    super(status, message);
    this.name = 'DeckRefusedError';
    this.problems = problems;
    this.deck = deck;
  }
}

export interface DeckUpload {
  participantDiscordId: string;
  label: string;
  text: string;
  onProgress?: (fraction: number) => void;
}

/**
 * POST .../decks with the text as text/plain, with its upload progress. Spec 2 §8: the error is the
 * server's sentence, else the error's message, else 'Failed to upload deck'.
 */
export async function uploadDeck(uid: string, { participantDiscordId, label, text, onProgress }: DeckUpload): Promise<Deck> {
  const query = new URLSearchParams({ participantDiscordId, label });
  try {
    const deck = await upload<Deck>('POST', path(uid, `/decks?${query}`), text, {
      headers: { 'X-Discord-Id': participantDiscordId },
      onProgress: (p) => onProgress?.(p.fraction),
      failure: 'Failed to upload deck',
    });
    onProgress?.(1);
    return deck;
  } catch (e) {
    if (!(e instanceof UploadError)) throw e;
    const b = (e.body ?? {}) as { problems?: DeckProblemBody[]; deck?: DeckRefusedError['deck'] };
    throw new DeckRefusedError(e.status, e.message, Array.isArray(b.problems) ? b.problems : [], b.deck);
  }
}

export function useUploadDeck(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeckUpload) => uploadDeck(uid, input),
    onSuccess: () => settle(queryClient, uid),
  });
}

export function useDeleteDeck(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deckId, participantDiscordId }: { deckId: number; participantDiscordId: string }) =>
      api.delete<void>(path(uid, `/decks/${deckId}?participantDiscordId=${encodeURIComponent(participantDiscordId)}`)),
    onSuccess: () => settle(queryClient, uid),
  });
}

export function useDropParticipant(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: number) => api.post<Participant>(path(uid, `/participants/${participantId}/drop`)),
    onSuccess: () => {
      settle(queryClient, uid);
      void queryClient.invalidateQueries({ queryKey: [...tournamentKeys.all, 'participating'] });
    },
  });
}

export function useDropTeam(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamUid: string) => api.post<Team>(path(uid, `/teams/${encodeURIComponent(teamUid)}/drop`)),
    onSuccess: () => {
      settle(queryClient, uid);
      void queryClient.invalidateQueries({ queryKey: [...tournamentKeys.all, 'participating'] });
    },
  });
}

export interface DeckReview {
  participantId: number;
  deckId: number;
  approved: boolean;
  reviewerDiscordId: string;
  reason?: string;
}

export function useReviewDeck(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, deckId, approved, reviewerDiscordId, reason }: DeckReview) => {
      const query = new URLSearchParams({ approved: String(approved), reviewerDiscordId });
      if (reason) query.set('reason', reason);
      return api.post<Deck>(path(uid, `/participants/${participantId}/decks/${deckId}/validate?${query}`));
    },
    onSuccess: () => settle(queryClient, uid),
  });
}

/** 'Approve all that pass the checks' (issue 39): the decks approved, and those left with a problem. */
export function useApprovePassingDecks(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApprovePassingReply>(path(uid, '/decks/approve-passing')),
    onSuccess: () => settle(queryClient, uid),
  });
}

/** The admin panel's buttons: each a POST that answers the tournament. */
export type AdminAction =
  | { kind: 'lock-signups' }
  | { kind: 'lock-deck-submission' }
  | { kind: 'toggle-signups'; open: boolean }
  | { kind: 'toggle-deck-submission'; open: boolean }
  | { kind: 'format'; format: TournamentFormat }
  | { kind: 'seed-test' }
  | { kind: 'cancel' }
  | { kind: 'start' }
  | { kind: 'next-round' }
  | { kind: 'winner'; winnerTeamUid?: string }
  | { kind: 'close' };

export function adminActionPath(uid: string, action: AdminAction): string {
  switch (action.kind) {
    case 'toggle-signups':
    case 'toggle-deck-submission':
      return path(uid, `/${action.kind}?open=${action.open}`);
    case 'format':
      return path(uid, `/format?format=${action.format}`);
    case 'winner':
      return path(uid, `/winner${action.winnerTeamUid ? `?winnerTeamUid=${encodeURIComponent(action.winnerTeamUid)}` : ''}`);
    default:
      return path(uid, `/${action.kind}`);
  }
}

/** An admin marks the event rated or unrated (POST .../rated): the series' ratings follow at once. */
export function useMarkRated(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rated: boolean) => api.post<Tournament>(path(uid, '/rated'), { rated }),
    onSuccess: (tournament) => settle(queryClient, uid, tournament),
  });
}

export function useAdminAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminAction) => api.post<Tournament | undefined>(adminActionPath(uid, action)),
    onSuccess: (tournament) => settle(queryClient, uid, tournament),
  });
}

// ---- matches -----------------------------------------------------------------------------------

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
function settleMatch(queryClient: QueryClient, uid: string, match: Match) {
  applyMatches(queryClient, uid, [match]);
  settle(queryClient, uid);
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

export interface SwapSide {
  matchId: number;
  teamId: string;
}

/** Two teams change places between two matches of the current round (the host or an admin). */
export function useSwapTeams(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { a: SwapSide; b: SwapSide }) => api.post<Match[]>(path(uid, '/matches/swap'), body),
    onSuccess: (matches) => {
      applyMatches(queryClient, uid, matches);
      settle(queryClient, uid);
    },
  });
}

// ---- files -------------------------------------------------------------------------------------

/** GET a file of the tournament and save it under the server's Content-Disposition name. */
export async function downloadFile(uid: string, rest: string, fallbackName: string): Promise<void> {
  await download(path(uid, rest), fallbackName);
}
