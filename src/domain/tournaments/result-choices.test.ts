// The one-tap results of a best of N (issue 30 §2): the lists, and that each passes the server's rule.
import { describe, expect, test } from 'vitest';
import { choiceForSide, choiceOf, resultChoices, winsNeeded } from './result-choices.ts';
import { resultProblem } from './result-rules.ts';

const scores = (bestOf: number, tie: boolean) => resultChoices(bestOf, tie).map((c) => `${c.own}-${c.other} ${c.outcome}`);

describe('resultChoices', () => {
  test.each([
    [1, true, ['1-0 win', '0-1 loss', '0-0 draw']],
    [1, false, ['1-0 win', '0-1 loss']],
    [3, true, ['2-0 win', '2-1 win', '1-2 loss', '0-2 loss', '1-1 draw']],
    [3, false, ['2-0 win', '2-1 win', '1-2 loss', '0-2 loss']],
    [5, true, ['3-0 win', '3-1 win', '3-2 win', '2-3 loss', '1-3 loss', '0-3 loss', '2-2 draw']],
    [5, false, ['3-0 win', '3-1 win', '3-2 win', '2-3 loss', '1-3 loss', '0-3 loss']],
    [2, true, ['2-0 win', '0-2 loss', '1-1 draw']],
    [0, true, []],
    [2.5, true, []],
  ])('best of %s, ties %s', (bestOf, tie, expected) => expect(scores(bestOf, tie)).toEqual(expected));

  test('wins needed: a majority of the games', () => expect([1, 2, 3, 4, 5, 7].map(winsNeeded)).toEqual([1, 2, 2, 3, 3, 4]));

  test.each([1, 2, 3, 4, 5, 7, 9])('every choice of a best of %s is a result the server accepts, from either side', (bestOf) => {
    for (const tieAllowed of [true, false]) {
      for (const c of resultChoices(bestOf, tieAllowed)) {
        for (const side of [1, 2] as const) {
          expect(resultProblem({ ...choiceForSide(c, side), bestOf, tieAllowed }), `${c.own}-${c.other} from team ${side}`).toBeNull();
        }
      }
    }
  });
});

describe('a choice on a side', () => {
  const [twoOne] = resultChoices(3, true).slice(1);
  test('team 1 reports 2-1: team 1 wins 2–1', () => expect(choiceForSide(twoOne!, 1)).toEqual({ team1Wins: 2, team2Wins: 1, winner: 1 }));
  test('team 2 reports 2-1: team 2 wins 1–2', () => expect(choiceForSide(twoOne!, 2)).toEqual({ team1Wins: 1, team2Wins: 2, winner: 2 }));
  test('a loss from team 2: team 1 wins', () => expect(choiceForSide({ own: 0, other: 2, outcome: 'loss' }, 2)).toEqual({ team1Wins: 2, team2Wins: 0, winner: 1 }));
  test('a draw has no winner', () => expect(choiceForSide({ own: 1, other: 1, outcome: 'draw' }, 2)).toEqual({ team1Wins: 1, team2Wins: 1, winner: null }));
  test('the choice a score is', () => {
    const choices = resultChoices(3, true);
    expect(choiceOf(choices, 1, 2)?.outcome).toBe('loss');
    expect(choiceOf(choices, 0, 0)).toBeUndefined();
  });
});
