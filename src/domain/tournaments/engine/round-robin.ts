// Round Robin by the circle method: every pair of entrants meets exactly once. With an odd count
// one team sits out each round: a bye row (bye, complete, no winner) that scores nothing and counts
// in no percentage (Konami and Challonge treat it as no match). A dropped team forfeits its
// remaining matches (walkovers for the opponent); a pair of two dropped teams is not played.
import { walkover, type EngineMatch } from '../types.ts';

/** The pairs of seed indices (0-based) meeting in a round; -1 is the sit-out's empty opponent. */
export function roundRobinPairs(n: number, round: number): Array<[number, number]> {
  if (n < 2) return [];
  const size = n % 2 === 0 ? n : n + 1;
  const turns = size - 1;
  const shift = (((round - 1) % turns) + turns) % turns;
  // seat 0 stays, the others turn one seat per round
  const seats = [0, ...Array.from({ length: turns }, (_, j) => 1 + ((j - shift + turns) % turns))];
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < size / 2; i++) {
    const a = seats[i]!;
    const b = seats[size - 1 - i]!;
    const [x, y] = a < b ? [a, b] : [b, a];
    pairs.push([x, y >= n ? -1 : y]);
  }
  // real matches first (better seed on top), the sit-out last
  return pairs.sort((p, q) => Number(p[1] === -1) - Number(q[1] === -1) || p[0] - q[0]);
}

/** The matches of one Round Robin round for the entrants in seed order. */
export function roundRobinRound(entrants: readonly string[], round: number, dropped: ReadonlySet<string> = new Set()): EngineMatch[] {
  const out: EngineMatch[] = [];
  for (const [i, j] of roundRobinPairs(entrants.length, round)) {
    const a = entrants[i]!;
    const base = { round, bracket: 'rr' as const, position: out.length + 1, team1Wins: null, team2Wins: null, winner: null };
    if (j === -1) {
      if (!dropped.has(a)) out.push({ ...base, team1: a, team2: null, bye: true, complete: true });
      continue;
    }
    const b = entrants[j]!;
    if (dropped.has(a) && dropped.has(b)) continue;
    const m: EngineMatch = { ...base, team1: a, team2: b, bye: false, complete: false };
    out.push(dropped.has(a) ? walkover(m, b) : dropped.has(b) ? walkover(m, a) : m);
  }
  return out;
}
