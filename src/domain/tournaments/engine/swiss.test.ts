import { describe, expect, test } from 'vitest';
import { pairRanked, pairSwissRound } from './swiss.ts';
import { played, swissBye, teamsOf } from './properties/test-matches.ts';
import type { EngineMatch } from '../types.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const metFrom = (n: number, pairs: Array<[number, number]>) => {
  const met = Array.from({ length: n }, () => new Set<number>());
  for (const [a, b] of pairs) {
    met[a]!.add(b);
    met[b]!.add(a);
  }
  return met;
};
const sorted = (pairs: Array<[number, number]>) => pairs.map(([a, b]) => (a < b ? [a, b] : [b, a])).sort((p, q) => p[0]! - q[0]!);
const teamsIn = (ms: EngineMatch[]) => ms.flatMap((m) => [m.team1, m.team2]).filter((t) => t !== null);

describe('Swiss round 1', () => {
  test('the same seed gives the same pairings', () => {
    const a = pairSwissRound({ teams: teamsOf(...ids(16)), matches: [], round: 1, seed: 42 });
    const b = pairSwissRound({ teams: teamsOf(...ids(16)), matches: [], round: 1, seed: 42 });
    expect(a).toEqual(b);
  });

  test('another seed gives other pairings', () => {
    const a = pairSwissRound({ teams: teamsOf(...ids(16)), matches: [], round: 1, seed: 1 });
    const b = pairSwissRound({ teams: teamsOf(...ids(16)), matches: [], round: 1, seed: 2 });
    expect(a).not.toEqual(b);
  });

  test('the input order of the teams does not matter', () => {
    const teams = teamsOf(...ids(9));
    expect(pairSwissRound({ teams: [...teams].reverse(), matches: [], round: 1, seed: 5 })).toEqual(pairSwissRound({ teams, matches: [], round: 1, seed: 5 }));
  });

  test('every active team once, dropped teams not at all, the odd one a 2-0 bye', () => {
    const teams = teamsOf(...ids(8)).map((t) => (t.id === 't3' ? { ...t, dropped: true } : t));
    const ms = pairSwissRound({ teams, matches: [], round: 1, seed: 9 });
    expect(teamsIn(ms).sort()).toEqual(ids(8).filter((id) => id !== 't3').sort());
    const bye = ms.at(-1)!;
    expect(bye).toMatchObject({ bye: true, complete: true, team2: null, team1Wins: 2, team2Wins: 0, winner: bye.team1, position: 4 });
    expect(ms.slice(0, -1).every((m) => !m.bye && !m.complete)).toBe(true);
  });
});

describe('Swiss pairing by standings', () => {
  test('winners play winners and losers play losers, neighbours by rank', () => {
    const teams = teamsOf(...ids(8));
    const r1 = [played(1, 't1', 't2', 't1'), played(1, 't3', 't4', 't3', 'swiss', 2), played(1, 't5', 't6', 't5', 'swiss', 3), played(1, 't7', 't8', 't7', 'swiss', 4)];
    const r2 = pairSwissRound({ teams, matches: r1, round: 2, seed: 0 });
    const winners = new Set(['t1', 't3', 't5', 't7']);
    for (const m of r2) expect(winners.has(m.team1!)).toBe(winners.has(m.team2!));
    expect(r2.map((m) => m.position)).toEqual([1, 2, 3, 4]);
    expect(winners.has(r2[0]!.team1!)).toBe(true);
  });

  test.each([
    ['one group: 1 v 2, 3 v 4', [3, 3, 3, 3], [], [[0, 1], [2, 3]]],
    ['an odd group floats its lowest-ranked team to the top of the next', [6, 6, 6, 3, 3, 3], [], [[0, 1], [2, 3], [4, 5]]],
    ['a rematch inside a group is avoided by the next-nearest pairs', [3, 3, 3, 3], [[0, 1]], [[0, 2], [1, 3]]],
    ['two groups are mixed rather than replay a match', [6, 6, 3, 3], [[0, 1], [2, 3]], [[0, 2], [1, 3]]],
    ['the top group gives up a pair when the bottom pair has met', [6, 6, 6, 6, 3, 3], [[4, 5]], [[0, 1], [2, 4], [3, 5]]],
  ] as Array<[string, number[], Array<[number, number]>, number[][]]>)('%s', (_label, points, met, expected) => {
    const { pairs, bye } = pairRanked(points, metFrom(points.length, met), new Set());
    expect(bye).toBeNull();
    expect(sorted(pairs)).toEqual(expected);
  });

  test('a large group is paired without rematches, by neighbours where they have not met', () => {
    const n = 100;
    const met = metFrom(n, [[0, 1], [10, 11], [50, 51], [98, 99]]);
    const { pairs } = pairRanked(new Array(n).fill(3), met, new Set());
    expect(pairs).toHaveLength(50);
    // each of the 4 met neighbour pairs bends two pairs (0 v 2, 1 v 3)
    for (const [a, b] of pairs) expect(met[a]!.has(b)).toBe(false);
    expect(sorted(pairs).filter((p) => p[1] === p[0]! + 1).length).toBeGreaterThanOrEqual(42);
  });

  test('a rematch is played only when no pairing avoids it', () => {
    const teams = teamsOf('a', 'b');
    const r2 = pairSwissRound({ teams, matches: [played(1, 'a', 'b', 'a')], round: 2, seed: 0 });
    expect(r2).toHaveLength(1);
    expect([r2[0]!.team1, r2[0]!.team2]).toEqual(['a', 'b']);
  });

  test('dropped teams are not paired', () => {
    const teams = teamsOf(...ids(6)).map((t) => (t.id === 't1' || t.id === 't6' ? { ...t, dropped: true } : t));
    const r1 = [played(1, 't1', 't2', 't1'), played(1, 't3', 't4', 't3', 'swiss', 2), played(1, 't5', 't6', 't5', 'swiss', 3)];
    const r2 = pairSwissRound({ teams, matches: r1, round: 2, seed: 0 });
    expect(teamsIn(r2).sort()).toEqual(['t2', 't3', 't4', 't5']);
  });
});

describe('Swiss bye', () => {
  test('to the lowest-ranked team that has not had one', () => {
    const { bye } = pairRanked([3, 3, 0, 0, 0], metFrom(5, []), new Set([4]));
    expect(bye).toBe(3);
  });

  test('to a higher team when the lowest one\'s bye would force a rematch', () => {
    // team 0 has met 1, 2 and 3: without 3 it can play 4, without 4 it can play nobody new
    const { pairs, bye } = pairRanked([9, 6, 6, 3, 3], metFrom(5, [[0, 1], [0, 2], [0, 3]]), new Set());
    expect(bye).toBe(3);
    expect(sorted(pairs)).toEqual([[0, 4], [1, 2]]);
  });

  test('everyone has had one: the lowest-ranked team gets a second', () => {
    const { bye } = pairRanked([3, 3, 0], metFrom(3, []), new Set([0, 1, 2]));
    expect(bye).toBe(2);
  });

  test('recorded as a 2-0 win at the last table', () => {
    const teams = teamsOf('a', 'b', 'c');
    const r2 = pairSwissRound({ teams, matches: [played(1, 'a', 'b', 'a'), swissBye(1, 'c')], round: 2, seed: 0 });
    expect(r2).toHaveLength(2);
    expect(r2[1]).toMatchObject({ bye: true, team1: 'b', winner: 'b', team1Wins: 2, team2Wins: 0, complete: true, position: 2 });
    expect(new Set([r2[0]!.team1, r2[0]!.team2])).toEqual(new Set(['a', 'c']));
  });
});
