// Stored rows → the shapes of src/domain/api/tournaments.ts and decks.ts.
import { parseLflist } from '../../../domain/banlists/lflist.ts';
import {
  deckStatus, type Match, type Member, type Participant, type Team, type Tournament, type TournamentState, type TournamentSummary,
} from '../../../domain/api/tournaments.ts';
import type { Deck, DeckCard, DeckSummary } from '../../../domain/api/decks.ts';
import { edoproNumbers } from '../../../domain/series/edopro-numbers.ts';
import { FILTER_CODES, RULE_CODES } from '../../../domain/series/rules.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import { allowsTie, type Bracket, type EngineMatch, type EngineTeam } from '../../../domain/tournaments/types.ts';
import type { ReportedMatch } from '../../../domain/tournaments/result-rules.ts';
import type { EventChoice } from '../../../domain/tournaments/engine/round-count.ts';
import { champion } from '../../../domain/tournaments/engine/results.ts';
import { matchStatus } from '../../../domain/tournaments/limits.ts';
import { avatarUrlOf } from '../../auth/discord-profile.ts';
import { matchNight, teamNight, tournamentNight } from './play/event-night-views.ts';
import type { DeckRow, DeckSummaryRow } from './decks/decks-repository.ts';
import type { EngineMatchRow, MatchRow } from './play/matches-repository.ts';
import type { MemberRow, TeamRow } from './teams/teams-repository.ts';
import type { TournamentRow } from './events-repository.ts';
import type { UserRow } from '../users/users-repository.ts';

export const UNKNOWN_PLAYER = 'Unknown Player';
export const UNNAMED_TEAM = 'Unnamed Team';

/** Privileged for a tournament (spec 2 §6): an admin (auth 2) or its host. */
export function isPrivileged(user: { discordId: string; auth: number } | null | undefined, t: Pick<TournamentRow, 'hostDiscordId'>): boolean {
  return !!user && (user.auth >= 2 || user.discordId === t.hostDiscordId);
}

export function userName(u: UserRow | undefined): string {
  return nameOf(u, UNKNOWN_PLAYER);
}

export function userAvatar(u: UserRow | undefined, discordId: string): string {
  return u?.avatarUrl ?? avatarUrlOf({ id: discordId, avatar: null, discriminator: '0' });
}

/**
 * What a viewer sees of a tournament's decks in team reads (spec 2 §6, decision 013): 'full' (the
 * labels and rejection reasons) for an admin or the host, unless they play in it and it is still
 * running (no winner yet): then, as everyone else, 'public' ("Deck n").
 */
export type DeckView = 'public' | 'full';
export function deckViewOf(
  user: { discordId: string; auth: number } | null | undefined, t: Pick<TournamentRow, 'hostDiscordId' | 'completed'>, plays: boolean,
): DeckView {
  return isPrivileged(user, t) && !(plays && !t.completed) ? 'full' : 'public';
}

/** Teams that signed up; after Close (which removed them) the teams of the final standings it kept. */
export function teamCountOf(t: Pick<TournamentRow, 'closed' | 'finalStandings'>, teams: number, kept?: number | null): number {
  if (!t.closed) return teams;
  return kept ?? (t.finalStandings as { rows?: unknown[] } | null)?.rows?.length ?? teams;
}

/** The summary of the list, with spec 2 §4's notification dot. */
export function toSummary(r: {
  t: TournamentRow; teamCount: number | null; activeTeams: number | null; keptTeams: number | null;
  total: number | null; complete: number | null; flagged: number | null; anyMatches: number | null;
  completedAt?: Date | null; championName?: string | null;
}): TournamentSummary {
  const { t } = r;
  const flagged = (r.flagged ?? 0) > 0;
  const roundDone = t.inProgress && !t.completed && (r.total ?? 0) > 0 && r.complete === r.total;
  const waiting = !t.inProgress && !t.completed && (r.activeTeams ?? 0) > 0 && (r.anyMatches ?? 0) === 0;
  return {
    uid: t.uid, name: t.name, subtitle: t.subtitle, iteration: t.iteration, imageUri: t.imageUri, seriesUid: t.seriesUid,
    hostDiscordId: t.hostDiscordId, format: t.format, bestOf: t.bestOf, inProgress: t.inProgress, completed: t.completed,
    currentRound: t.currentRound, roundCount: t.roundCount, teamCount: teamCountOf(t, r.teamCount ?? 0, r.keptTeams), closed: t.closed,
    startsAt: t.startsAt?.toISOString() ?? null,
    needsAttention: !t.cancelled && !t.closed && (flagged || roundDone || waiting),
    completedAt: r.completedAt?.toISOString() ?? null, championName: r.completedAt ? (r.championName ?? null) : null,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  };
}

