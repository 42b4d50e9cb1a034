import { describe, expect, test } from 'vitest';
import { cutProblem, recommended, roundCount, swissRounds, swissRoundsOf, topCutOf, topCutSize } from './round-count.ts';

describe('round counts', () => {
  test.each([
    [2, 3],
    [8, 3],
    [9, 4],
    [16, 4],
    [17, 5],
    [300, 9],
    [4096, 12],
  ])('Swiss rounds for %i teams: %i (max(3, ceil(log2 n)))', (n, rounds) => expect(swissRounds(n)).toBe(rounds));

  test.each([
    [7, 0],
    [8, 2],
    [15, 2],
    [16, 4],
    [31, 4],
    [32, 8],
    [1000, 8],
  ])('top cut for %i teams: %i (2^floor(log2(n/4)), at most 8, none below 8)', (n, cut) => expect(topCutSize(n)).toBe(cut));

  test.each([
    ['DEFAULT', 2, 3],
    ['DEFAULT', 7, 3],
    ['DEFAULT', 8, 4],
    ['DEFAULT', 16, 6],
    ['DEFAULT', 32, 8],
    ['DEFAULT', 4096, 15],
    ['ROUND_ROBIN', 2, 1],
    ['ROUND_ROBIN', 5, 5],
    ['ROUND_ROBIN', 6, 5],
    // double elimination: every bracket round, the losers bracket packed beside the winners
    // bracket, the grand final and its reset
    ['DOUBLE_ELIM', 2, 3],
    ['DOUBLE_ELIM', 3, 5],
    ['DOUBLE_ELIM', 4, 5],
    ['DOUBLE_ELIM', 5, 7],
    ['DOUBLE_ELIM', 8, 7],
    ['DOUBLE_ELIM', 16, 9],
    ['DOUBLE_ELIM', 64, 13],
  ] as const)('%s with %i teams: %i rounds', (format, n, rounds) => expect(roundCount(format, n)).toBe(rounds));
});

describe('the host’s Swiss rounds and top cut (issue 19)', () => {
  test.each([
    [2, 3, 0],
    [7, 3, 0],
    [8, 3, 2],
    [10, 4, 2],
    [16, 4, 4],
    [32, 5, 8],
    [4096, 12, 8],
  ])('recommended for %i teams: %i Swiss rounds, a cut of %i', (n, rounds, cut) =>
    expect(recommended(n)).toEqual({ swissRounds: rounds, topCut: cut }));

  test.each([
    // n, choice, swiss rounds, cut, roundCount
    [12, {}, 4, 2, 5],
    [12, { topCut: null, swissRounds: null }, 4, 2, 5],
    [12, { topCut: 4 }, 4, 4, 6],
    [12, { topCut: 0 }, 4, 0, 4],
    [12, { swissRounds: 6 }, 6, 2, 7],
    [12, { swissRounds: 1, topCut: 8 }, 1, 8, 4],
    [4, { topCut: 4, swissRounds: 2 }, 2, 4, 4],
    [64, { topCut: 32, swissRounds: 20 }, 20, 32, 25],
    [5, { topCut: 2 }, 3, 2, 4],
  ] as const)('%i teams with %o: %i Swiss rounds, a cut of %i, %i rounds in all', (n, choice, rounds, cut, total) => {
    expect(swissRoundsOf(n, choice)).toBe(rounds);
    expect(topCutOf(n, choice)).toBe(cut);
    expect(roundCount('DEFAULT', n, choice)).toBe(total);
  });

  test.each([
    ['ROUND_ROBIN', 6, 5],
    ['DOUBLE_ELIM', 8, 7],
  ] as const)('%s ignores the choice: %i teams play %i rounds', (format, n, rounds) =>
    expect(roundCount(format, n, { topCut: 4, swissRounds: 9 })).toBe(rounds));

  test.each([
    ['DEFAULT', 10, { topCut: 4 }, null],
    ['DEFAULT', 4, { topCut: 4 }, null],
    ['DEFAULT', 3, { topCut: 4 }, 'The top cut of 4 is larger than the 3 active teams: choose a smaller cut in the event settings'],
    ['DEFAULT', 10, { topCut: 16 }, 'The top cut of 16 is larger than the 10 active teams: choose a smaller cut in the event settings'],
    ['DEFAULT', 10, { topCut: null }, null],
    ['DEFAULT', 10, { topCut: 0 }, null],
    ['ROUND_ROBIN', 3, { topCut: 32 }, null],
  ] as const)('%s, %i active teams, %o: %s', (format, active, choice, problem) => expect(cutProblem(format, active, choice)).toBe(problem));
});
