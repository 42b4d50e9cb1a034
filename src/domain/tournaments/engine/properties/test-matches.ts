// Compact match builders for the tests of this folder.
import type { Bracket, EngineMatch, EngineTeam } from '../../types.ts';

/** A complete match won by `winner` 2-0 (null: a 1-1 tie). */
export function played(round: number, a: string, b: string, winner: string | null, bracket: Bracket = 'swiss', position = 1): EngineMatch {
  return {
    round,
    bracket,
    position,
    team1: a,
    team2: b,
    bye: false,
    complete: true,
    team1Wins: winner === a ? 2 : winner === null ? 1 : 0,
    team2Wins: winner === b ? 2 : winner === null ? 1 : 0,
    winner,
  };
}

/** A Swiss bye: a 2-0 win. */
export function swissBye(round: number, team: string, position = 99): EngineMatch {
  return { round, bracket: 'swiss', position, team1: team, team2: null, bye: true, complete: true, team1Wins: 2, team2Wins: 0, winner: team };
}

/** Teams by id in seed order. */
export function teamsOf(...ids: string[]): EngineTeam[] {
  return ids.map((id, i) => ({ id, seed: i + 1, dropped: false }));
}
