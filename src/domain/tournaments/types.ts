/** Which part of an event a match belongs to. */
export type Bracket = 'swiss' | 'top' | 'winners' | 'losers' | 'grand' | 'rr';

/** A team as the engine sees it. `seed` 1 is the best; sign-up order when nothing better is known. */
export interface EngineTeam {
  id: string;
  seed: number;
  dropped: boolean;
}

/**
 * A stored match. `round` is the 1-based tournament round; `position` orders matches within
 * (round, bracket) and is the stable identity of a bracket slot. team null: TBD or no opponent.
 * complete && !bye && winner null => a tie. A walkover (a dropped team's match) is complete with
 * a winner and null wins. A missed round (`missed`: a late entry's round before it joined) is
 * complete, team1 the late team, no opponent, no winner: a loss with no opponent.
 */
export interface EngineMatch {
  round: number;
  bracket: Bracket;
  position: number;
  team1: string | null;
  team2: string | null;
  bye: boolean;
  complete: boolean;
  team1Wins: number | null;
  team2Wins: number | null;
  winner: string | null;
  /** a late entry's round before it joined (absent: false) */
  missed?: boolean;
}

/** A result to record on a match: winner null is a tie. */
export interface MatchResult {
  winner: string | null;
  team1Wins: number | null;
  team2Wins: number | null;
}

/** The identity of a match: bracket, round and position. */
export function matchKey(m: Pick<EngineMatch, 'bracket' | 'round' | 'position'>): string {
  return `${m.bracket}:${m.round}:${m.position}`;
}

/** Ties are allowed in Swiss and Round Robin only; an elimination match needs a winner. */
export function allowsTie(bracket: Bracket): boolean {
  return bracket === 'swiss' || bracket === 'rr';
}

/** A complete match of two teams that a dropped team forfeits: the other team wins, no games. */
export function walkover(m: EngineMatch, winner: string): EngineMatch {
  return { ...m, complete: true, winner, team1Wins: null, team2Wins: null };
}

/** An order-independent key for a pair of teams. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}
