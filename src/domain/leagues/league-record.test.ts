import { describe, expect, test } from 'vitest';
import { bestRun, placeText, recordedRuns } from './league-record.ts';

const row = (place: number, top8: boolean, runs: [number, number, number][]) => ({
  place, top8, runResults: runs.map(([id, wins, losses]) => ({ id, wins, losses })),
});
const board = [row(1, true, [[1, 5, 0], [4, 0, 0]]), row(2, true, [[2, 3, 2]]), row(3, false, [[3, 1, 4], [5, 0, 1]])];

describe('recordedRuns', () => {
  test.each([
    ['top-cut: the top 8’s runs are published, the others counted by archetype only', 'top-cut' as const, [
      { runId: 1, place: 1, topCut: true, published: true }, { runId: 2, place: 2, topCut: true, published: true },
      { runId: 3, place: 3, topCut: false, published: false }, { runId: 5, place: 3, topCut: false, published: false },
    ]],
    ['all: every counted run is published', 'all' as const, [
      { runId: 1, place: 1, topCut: true, published: true }, { runId: 2, place: 2, topCut: true, published: true },
      { runId: 3, place: 3, topCut: false, published: true }, { runId: 5, place: 3, topCut: false, published: true },
    ]],
    ['closed: none is published', 'closed' as const, [
      { runId: 1, place: 1, topCut: true, published: false }, { runId: 2, place: 2, topCut: true, published: false },
      { runId: 3, place: 3, topCut: false, published: false }, { runId: 5, place: 3, topCut: false, published: false },
    ]],
  ])('%s; a run without a result (run 4) is not counted', (_label, privacy, expected) => {
    expect(recordedRuns(board, privacy)).toEqual(expected);
  });
});

describe('bestRun', () => {
  const r = (id: number, wins: number, losses: number) => ({ id, wins, losses });
  test.each([
    ['more wins first', [r(1, 3, 2), r(2, 4, 1)], 2],
    ['equal wins: fewer losses (4–0 of a run retired beats 4–1)', [r(1, 4, 1), r(2, 4, 0)], 2],
    ['equal: the earlier run', [r(3, 5, 0), r(2, 5, 0)], 2],
    ['a run without a result is never the best', [r(1, 0, 0), r(2, 0, 1)], 2],
    ['no run with a result: none', [r(1, 0, 0)], null],
  ])('%s', (_label, runs, id) => {
    expect(bestRun(runs)?.id ?? null).toBe(id);
  });
});

test('placeText writes places as a report does', () => {
  expect([1, 2, 3, 4, 11, 22].map(placeText)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
});