export function toDeckSummary(d: DeckSummaryRow | DeckRow): DeckSummary {
  const sizes = 'mainCount' in d
    ? { mainCount: d.mainCount, extraCount: d.extraCount, sideCount: d.sideCount }
    : { mainCount: d.mainDeck.length, extraCount: d.extraDeck.length, sideCount: d.sideDeck.length };
  return {
    id: d.id, uid: d.uid, label: d.label, approved: d.approved, reviewerDiscordId: d.reviewerDiscordId,
    status: deckStatus(d), rejectionReason: d.rejectionReason, ...sizes, createdAt: d.createdAt.toISOString(),
  };
}

/**
 * A deck as everyone may see it (teams, participants, the tournament): its status and sizes. The label
 * (often the archetype: "Blackwing.ydk") and a rejection reason are the player's and the admins' only,
 * through the decks routes and the team reads' full view; here the label is the deck's place ("Deck 2").
 */
export function toPublicDeckSummary(d: DeckSummaryRow | DeckRow, index: number): DeckSummary {
  return { ...toDeckSummary(d), label: `Deck ${index + 1}`, rejectionReason: null };
}

export function toDeck(d: DeckRow, name: (id: number) => string, problems: Deck['problems']): Deck {
  const cards = (ids: number[]): DeckCard[] => ids.map((cardId) => ({ cardId, cardName: name(cardId) }));
  return { ...toDeckSummary(d), mainDeck: cards(d.mainDeck), extraDeck: cards(d.extraDeck), sideDeck: cards(d.sideDeck), problems };
}

export interface TeamsContext {
  teams: TeamRow[];
  members: MemberRow[];
  decks: (DeckSummaryRow | DeckRow)[];
  users: Map<string, UserRow>;
}

/** Each member's deck summaries, in upload order: "Deck n" for the public, the real labels for the full view. */
export function decksByMemberOf(decks: TeamsContext['decks'], view: DeckView = 'public'): Map<number, DeckSummary[]> {
  const byMember = new Map<number, DeckSummary[]>();
  for (const d of decks) {
    const list = byMember.get(d.memberId) ?? [];
    list.push(view === 'full' ? toDeckSummary(d) : toPublicDeckSummary(d, list.length));
    byMember.set(d.memberId, list);
  }
  return byMember;
}

export function toMember(m: MemberRow, team: TeamRow, ctx: Pick<TeamsContext, 'decks' | 'users'>, decksByMember?: Map<number, DeckSummary[]>): Member {
  const u = ctx.users.get(m.discordId);
  return {
    id: m.id,
    discordId: m.discordId,
    displayName: userName(u),
    username: u?.username ?? null,
    image: m.image ?? userAvatar(u, m.discordId),
    dropped: m.dropped || team.dropped,
    captain: team.captainDiscordId === m.discordId,
    submittedDecks: decksByMember ? (decksByMember.get(m.id) ?? []) : ctx.decks.filter((d) => d.memberId === m.id).map(toPublicDeckSummary),
  };
}

export function toTeams(ctx: TeamsContext, view: DeckView = 'public'): Team[] {
  const decksByMember = decksByMemberOf(ctx.decks, view);
  const membersByTeam = new Map<string, MemberRow[]>();
  for (const m of ctx.members) membersByTeam.set(m.teamUid, [...(membersByTeam.get(m.teamUid) ?? []), m]);
  return ctx.teams.map((t) => toTeam(t, membersByTeam.get(t.uid) ?? [], ctx, decksByMember));
}

export function toTeam(t: TeamRow, members: MemberRow[], ctx: Pick<TeamsContext, 'decks' | 'users'>, decksByMember?: Map<number, DeckSummary[]>): Team {
  return {
    uid: t.uid,
    name: t.name || UNNAMED_TEAM,
    captainDiscordId: t.captainDiscordId,
    members: members.map((m) => toMember(m, t, ctx, decksByMember)),
    dropped: t.dropped,
    wins: t.wins, losses: t.losses, ties: t.ties, seed: t.seed,
    ...teamNight(t),
    createdAt: t.createdAt.toISOString(),
  };
}

export function toParticipants(ctx: TeamsContext, view: DeckView = 'public'): Participant[] {
  const teamByUid = new Map(ctx.teams.map((t) => [t.uid, t]));
  const decksByMember = decksByMemberOf(ctx.decks, view);
  return ctx.members.flatMap((m) => {
    const team = teamByUid.get(m.teamUid);
    return team ? [{ ...toMember(m, team, ctx, decksByMember), teamUid: team.uid, teamName: team.name || UNNAMED_TEAM, teamDropped: team.dropped }] : [];
  });
}

