// Rows of the league tables as the API answers them (src/domain/api/leagues.ts).
import {
  LEAGUE_QUEUE_MINUTES, type League, type LeaderboardRow, type LeagueDeck, type LeagueMatch, type LeaguePhase, type LeagueRun, type LeagueSummary,
} from '../../../domain/api/leagues.ts';
import { isWaiting } from '../../../domain/leagues/pairing.ts';
import { decideBy } from '../../../domain/leagues/league-clock.ts';
import { isPerfect, runPoints } from '../../../domain/leagues/leaderboard.ts';
import { roomVisible } from '../../../domain/leagues/match-rules.ts';
import { edoproNumbers } from '../../../domain/series/edopro-numbers.ts';
import { FILTER_CODES, RULE_CODES } from '../../../domain/series/rules.ts';
import { roomName } from '../../../domain/tournaments/rooms.ts';
import { Lru } from '../../http/http-cache.ts';
import { tournamentList } from '../tournaments/tournament-views.ts';
import type { LeagueRow, MatchRow, RunRow } from './leagues-repository.ts';

/** Who reads: their Discord id, and whether they host the league. */
export interface Viewer {
  discordId: string;
  host: boolean;
}

/** Its hosts: its creator and the admins. */
export const isHost = (user: { discordId: string; auth: number } | null | undefined, l: Pick<LeagueRow, 'createdBy'>): boolean =>
  !!user && (user.auth >= 2 || user.discordId === l.createdBy);

export const viewerOf = (user: { discordId: string; auth: number } | null | undefined, l: Pick<LeagueRow, 'createdBy'>): Viewer | null =>
  user ? { discordId: user.discordId, host: isHost(user, l) } : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The league's list (the series' text may hold several): parsed once per league, for it never changes. */
const lists = new Lru<string, ReturnType<typeof tournamentList>>(100);
export function leagueList(l: Pick<LeagueRow, 'id' | 'banlist' | 'banlistName'>) {
  let list = lists.get(l.id);
  if (list === undefined) lists.set(l.id, (list = tournamentList(l)));
  return list;
}

export function toSummary(l: LeagueRow, counts: { runs: number; players: number }, phase: LeaguePhase): LeagueSummary {
  return {
    id: l.id, name: l.name, seriesId: l.seriesId, seriesName: l.seriesName, banlistName: l.banlistName, banlistDate: l.banlistDate,
    startsAt: l.startsAt.toISOString(), endsAt: l.endsAt.toISOString(), phase, matchesPerRun: l.matchesPerRun, bestOf: l.bestOf,
    confirmHours: l.confirmHours, runs: counts.runs, players: counts.players, rated: l.rated, createdAt: l.createdAt.toISOString(),
  };
}

/** The match as anyone reads it; its room only to its players and the hosts, while it is open. */
export function toMatch(m: MatchRow, name: (id: string) => string, viewer: Viewer | null): LeagueMatch {
  const facts = { state: m.state, player1Id: m.player1Id, player2Id: m.player2Id, reportedBy: m.reportedBy, confirmBy: m.confirmBy };
  const winner = m.winnerRunId === null || m.state === 'void' || m.state === 'playing' ? null : m.winnerRunId === m.run1Id ? m.player1Id : m.player2Id;
  const reporterIs1 = m.reportedBy === m.player1Id;
  const shown = m.state !== 'playing' && m.state !== 'void';
  return {
    id: m.id, leagueId: m.leagueId, state: m.state,
    player1: { runId: m.run1Id, discordId: m.player1Id, displayName: name(m.player1Id), games: shown ? m.games1 : null },
    player2: { runId: m.run2Id, discordId: m.player2Id, displayName: name(m.player2Id), games: shown ? m.games2 : null },
    winnerDiscordId: winner,
    report: m.reportedBy && m.reportedAt && m.confirmBy
      ? {
        byDiscordId: m.reportedBy, gamesWon: (reporterIs1 ? m.reportGames1 : m.reportGames2) ?? 0, gamesLost: (reporterIs1 ? m.reportGames2 : m.reportGames1) ?? 0,
        at: m.reportedAt.toISOString(), confirmBy: m.confirmBy.toISOString(),
      }
      : null,
    dispute: m.disputedBy && m.disputedAt ? { byDiscordId: m.disputedBy, at: m.disputedAt.toISOString(), reason: m.disputeReason } : null,
    decidedByDiscordId: m.decidedBy,
    resolution: m.resolution,
    createdAt: m.createdAt.toISOString(),
    completedAt: iso(m.completedAt),
    ...(roomVisible(facts, viewer) && { room: { name: roomName(m.leagueId, null, m.id), password: m.roomPassword } }),
  };
}

