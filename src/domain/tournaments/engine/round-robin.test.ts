import { describe, expect, test } from 'vitest';
import { roundRobinPairs, roundRobinRound } from './round-robin.ts';
import { roundRobinRounds } from './round-count.ts';
import { pairKey } from '../types.ts';

describe('round robin (circle method)', () => {
  test.each(Array.from({ length: 19 }, (_, i) => i + 2))('%i teams: every pair exactly once, everyone once per round', (n) => {
    const seen = new Map<string, number>();
    const sitOuts = new Set<number>();
    for (let r = 1; r <= roundRobinRounds(n); r++) {
      const inRound = new Set<number>();
      for (const [a, b] of roundRobinPairs(n, r)) {
        expect(inRound.has(a)).toBe(false);
        inRound.add(a);
        if (b === -1) {
          sitOuts.add(a);
          continue;
        }
        expect(inRound.has(b)).toBe(false);
        inRound.add(b);
        seen.set(pairKey(String(a), String(b)), (seen.get(pairKey(String(a), String(b))) ?? 0) + 1);
      }
      expect(inRound.size).toBe(n);
    }
    expect(seen.size).toBe((n * (n - 1)) / 2);
    expect([...seen.values()].every((c) => c === 1)).toBe(true);
    // odd: each team sits out exactly once
    expect(sitOuts.size).toBe(n % 2 === 1 ? n : 0);
  });

  test('a sit-out is a bye row that is not a win', () => {
    const ms = roundRobinRound(['a', 'b', 'c'], 1);
    const bye = ms.find((m) => m.bye)!;
    expect(bye).toMatchObject({ bye: true, complete: true, team2: null, winner: null, team1Wins: null, team2Wins: null });
    expect(ms.at(-1)).toBe(bye);
  });

  test('a dropped team forfeits: walkover for the opponent; two dropped teams do not play', () => {
    const entrants = ['a', 'b', 'c', 'd'];
    const round = [1, 2, 3].find((r) => roundRobinPairs(4, r).some(([x, y]) => x === 0 && y === 1))!;
    const ms = roundRobinRound(entrants, round, new Set(['a']));
    const ab = ms.find((m) => m.team1 === 'a')!;
    expect(ab).toMatchObject({ complete: true, winner: 'b', team1Wins: null, team2Wins: null });
    const both = roundRobinRound(entrants, round, new Set(['a', 'b']));
    expect(both.some((m) => m.team1 === 'a')).toBe(false);
    expect(both.map((m) => m.position)).toEqual([1]);
  });
});