/**
 * The list of the stored .lflist.conf text that decks are checked against: the one the banlist
 * name names (a file may hold several, as YGOPro's multi-list lflist.conf does), else the first.
 */
export function tournamentList(t: Pick<TournamentRow, 'banlist' | 'banlistName'>) {
  if (!t.banlist) return null;
  const { lists } = parseLflist(t.banlist);
  const wanted = t.banlistName?.trim().toLowerCase();
  return (wanted && lists.find((l) => l.name.trim().toLowerCase() === wanted)) || (lists[0] ?? null);
}

/**
 * What the stored matches say about the round and the winner: every match of the current round is
 * complete; and the champion once decided (a bracket's final, or the standings after the last round).
 */
export function playFacts(t: TournamentRow, teams: Pick<TeamRow, 'uid' | 'seed' | 'dropped'>[], matches: EngineMatchRow[]) {
  // an earlier round counts too: a forced override can reopen a match the bracket had played
  const open = matches.filter((m) => m.roundNumber <= t.currentRound && !m.complete);
  const roundComplete = t.inProgress && open.length === 0;
  if (t.winnerTeamUid || !t.inProgress) return { roundComplete, championTeamUid: t.winnerTeamUid };
  const engineMatches = matches.map(toEngineMatch);
  const winner = champion(t.format, teams.map((x) => ({ id: x.uid, seed: x.seed, dropped: x.dropped })), engineMatches, choiceOf(t));
  const bracket = t.format === 'DOUBLE_ELIM' || matches.some((m) => m.bracket === 'top');
  const atEnd = t.currentRound >= t.roundCount && roundComplete;
  return { roundComplete, championTeamUid: bracket || atEnd ? winner : null };
}

/** The tournament as GET .../{id} answers it, less what the site says of itself (testData: the routes add it). */
export function toTournament(t: TournamentRow, ctx: TeamsContext & { host: UserRow | undefined; matches: EngineMatchRow[] }): Omit<Tournament, 'testData'> {
  const ruleOptions = RULE_CODES.filter((c) => t.ruleOptions.includes(c));
  const cardTypeFilters = FILTER_CODES.filter((c) => t.cardTypeFilters.includes(c));
  const list = tournamentList(t);
  return {
    uid: t.uid, name: t.name, subtitle: t.subtitle, iteration: t.iteration, description: t.description, imageUri: t.imageUri,
    seriesUid: t.seriesUid, hostDiscordId: t.hostDiscordId,
    host: { discordId: t.hostDiscordId, displayName: nameOf(ctx.host), avatarUrl: userAvatar(ctx.host, t.hostDiscordId) },
    format: t.format, bestOf: t.bestOf,
    banlistName: t.banlistName ?? list?.name ?? null, hasBanlist: !!list, banlistWhitelist: list?.whitelist ?? false,
    manualDeckChecking: t.manualDeckChecking, playersTeam1: t.playersTeam1, playersTeam2: t.playersTeam2, relay: t.relay,
    dontShuffleDeck: t.dontShuffleDeck, dontCheckDeckContents: t.dontCheckDeckContents, dontCheckDeckSize: t.dontCheckDeckSize,
    tcgSegocRulings: t.tcgSegocRulings, startingLp: t.startingLp, startingHand: t.startingHand, cardsPerDraw: t.cardsPerDraw,
    minMainDeckSize: t.minMainDeckSize, maxMainDeckSize: t.maxMainDeckSize, minExtraDeckSize: t.minExtraDeckSize,
    maxExtraDeckSize: t.maxExtraDeckSize, minSideDeckSize: t.minSideDeckSize, maxSideDeckSize: t.maxSideDeckSize,
    ruleOptions, cardTypeFilters,
    ...edoproNumbers({ ...t, ruleOptions, cardTypeFilters }),
    decksAllowedPerPlayer: t.decksAllowedPerPlayer, signupsOpen: t.signupsOpen, deckSubmissionOpen: t.deckSubmissionOpen,
    currentRound: t.currentRound, roundCount: t.roundCount, inProgress: t.inProgress, completed: t.completed,
    cancelled: t.cancelled, closed: t.closed, roundStartDates: t.roundStartDates, winnerTeamUid: t.winnerTeamUid,
    championTeamUid: playFacts(t, ctx.teams, ctx.matches).championTeamUid,
    teams: toTeams(ctx),
    teamCount: teamCountOf(t, ctx.teams.length),
    rated: t.rated,
    ...tournamentNight(t, ctx.teams, ctx.matches),
    version: t.version,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  };
}

