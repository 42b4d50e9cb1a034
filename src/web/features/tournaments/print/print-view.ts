// What the print view computes from its reads (issue 19): the alphabetical list halls post beside
// the pairings, which view an address asks for, and the words of its headings. Pure, so tests and
// the bench use them without a browser.
import type { PairingRow, PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import { roundName } from '../../../../domain/tournaments/round-name.ts';
import type { Bracket } from '../../../../domain/tournaments/types.ts';

/** One line of the list by player: where to sit and whom to meet. */
export interface PlayerSeat {
  player: string;
  team: string;
  /** null: a bye */
  table: number | null;
  opponent: string | null;
  /** a row key: the match and the player's place in it */
  key: string;
}

/** The rows the pairings list prints: a table or a bye (missed rounds and matches still waiting are not pairings). */
export function printedPairings(rows: readonly PairingRow[]): PairingRow[] {
  return rows.filter((r) => r.status === 'Bye' || (r.table !== null && r.team1 && r.team2));
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Every player of the round in alphabetical order (accents and case aside, 'Player 2' before
 * 'Player 10') with their table and opponent; a team without players is listed by its name.
 */
export function seatsByPlayer(rows: readonly PairingRow[]): PlayerSeat[] {
  const seats: PlayerSeat[] = [];
  for (const r of printedPairings(rows)) {
    const sides = [[r.team1, r.team2], [r.team2, r.team1]] as const;
    for (const [side, [team, other]] of sides.entries()) {
      if (!team) continue;
      const players = team.players.length ? team.players : [team.name];
      players.forEach((player, i) => seats.push({ player, team: team.name, table: r.table, opponent: other?.name ?? null, key: `${r.matchId}:${side}:${i}` }));
    }
  }
  return seats.sort((a, b) => collator.compare(a.player, b.player) || collator.compare(a.team, b.team));
}

/**
 * What the address asks for: a round's pairings (`?round=N`, or the current round), its match slips
 * (`?slips`, with `&round=N` or not), or the standings (`?standings`).
 */
export type PrintTarget = { kind: 'standings' } | { kind: 'pairings' | 'slips'; round: number | undefined };

export function printTarget(search: URLSearchParams): PrintTarget {
  if (search.has('standings')) return { kind: 'standings' };
  const round = Number(search.get('round'));
  return { kind: search.has('slips') ? 'slips' : 'pairings', round: Number.isInteger(round) && round >= 1 ? round : undefined };
}

/** The host's Swiss rounds and top cut (GET /api/tournaments/{id}); null: the rule's, as when not known. */
export interface CutChoice {
  swissRounds: number | null;
  topCut: number | null;
}

/**
 * The sheet's round by the name the event page gives it (issue 30 §4): 'Swiss round 2 of 3', 'Top 4:
 * semifinals', 'Final', 'Round 2 of 5'; the brackets of its rows say a cut round outright.
 */
export function roundTitle(p: Pick<PrintPairings, 'format' | 'round' | 'roundCount' | 'rows'>, choice: CutChoice | undefined): string {
  const brackets = [...new Set(p.rows.map((r) => r.bracket as Bracket))];
  return roundName({ format: p.format, round: p.round, roundCount: p.roundCount, swissRounds: choice?.swissRounds ?? null, topCut: choice?.topCut ?? null, brackets });
}

/** The standings sheet's heading: 'Final standings', 'Standings before the first round', 'Standings, Swiss round 2 of 3'. */
export function standingsHeading(s: Pick<PrintStandings, 'final' | 'format' | 'currentRound' | 'roundCount'>, choice: CutChoice | undefined): string {
  if (s.final) return 'Final standings';
  if (s.currentRound < 1) return 'Standings before the first round';
  return `Standings, ${roundName({ format: s.format, round: s.currentRound, roundCount: s.roundCount, swissRounds: choice?.swissRounds ?? null, topCut: choice?.topCut ?? null })}`;
}

/** A time of day in the viewer's time zone, '19:50' or '7:50 PM' as their locale writes it. */
export function clockTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** A pairing's result as the sheet shows it: the games once the match is complete, else nothing (room to write it by hand). */
export function resultText(r: PairingRow): string {
  if (r.status === 'Disputed') return 'Disputed';
  if (r.status !== 'Completed' || r.team1Wins === null || r.team2Wins === null) return '';
  return `${r.team1Wins}–${r.team2Wins}${r.winnerTeamId === null ? ' (tie)' : ''}`;
}
