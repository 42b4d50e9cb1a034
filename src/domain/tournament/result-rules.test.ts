// The results a match may have (issue 18 §3): a table of the cases the admin panel met, and
// properties over every small result.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { resultProblem, winnerOfGames, type ProposedResult } from './result-rules.ts';

const swiss = (team1Wins: number, team2Wins: number, winner: 1 | 2 | null, bestOf = 3): ProposedResult => ({ team1Wins, team2Wins, winner, bestOf, tieAllowed: true });
const bracket = (team1Wins: number, team2Wins: number, winner: 1 | 2 | null, bestOf = 3): ProposedResult => ({ team1Wins, team2Wins, winner, bestOf, tieAllowed: false });

describe('resultProblem: the table', () => {
  test.each([
    ['team 1 wins 2–0', swiss(2, 0, 1), null],
    ['team 1 wins 2–1', swiss(2, 1, 1), null],
    ['team 2 wins 1–2', swiss(1, 2, 2), null],
    ['a tie 1–1', swiss(1, 1, null), null],
    ['a tie by agreement 0–0', swiss(0, 0, null), null],
    ['a best of 1 won 1–0', swiss(1, 0, 1, 1), null],
    ['a best of 5 won 3–2', swiss(3, 2, 1, 5), null],
    ['a bracket match won 0–2 by team 2', bracket(0, 2, 2), null],
    ['a tie stored with 3–0', swiss(3, 0, null), 'team1Wins: a tie has as many games on each side (3–0 is not a tie)'],
    ['a tie 0–2', swiss(0, 2, null), 'team2Wins: a tie has as many games on each side (0–2 is not a tie)'],
    ['a winner with 0–0', swiss(0, 0, 1), 'team1Wins: the winner must have won more games than the loser (0–0)'],
    ['team 2 the winner with 0–0', swiss(0, 0, 2), 'team2Wins: the winner must have won more games than the loser (0–0)'],
    ['a winner with fewer games', swiss(0, 2, 1), 'team1Wins: the winner must have won more games than the loser (0–2)'],
    ['a winner with as many games', swiss(1, 1, 2), 'team2Wins: the winner must have won more games than the loser (1–1)'],
    ['more than best-of in all', swiss(2, 2, null), 'team1Wins: a best of 3 has at most 3 games in all (2–2 is 4)'],
    ['more than best-of for the loser', swiss(1, 3, 2), 'team2Wins: a best of 3 has at most 3 games in all (1–3 is 4)'],
    ['a best of 1 won 2–0', swiss(2, 0, 1, 1), 'team1Wins: a best of 1 has at most 1 games in all (2–0 is 2)'],
    ['a tie in a bracket', bracket(1, 1, null), 'winner: a bracket match needs a winner'],
    ['negative games', swiss(-1, 0, 2), 'team1Wins: must be a whole number from 0'],
    ['half a game', swiss(1, 0.5, 1), 'team2Wins: must be a whole number from 0'],
  ])('%s', (_name, result, expected) => {
    const problem = resultProblem(result);
    expect(problem && `${problem.field}: ${problem.message}`).toBe(expected);
  });
});

describe('resultProblem: properties', () => {
  const games = fc.integer({ min: 0, max: 12 });
  const result = fc.record({
    team1Wins: games, team2Wins: games, winner: fc.constantFrom<1 | 2 | null>(1, 2, null),
    bestOf: fc.integer({ min: 1, max: 9 }), tieAllowed: fc.boolean(),
  });

  test('a result is accepted exactly when its games name its winner and fit in the best-of', () => {
    fc.assert(fc.property(result, (r) => {
      const possible = r.team1Wins + r.team2Wins <= r.bestOf && winnerOfGames(r.team1Wins, r.team2Wins) === r.winner && (r.winner !== null || r.tieAllowed);
      expect(resultProblem(r) === null).toBe(possible);
    }), { numRuns: 2000 });
  });

  test('the two sides are alike: swapping the teams (and the winner) keeps the verdict and, for unequal games, mirrors the field', () => {
    fc.assert(fc.property(result, (r) => {
      const swapped = { ...r, team1Wins: r.team2Wins, team2Wins: r.team1Wins, winner: r.winner === null ? null : r.winner === 1 ? 2 as const : 1 as const };
      const a = resultProblem(r);
      const b = resultProblem(swapped);
      expect(b === null).toBe(a === null);
      if (a && b && a.field !== 'winner' && r.team1Wins !== r.team2Wins) expect(b.field).not.toBe(a.field);
    }), { numRuns: 2000 });
  });

  test('a refusal names a field and says a sentence; an accepted result stays accepted with a longer best-of', () => {
    fc.assert(fc.property(result, (r) => {
      const problem = resultProblem(r);
      if (problem) {
        expect(['team1Wins', 'team2Wins', 'winner']).toContain(problem.field);
        expect(problem.message).toMatch(/^[a-z].*\w\)?$/);
      } else {
        expect(resultProblem({ ...r, bestOf: r.bestOf + 2 })).toBeNull();
      }
    }), { numRuns: 2000 });
  });

  test('a report (its winner read from its games) fails only for the best-of or a bracket tie', () => {
    fc.assert(fc.property(result, (r) => {
      const problem = resultProblem({ ...r, winner: winnerOfGames(r.team1Wins, r.team2Wins) });
      const expected = r.team1Wins + r.team2Wins > r.bestOf || (r.team1Wins === r.team2Wins && !r.tieAllowed);
      expect(problem !== null).toBe(expected);
    }), { numRuns: 2000 });
  });
});
