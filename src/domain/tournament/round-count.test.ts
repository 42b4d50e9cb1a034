import { describe, expect, test } from 'vitest';
import { roundCount, swissRounds, topCutSize } from './round-count.ts';

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
