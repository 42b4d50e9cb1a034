// How many rounds each format plays, from the number of teams at the start, and the host's own
// choice of Swiss rounds and top cut (issue 19) where the event has one.
import { doubleEliminationRounds } from './double-elimination.ts';
import type { TournamentFormat } from '../formats.ts';

/** Swiss rounds: max(3, ceil(log2 n)). */
export function swissRounds(n: number): number {
  return Math.max(3, Math.ceil(Math.log2(Math.max(1, n))));
}

/** Top cut after the Swiss rounds: 2^floor(log2(n/4)) teams, at most 8, none below 8 teams. */
export function topCutSize(n: number): number {
  if (n < 8) return 0;
  return Math.min(8, 2 ** Math.floor(Math.log2(n / 4)));
}

/** Round Robin rounds: n - 1, or n when n is odd (one team sits out each round). */
export function roundRobinRounds(n: number): number {
  return n < 2 ? 0 : n % 2 === 0 ? n - 1 : n;
}

/**
 * The host's Swiss rounds and top cut (Swiss → Top Cut only); null (or left out) is the rule above
 * for the number of teams at the start.
 */
export interface EventChoice {
  topCut?: number | null;
  swissRounds?: number | null;
  /** Swiss round 1 by seed (the host's seedByRating in a series), 1 v n/2+1, instead of a shuffle */
  seededRound1?: boolean;
}

/** What the rule recommends for n teams: what the Event tab shows beside the host's choice. */
export function recommended(n: number): { swissRounds: number; topCut: number } {
  return { swissRounds: swissRounds(n), topCut: topCutSize(n) };
}

/** The Swiss rounds an event of n teams plays: the host's, else the rule's. */
export function swissRoundsOf(n: number, choice?: EventChoice | null): number {
  return choice?.swissRounds ?? swissRounds(n);
}

/** The top cut an event of n teams plays after Swiss (0: none): the host's, else the rule's. */
export function topCutOf(n: number, choice?: EventChoice | null): number {
  return choice?.topCut ?? topCutSize(n);
}

/** Total rounds of an event (the tournament's roundCount) for n teams at the start. */
export function roundCount(format: TournamentFormat, n: number, choice?: EventChoice | null): number {
  switch (format) {
    case 'DEFAULT': {
      const cut = topCutOf(n, choice);
      return swissRoundsOf(n, choice) + (cut > 0 ? Math.log2(cut) : 0);
    }
    case 'ROUND_ROBIN':
      return roundRobinRounds(n);
    case 'DOUBLE_ELIM':
      return n < 2 ? 0 : doubleEliminationRounds(n);
  }
}

/** Why a host's top cut cannot be played by this field at the start (null: it can). */
export function cutProblem(format: TournamentFormat, active: number, choice?: EventChoice | null): string | null {
  if (format !== 'DEFAULT' || !choice?.topCut || choice.topCut <= active) return null;
  return `The top cut of ${choice.topCut} is larger than the ${active} active team${active === 1 ? '' : 's'}: choose a smaller cut in the event settings`;
}
