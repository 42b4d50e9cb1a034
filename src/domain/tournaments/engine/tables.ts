// Table numbers of a round (issue 19): where each match is played, table 1 the top of the standings,
// fixed for the round. Pure: the server numbers a round's matches when the round begins.
import type { Bracket } from '../types.ts';

export interface TableCandidate {
  bracket: Bracket | string;
  position: number;
  team1: string | null;
  team2: string | null;
  bye: boolean;
  /** a late entry's missed round: a loss with no opponent, played nowhere */
  missed: boolean;
  /** already decided when the round begins: a walkover of a dropped team, played nowhere */
  complete: boolean;
  /** the table it already has (a table never moves within its round) */
  table: number | null;
}

/** Brackets of one round in the order their tables follow one another when standings tie. */
const BRACKET_ORDER: Record<string, number> = { swiss: 0, rr: 0, top: 1, winners: 1, losers: 2, grand: 3 };

/** A match that needs a table: two teams, to be played (a bye, a missed round and a walkover need none). */
export function needsTable(m: Pick<TableCandidate, 'team1' | 'team2' | 'bye' | 'missed' | 'complete'>): boolean {
  return !m.bye && !m.missed && !m.complete && m.team1 !== null && m.team2 !== null;
}

/**
 * The table of each match of one round that has none yet (by index into `matches`), numbered after
 * the tables the round already has. Without `rank` the order is the matches' position (Swiss: the
 * pairing already lists pairs best first); with it, by the better standing of the two teams (1 is the
 * best; a team without a rank comes last), then bracket, then position.
 */
export function assignTables(matches: readonly TableCandidate[], rank?: ReadonlyMap<string, number>): Map<number, number> {
  const standing = (m: TableCandidate) => {
    if (!rank) return 0;
    const of = (id: string | null) => (id === null ? Infinity : (rank.get(id) ?? Infinity));
    return Math.min(of(m.team1), of(m.team2));
  };
  const waiting = matches
    .map((m, index) => ({ m, index }))
    .filter(({ m }) => m.table === null && needsTable(m))
    .sort((a, b) => standing(a.m) - standing(b.m) || (BRACKET_ORDER[a.m.bracket] ?? 9) - (BRACKET_ORDER[b.m.bracket] ?? 9) || a.m.position - b.m.position);
  let next = Math.max(0, ...matches.map((m) => m.table ?? 0));
  return new Map(waiting.map(({ index }) => [index, ++next]));
}
