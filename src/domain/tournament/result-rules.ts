// What a match result may be (issue 18 §3): the rule an admin's override and a team's score report
// both pass. Pure; the routes turn a refusal into a 400 naming the field.

/** A result as an override sends it (or a report, seen from team 1): games per side and the winner. */
export interface ProposedResult {
  team1Wins: number;
  team2Wins: number;
  /** 1 or 2, or null for a tie */
  winner: 1 | 2 | null;
  /** the match's best-of: never more games than this in all */
  bestOf: number;
  /** the match may end in a tie (Swiss and round robin; a bracket match needs a winner) */
  tieAllowed: boolean;
}

/** Which number (or the winner) a refusal is about. */
export type ResultField = 'team1Wins' | 'team2Wins' | 'winner';

export interface ResultProblem {
  field: ResultField;
  /** the sentence after the field's name: "team1Wins: {message}" */
  message: string;
}

/**
 * Null for a result that can happen, else what is wrong with it: each side's games a whole number
 * from 0; at most bestOf games in all; a winner with more games than the loser; a tie with as many
 * games on each side (0–0 included: a tie by agreement), and only where a tie is allowed.
 */
export function resultProblem(r: ProposedResult): ResultProblem | null {
  for (const field of ['team1Wins', 'team2Wins'] as const) {
    if (!Number.isInteger(r[field]) || r[field] < 0) return { field, message: 'must be a whole number from 0' };
  }
  const total = r.team1Wins + r.team2Wins;
  if (total > r.bestOf) {
    const field = r.team1Wins >= r.team2Wins ? 'team1Wins' : 'team2Wins';
    return { field, message: `a best of ${r.bestOf} has at most ${r.bestOf} games in all (${r.team1Wins}–${r.team2Wins} is ${total})` };
  }
  if (r.winner === null) {
    if (!r.tieAllowed) return { field: 'winner', message: 'a bracket match needs a winner' };
    if (r.team1Wins !== r.team2Wins) {
      return { field: r.team1Wins > r.team2Wins ? 'team1Wins' : 'team2Wins', message: `a tie has as many games on each side (${r.team1Wins}–${r.team2Wins} is not a tie)` };
    }
    return null;
  }
  const [won, lost] = r.winner === 1 ? [r.team1Wins, r.team2Wins] : [r.team2Wins, r.team1Wins];
  if (won <= lost) {
    return { field: r.winner === 1 ? 'team1Wins' : 'team2Wins', message: `the winner must have won more games than the loser (${r.team1Wins}–${r.team2Wins})` };
  }
  return null;
}

/** The winner games say: the side with more of them, or null for equal games. */
export function winnerOfGames(team1Wins: number, team2Wins: number): 1 | 2 | null {
  return team1Wins > team2Wins ? 1 : team2Wins > team1Wins ? 2 : null;
}
