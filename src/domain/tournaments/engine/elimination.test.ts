import { describe, expect, test } from 'vitest';
import { bracketDownstream, seedingFromStored } from './bracket-plan.ts';
import { singleElimination, singleEliminationPlan } from './elimination.ts';
import { matchKey, type EngineMatch } from '../types.ts';

const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const pairsOf = (ms: EngineMatch[]) => ms.map((m) => `${m.team1} v ${m.team2}`);

/** Every open match of two known teams won by its upper team (or by `pick`). */
function playAll(seeded: string[], firstRound = 1, pick: (m: EngineMatch) => string = (m) => m.team1!) {
  let stored: EngineMatch[] = [];
  for (;;) {
    const { matches, champion } = singleElimination(seeded, stored, { firstRound });
    if (champion !== null) return { matches, champion };
    stored = matches.map((m) => (!m.complete && m.team1 && m.team2 ? { ...m, complete: true, winner: pick(m), team1Wins: 2, team2Wins: 0 } : m));
  }
}

describe('top cut (single elimination)', () => {
  test.each([
    [8, ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6']],
    [4, ['s1 v s4', 's2 v s3']],
    [2, ['s1 v s2']],
  ])('%i teams are seeded by standing', (n, expected) => {
    const { matches } = singleElimination(seeds(n), [], { firstRound: 10 });
    expect(pairsOf(matches.filter((m) => m.round === 10))).toEqual(expected);
    expect(matches.filter((m) => m.round === 10).map((m) => m.position)).toEqual(expected.map((_, i) => i + 1));
  });

  test('later rounds wait for their winners (TBD), one tournament round per bracket round', () => {
    const { matches } = singleElimination(seeds(8), [], { firstRound: 4 });
    expect(matches.map((m) => m.round)).toEqual([4, 4, 4, 4, 5, 5, 6]);
    expect(matches.slice(4).every((m) => m.team1 === null && m.team2 === null)).toBe(true);
  });

  test('winners advance to the champion', () => {
    const { matches, champion } = playAll(seeds(8), 1, (m) => (m.team1 === 's4' || m.team2 === 's4' ? 's4' : m.team1!));
    expect(champion).toBe('s4');
    expect(pairsOf(matches.filter((m) => m.round === 2))).toEqual(['s1 v s4', 's2 v s3']);
    expect(pairsOf(matches.filter((m) => m.round === 3))).toEqual(['s4 v s2']);
  });

  test('fewer teams than the cut: the top seeds get byes, which are not matches', () => {
    const { matches } = singleElimination(seeds(5), [], { size: 8, firstRound: 1 });
    expect(pairsOf(matches.filter((m) => m.round === 1))).toEqual(['s4 v s5']);
    expect(pairsOf(matches.filter((m) => m.round === 2))).toEqual(['s1 v null', 's2 v s3']);
    expect(matches.find((m) => m.round === 2 && m.team2 === null)!.position).toBe(1);
  });

  test('a dropped team forfeits its next match', () => {
    const { matches } = singleElimination(seeds(4), [], { dropped: new Set(['s4']) });
    expect(matches[0]).toMatchObject({ team1: 's1', team2: 's4', complete: true, winner: 's1', team1Wins: null });
    expect(matches[2]).toMatchObject({ team1: 's1', team2: null });
  });

  test('a changed result resets the matches it fed, and says which were played', () => {
    const { matches } = playAll(seeds(8));
    const qf = matches.find((m) => m.round === 1 && m.position === 2)!; // s4 v s5, s4 won
    const plan = singleEliminationPlan(8, 8, 1);
    const d = bracketDownstream(plan, seeds(8), matches, matchKey(qf), { winner: 's5', team1Wins: 0, team2Wins: 2 });
    expect(d.changed.map(matchKey)).toEqual(['top:2:1', 'top:3:1']);
    expect(d.played.map(matchKey)).toEqual(['top:2:1', 'top:3:1']);
    const next = matches.map((m) => (matchKey(m) === matchKey(qf) ? { ...m, winner: 's5', team1Wins: 0, team2Wins: 2 } : m));
    const after = singleElimination(seeds(8), next);
    expect(after.matches.find((m) => matchKey(m) === 'top:2:1')).toMatchObject({ team1: 's1', team2: 's5', complete: false, winner: null });
    expect(after.matches.find((m) => matchKey(m) === 'top:3:1')).toMatchObject({ team1: null, team2: 's2', complete: false });
    expect(after.champion).toBeNull();
  });

  test('the seeding is read back from the stored bracket, byes included', () => {
    for (const n of [2, 3, 5, 8]) {
      const seeded = seeds(n).reverse();
      const { matches } = singleElimination(seeded, [], { size: 8 });
      expect(seedingFromStored(singleEliminationPlan(8, n, 1), matches)).toEqual(seeded);
    }
  });
});