export interface RunContext {
  league: Pick<LeagueRow, 'matchesPerRun'>;
  name: (id: string) => string;
  matches: MatchRow[];
  viewer: Viewer | null;
  now: Date;
  /** the cards with their names, when this viewer may see them */
  deck: LeagueDeck | null;
  published: boolean;
}

export function toRun(r: RunRow, ctx: RunContext): LeagueRun {
  return {
    id: r.id, leagueId: r.leagueId, discordId: r.discordId, displayName: ctx.name(r.discordId), status: r.status,
    matchesPerRun: ctx.league.matchesPerRun, matchCount: r.matchCount, played: r.played, wins: r.wins, losses: r.losses,
    gamesWon: r.gamesWon, gamesLost: r.gamesLost, points: runPoints(r.wins, ctx.league.matchesPerRun), perfect: isPerfect(r.wins, ctx.league.matchesPerRun),
    startedAt: r.startedAt.toISOString(), endedAt: iso(r.endedAt),
    waiting: isWaiting(r, ctx.now), queuedUntil: isWaiting(r, ctx.now) ? iso(r.queuedUntil) : null, currentMatchId: r.currentMatchId,
    mainCount: r.mainDeck.length, extraCount: r.extraDeck.length, sideCount: r.sideDeck.length,
    deck: ctx.deck, deckPublished: ctx.published,
    matches: ctx.matches.map((m) => toMatch(m, ctx.name, ctx.viewer)),
  };
}

/** The public part of GET /api/leagues/{id}: everything but the reader's own (isHost, myRun). */
export type LeaguePublic = Omit<League, 'isHost' | 'myRun'>;

export function toLeaguePublic(l: LeagueRow, ctx: {
  phase: LeaguePhase; runs: number; players: number; queueSize: number; leaderboard: LeaderboardRow[]; toDecide: LeagueMatch[]; createdByName: string;
}): LeaguePublic {
  const s = l.settings;
  const ruleOptions = RULE_CODES.filter((c) => s.ruleOptions.includes(c));
  const cardTypeFilters = FILTER_CODES.filter((c) => s.cardTypeFilters.includes(c));
  const list = leagueList(l);
  return {
    ...toSummary(l, ctx, ctx.phase),
    createdBy: { discordId: l.createdBy, displayName: ctx.createdByName },
    banlistName: l.banlistName ?? list?.name ?? null,
    hasBanlist: !!list, banlistWhitelist: list?.whitelist ?? false,
    deckPrivacy: l.deckPrivacy, queueMinutes: LEAGUE_QUEUE_MINUTES, decideBy: decideBy(l.endsAt).toISOString(),
    relay: s.relay, dontShuffleDeck: s.dontShuffleDeck, dontCheckDeckContents: s.dontCheckDeckContents, dontCheckDeckSize: s.dontCheckDeckSize,
    tcgSegocRulings: s.tcgSegocRulings, startingLp: s.startingLp, startingHand: s.startingHand, cardsPerDraw: s.cardsPerDraw,
    minMainDeckSize: s.minMainDeckSize, maxMainDeckSize: s.maxMainDeckSize, minExtraDeckSize: s.minExtraDeckSize, maxExtraDeckSize: s.maxExtraDeckSize,
    minSideDeckSize: s.minSideDeckSize, maxSideDeckSize: s.maxSideDeckSize, ruleOptions, cardTypeFilters,
    ...edoproNumbers({ ...s, ruleOptions, cardTypeFilters }),
    queueSize: ctx.queueSize, leaderboard: ctx.leaderboard, toDecide: ctx.toDecide,
    version: l.version, leaderboardVersion: l.leaderboardVersion, updatedAt: l.updatedAt.toISOString(),
  };
}