export function toState(t: TournamentRow, teams: Pick<TeamRow, 'uid' | 'seed' | 'dropped' | 'checkedInAt'>[], matches: EngineMatchRow[]): TournamentState {
  // the state's fields of the event night, not the host's settings: the live body is cached and sent
  // as made, past the reply schema, so a field too many would reach every client
  const { startsAt, checkIn, checkInStatus, lateEntryOpen, roundMinutes, roundEndsAt } = tournamentNight(t, teams, matches);
  return {
    ...playFacts(t, teams, matches),
    uid: t.uid, version: t.version, format: t.format, signupsOpen: t.signupsOpen, deckSubmissionOpen: t.deckSubmissionOpen,
    currentRound: t.currentRound, roundCount: t.roundCount, inProgress: t.inProgress, completed: t.completed,
    cancelled: t.cancelled, closed: t.closed, roundStartDates: t.roundStartDates, winnerTeamUid: t.winnerTeamUid,
    updatedAt: t.updatedAt.toISOString(), teamCount: teamCountOf(t, teams.length), activeTeamCount: teams.filter((x) => !x.dropped).length,
    startsAt, checkIn, checkInStatus, lateEntryOpen, roundMinutes, roundEndsAt,
  };
}

/**
 * Both teams reported, their reports disagree, and nobody decided yet (an override completes the
 * match): the public score is 'Disputed', not either side's claim.
 */
export function isDisputed(m: Pick<MatchRow, 'complete' | 'reportFromTeam1' | 'reportFromTeam2'>): boolean {
  const [one, two] = [m.reportFromTeam1, m.reportFromTeam2];
  return !m.complete && !!one && !!two && !(one.gamesWon === two.gamesLost && one.gamesLost === two.gamesWon);
}

/**
 * Spec 2 §4: Completed if complete; In Progress if a score exists (or a side reported); otherwise
 * Scheduled. A disputed match has no finalScore (schema.ts, matches.team1Wins).
 */
export function toMatch(m: MatchRow, teamName: (uid: string | null) => string | null, roundEnd: string | null = null): Match {
  const disputed = isDisputed(m);
  const score = !disputed && m.team1Wins !== null && m.team2Wins !== null ? { team1Wins: m.team1Wins, team2Wins: m.team2Wins } : null;
  return {
    id: m.id, matchId: m.id, roundNumber: m.roundNumber, bracket: m.bracket as Match['bracket'], position: m.position,
    team1Id: m.team1Uid, team2Id: m.team2Uid, team1Name: teamName(m.team1Uid), team2Name: teamName(m.team2Uid),
    bye: m.bye, complete: m.complete,
    status: matchStatus({ complete: m.complete, hasScore: !!(score || m.reportFromTeam1 || m.reportFromTeam2) }),
    finalScore: score,
    outcome: m.complete ? { winnerTeamId: m.winnerTeamUid } : null,
    reportFromTeam1: m.reportFromTeam1 ?? null, reportFromTeam2: m.reportFromTeam2 ?? null,
    flaggedForReview: m.flaggedForReview, flaggedMessage: m.flaggedMessage,
    disputed,
    overridden: m.complete && m.overridden,
    ...matchNight(m, roundEnd),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** A match as the result rules read it. */
export function reportedMatch(m: MatchRow): ReportedMatch {
  return {
    bye: m.bye, team1: m.team1Uid, team2: m.team2Uid, round: m.roundNumber, complete: m.complete, tieAllowed: allowsTie(m.bracket as Bracket),
    reportFromTeam1: m.reportFromTeam1 ?? null, reportFromTeam2: m.reportFromTeam2 ?? null,
  };
}

export function toEngineTeam(t: Pick<TeamRow, 'uid' | 'seed' | 'dropped'>): EngineTeam {
  return { id: t.uid, seed: t.seed, dropped: t.dropped };
}

export function toEngineMatch(m: EngineMatchRow): EngineMatch {
  return {
    round: m.roundNumber, bracket: m.bracket as EngineMatch['bracket'], position: m.position, team1: m.team1Uid, team2: m.team2Uid,
    bye: m.bye, complete: m.complete, team1Wins: m.team1Wins, team2Wins: m.team2Wins, winner: m.winnerTeamUid,
    ...(m.missed && { missed: true }),
  };
}

/** The host's Swiss rounds and top cut (null: the rule), and seeding by rating in a series, as the engine takes them. */
export function choiceOf(t: Pick<TournamentRow, 'topCut' | 'swissRounds'> & Partial<Pick<TournamentRow, 'seedByRating' | 'seriesUid'>>): EventChoice {
  return { topCut: t.topCut, swissRounds: t.swissRounds, ...(t.seedByRating && t.seriesUid && { seededRound1: true }) };
}
