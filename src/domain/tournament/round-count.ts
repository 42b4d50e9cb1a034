// How many rounds each format plays, from the number of teams at the start.
import { doubleEliminationRounds } from './double-elimination.ts';
import type { TournamentFormat } from './formats.ts';

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

/** Total rounds of an event (the tournament's roundCount) for n teams at the start. */
export function roundCount(format: TournamentFormat, n: number): number {
  switch (format) {
    case 'DEFAULT': {
      const cut = topCutSize(n);
      return swissRounds(n) + (cut > 0 ? Math.log2(cut) : 0);
    }
    case 'ROUND_ROBIN':
      return roundRobinRounds(n);
    case 'DOUBLE_ELIM':
      return n < 2 ? 0 : doubleEliminationRounds(n);
  }
}
