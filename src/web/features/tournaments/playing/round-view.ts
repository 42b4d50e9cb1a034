// Pure rules of the round being played (issue 19): tables, who reads a room, who adds time, when a
// player may drop, what the host may swap. Kept apart from React so they are tested with tables.
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import { ownDropWait } from '../../../../domain/tournaments/engine/drops.ts';
import { roundName, timeCalled } from '../../../../domain/tournaments/round-name.ts';
import { sideOf, sideName, type Side } from './match-view.ts';
import { isPrivileged, type Viewer } from '../tournament-view.ts';

type Live = Pick<Tournament, 'hostDiscordId' | 'inProgress' | 'completed' | 'currentRound'>;

/** 'Table 12', or null (a bye, a missed round, a match of a round not begun). */
export const tableLabel = (m: Pick<Match, 'table'>): string | null => (m.table !== null ? `Table ${m.table}` : null);

/** The brackets of a round's matches, once each ('swiss', 'top', 'grand'…): none when they are not loaded. */
export const roundBrackets = (matches: readonly Pick<Match, 'roundNumber' | 'bracket'>[], round: number) =>
  [...new Set(matches.filter((m) => m.roundNumber === round).map((m) => m.bracket))];

type Named = Pick<Tournament, 'format' | 'currentRound' | 'roundCount' | 'swissRounds' | 'topCut'>;

/** The current round's name, as the domain says it for every view: 'Swiss round 2 of 3', 'Top 4: semifinals', 'Final'. */
export const currentRoundName = (t: Named, matches: readonly Pick<Match, 'roundNumber' | 'bracket'>[]) =>
  roundName({ ...t, round: t.currentRound, brackets: roundBrackets(matches, t.currentRound) });

/** The line read out when the current round's time is called (a draw in Swiss, a winner in the cut). */
export const currentTimeCalled = (t: Pick<Tournament, 'currentRound'>, matches: readonly Pick<Match, 'roundNumber' | 'bracket'>[]) =>
  timeCalled(roundBrackets(matches, t.currentRound));

/** A match to be played now or already: two teams, no bye, its round reached, the event under way. */
const playable = (t: Live, m: Match) =>
  t.inProgress && !t.completed && !m.bye && !m.missed && m.team1Id !== null && m.team2Id !== null && m.roundNumber <= t.currentRound;

/** The room is asked for (the server answers it only to them): the match's players, the host and admins. */
export function mayReadRoom(t: Live, m: Match, viewer: Viewer | null | undefined, side: Side | null): boolean {
  return !!viewer && playable(t, m) && (side !== null || isPrivileged(t, viewer));
}

/** Add Time: the host or an admin who does not play in it, for a match of the current timed round still being played. */
export function mayExtend(t: Live, m: Match, viewer: Viewer | null | undefined, side: Side | null): boolean {
  return isPrivileged(t, viewer) && side === null && playable(t, m) && m.roundNumber === t.currentRound && !m.complete && m.endsAt !== null;
}

/** Why a player cannot drop now (null: they may): the server's rule (domain/tournaments/engine/drops.ts). */
export function dropWait(t: Live, ownMatch: Match | undefined): string | null {
  if (!ownMatch) return null;
  const paired = ownMatch.team1Id !== null && ownMatch.team2Id !== null;
  return ownDropWait(t, [{ roundNumber: ownMatch.roundNumber, bye: ownMatch.bye, missed: ownMatch.missed, complete: ownMatch.complete, paired }]);
}

/** A team the host may pick to swap: its match, its name, its table. */
export interface SwapChoice {
  matchId: number;
  teamId: string;
  label: string;
}

/**
 * Fix a pairing: the teams of the current Swiss round the host may swap, or the sentence that says
 * why none may (the server's rule: Swiss only, two matches without a result nor a report; byes stay).
 */
export function swapChoices(t: Live & Pick<Tournament, 'format'>, matches: readonly Match[]): { choices: SwapChoice[]; blocked: string | null } {
  if (!t.inProgress || t.completed) return { choices: [], blocked: 'Pairings can be swapped only while a round is played.' };
  const round = matches.filter((m) => m.roundNumber === t.currentRound);
  if (t.format !== 'DEFAULT' || round.some((m) => m.bracket !== 'swiss')) {
    return { choices: [], blocked: 'Only Swiss pairings can be swapped: a bracket or a round robin schedule follows from its seeding.' };
  }
  // only matches without a result nor a score report are offered; others of the round may have theirs (issue 30)
  const paired = round
    .filter((m) => !m.bye && !m.missed && m.team1Id && m.team2Id && !m.complete && !m.reportFromTeam1 && !m.reportFromTeam2)
    .sort((a, b) => (a.table ?? a.position) - (b.table ?? b.position));
  if (paired.length < 2) return { choices: [], blocked: 'A swap needs two matches of the round without a result.' };
  const choices = paired.flatMap((m) =>
    ([1, 2] as const).map((side) => ({
      matchId: m.id,
      teamId: (side === 1 ? m.team1Id : m.team2Id)!,
      label: `${sideName(m, side)} (${tableLabel(m) ?? `match #${m.id}`}, vs ${sideName(m, side === 1 ? 2 : 1)})`,
    })),
  );
  return { choices, blocked: null };
}

/** The two matches after a swap, as the confirmation says it: 'Table 1: A vs D · Table 2: C vs B'. */
export function swapPreview(matches: readonly Match[], a: SwapChoice, b: SwapChoice): string {
  const after = (m: Match, out: string, into: SwapChoice) =>
    ([1, 2] as const).map((side) => ((side === 1 ? m.team1Id : m.team2Id) === out ? nameIn(matches, into) : sideName(m, side))).join(' vs ');
  const ma = matches.find((m) => m.id === a.matchId)!;
  const mb = matches.find((m) => m.id === b.matchId)!;
  return `${tableLabel(ma) ?? `Match #${ma.id}`}: ${after(ma, a.teamId, b)} · ${tableLabel(mb) ?? `Match #${mb.id}`}: ${after(mb, b.teamId, a)}`;
}

function nameIn(matches: readonly Match[], c: SwapChoice): string {
  const m = matches.find((x) => x.id === c.matchId)!;
  return sideName(m, sideOf(m, c.teamId) ?? 1);
}
