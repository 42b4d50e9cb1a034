import { describe, expect, test } from 'vitest';
import { leaderboard, runPoints, type RunTotals } from './leaderboard.ts';

const t = (minute: number) => new Date(Date.UTC(2026, 4, 1, 0, minute));
let nextId = 1;
const run = (discordId: string, wins: number, losses: number, gamesWon: number, gamesLost: number, pointsMinute: number | null, startMinute = 0): RunTotals => ({
  id: nextId++, discordId, displayName: discordId.toUpperCase(), wins, losses, gamesWon, gamesLost, pointsAt: pointsMinute === null ? null : t(pointsMinute), startedAt: t(startMinute),
});
const order = (runs: RunTotals[], final = false) => leaderboard(runs, { matchesPerRun: 5, final }).map((r) => [r.place, r.discordId, r.points]);

describe('runPoints', () => {
  test.each([
    ['5–0: five wins and the perfect run', 5, 5, 6],
    ['4–1', 4, 5, 4],
    ['0–5', 0, 5, 0],
    ['3–0 in a league of three matches a run', 3, 3, 4],
    ['a run not finished cannot be perfect', 3, 5, 3],
  ])('%s', (_label, wins, perRun, points) => {
    expect(runPoints(wins, perRun)).toBe(points);
  });
});

describe('leaderboard', () => {
  test('every run of a player counts: points, wins, losses, games, runs and perfect runs add up', () => {
    const runs = [run('a', 3, 2, 7, 5, 90, 10), run('a', 5, 0, 10, 2, 50), run('a', 0, 0, 0, 0, null, 95)];
    const [row] = leaderboard(runs, { matchesPerRun: 5, final: false });
    expect(row).toEqual({
      place: 1, discordId: 'a', displayName: 'A', points: 9, matchWins: 8, matchLosses: 2, runs: 3, perfectRuns: 1,
      gamesWon: 17, gamesLost: 7, gameWinRate: 17 / 24, reachedAt: t(90).toISOString(), top8: false,
      // each run to link, the first started first
      runResults: [{ id: runs[1]!.id, wins: 5, losses: 0 }, { id: runs[0]!.id, wins: 3, losses: 2 }, { id: runs[2]!.id, wins: 0, losses: 0 }],
    });
  });

  test.each([
    ['more points first', [run('a', 3, 2, 6, 5, 10), run('b', 4, 1, 8, 3, 20)], [[1, 'b', 4], [2, 'a', 3]]],
    ['points before match wins: a 5–0 run (6 points) above two runs of 5 wins in all (5 points)', [run('a', 5, 0, 10, 0, 30), run('b', 3, 2, 6, 4, 10), run('b', 2, 3, 5, 6, 20)], [[1, 'a', 6], [2, 'b', 5]]],
    ['equal points: more match wins first (two 3–2 runs above one 5–0)', [run('a', 5, 0, 10, 0, 10), run('b', 3, 2, 6, 4, 20), run('b', 3, 2, 6, 4, 30)], [[1, 'b', 6], [2, 'a', 6]]],
    ['equal points and wins: the higher game-win share', [run('a', 3, 2, 6, 5, 10), run('b', 3, 2, 6, 2, 20)], [[1, 'b', 3], [2, 'a', 3]]],
    ['equal on all that: who got there first', [run('a', 3, 2, 6, 4, 30), run('b', 3, 2, 6, 4, 20)], [[1, 'b', 3], [2, 'a', 3]]],
    ['no points: the first to start a run', [run('a', 0, 1, 0, 2, null, 8), run('b', 0, 1, 0, 2, null, 3)], [[1, 'b', 0], [2, 'a', 0]]],
    ['equal on every tie-break: the same place', [run('b', 2, 0, 4, 0, 10), run('a', 2, 0, 4, 0, 10), run('c', 1, 0, 2, 0, 5)], [[1, 'a', 2], [1, 'b', 2], [3, 'c', 1]]],
    ['no games yet counts as no share', [run('a', 0, 0, 0, 0, null, 1), run('b', 0, 1, 0, 2, null, 2)], [[1, 'a', 0], [2, 'b', 0]]],
  ])('%s', (_label, runs, expected) => {
    expect(order(runs)).toEqual(expected);
  });

  test('the top 8 is marked once final', () => {
    const runs = Array.from({ length: 10 }, (_, i) => run(`p${i}`, 5 - (i % 6), i % 6, 10, 2, i));
    expect(leaderboard(runs, { matchesPerRun: 5, final: false }).filter((r) => r.top8)).toHaveLength(0);
    const final = leaderboard(runs, { matchesPerRun: 5, final: true });
    expect(final.map((r) => r.top8)).toEqual([true, true, true, true, true, true, true, true, false, false]);
  });

  test('no runs, no rows', () => {
    expect(leaderboard([], { matchesPerRun: 5, final: true })).toEqual([]);
  });
});
