// The results a best-of-N match can end with, as one-tap choices (issue 30 §2): the match dialog's
// buttons, and the same list for a later Discord bot. Pure; every choice passes resultProblem.

/** A result seen from one side: that side's games first. */
export interface ResultChoice {
  /** games won by the side the list is seen from */
  own: number;
  /** games won by the other side */
  other: number;
  /** what the result is for the side the list is seen from */
  outcome: 'win' | 'loss' | 'draw';
}

/**
 * Games a side needs to win a best of N: a majority of the N games (2 of 3, 1 of 1, 3 of 5; for an
 * even N, one more than half, so that both sides cannot reach it).
 */
export function winsNeeded(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/**
 * Every result a best of N can end with, from one side: the wins in the order a score sheet reads
 * them (2–0, 2–1), then the losses (1–2, 0–2), then the draw where a tie is allowed. Decisive results
 * are the winner's winsNeeded against each smaller count that fits in N games. The draw is the
 * level score time is called on (1–1 in a best of 3, 0–0 in a best of 1, 2–2 in a best of 5); other
 * level scores (0–0 by agreement in a best of 3) are typed. Empty for a best-of that is not a whole
 * number from 1.
 */
export function resultChoices(bestOf: number, tieAllowed: boolean): ResultChoice[] {
  if (!Number.isInteger(bestOf) || bestOf < 1) return [];
  const need = winsNeeded(bestOf);
  const losers: number[] = [];
  for (let l = 0; l < need && need + l <= bestOf; l++) losers.push(l);
  const wins = losers.map((l): ResultChoice => ({ own: need, other: l, outcome: 'win' }));
  const losses = [...losers].reverse().map((l): ResultChoice => ({ own: l, other: need, outcome: 'loss' }));
  const level = Math.min(need - 1, Math.floor(bestOf / 2));
  return [...wins, ...losses, ...(tieAllowed ? [{ own: level, other: level, outcome: 'draw' as const }] : [])];
}

/** A choice seen from `side` as the match stores it: team 1's and team 2's games, and the winning side (null: a draw). */
export function choiceForSide(c: ResultChoice, side: 1 | 2): { team1Wins: number; team2Wins: number; winner: 1 | 2 | null } {
  const [team1Wins, team2Wins] = side === 1 ? [c.own, c.other] : [c.other, c.own];
  const winner = c.outcome === 'draw' ? null : (c.outcome === 'win') === (side === 1) ? 1 : 2;
  return { team1Wins, team2Wins, winner };
}

/** The choice a score is, seen from the same side, if it is one. */
export function choiceOf(choices: readonly ResultChoice[], own: number, other: number): ResultChoice | undefined {
  return choices.find((c) => c.own === own && c.other === other);
}
