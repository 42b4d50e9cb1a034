import { describe, expect, test } from 'vitest';
import { bracketDownstream, presence, seedingFromStored } from './bracket-plan.ts';
import { doubleElimination, doubleEliminationPlan } from './double-elimination.ts';
import { mulberry32 } from './prng.ts';
import { matchKey, pairKey, type EngineMatch } from '../types.ts';

const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const label = (m: EngineMatch) => `${m.bracket} ${m.round}.${m.position} ${m.team1 ?? 'TBD'} v ${m.team2 ?? 'TBD'}`;

/** Plays every open match with `pick` choosing the winner (default: the better seed) until a champion. */
function playAll(n: number, pick: (m: EngineMatch) => string = (m) => better(m.team1!, m.team2!)) {
  let stored: EngineMatch[] = [];
  for (let i = 0; i < 4 * n + 4; i++) {
    const { matches, champion } = doubleElimination(seeds(n), stored);
    if (champion !== null) return { matches, champion };
    stored = matches.map((m) => (!m.complete && m.team1 && m.team2 ? win(m, pick(m)) : m));
  }
  throw new Error('no champion');
}
const better = (a: string, b: string) => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);
const win = (m: EngineMatch, winner: string): EngineMatch => ({ ...m, complete: true, winner, team1Wins: winner === m.team1 ? 2 : 1, team2Wins: winner === m.team2 ? 2 : 1 });

describe('double elimination', () => {
  test('8 teams: the schedule packs the losers bracket beside the winners bracket', () => {
    const { matches } = doubleElimination(seeds(8), []);
    const rounds = (bracket: string) => [...new Set(matches.filter((m) => m.bracket === bracket).map((m) => m.round))];
    expect(rounds('winners')).toEqual([1, 2, 3]);
    expect(rounds('losers')).toEqual([2, 3, 4, 5]);
    expect(rounds('grand')).toEqual([6]);
    expect(matches.filter((m) => m.round === 1).map(label)).toEqual([
      'winners 1.1 s1 v s8',
      'winners 1.2 s4 v s5',
      'winners 1.3 s2 v s7',
      'winners 1.4 s3 v s6',
    ]);
  });

  test('every match is scheduled after the matches feeding it', () => {
    for (let n = 2; n <= 70; n++) {
      const plan = doubleEliminationPlan(n);
      const pres = presence(plan);
      plan.nodes.forEach((node, i) => {
        if (pres[i] !== 2) return;
        for (const s of [node.a, node.b]) {
          if (s.kind !== 'winner' && s.kind !== 'loser') continue;
          // through byes to the real match that decides the team
          let src = s.node;
          while (pres[src] === 1) {
            const f = plan.nodes[src]!;
            const live = [f.a, f.b].find((x) => (x.kind === 'seed' ? x.seed < n : x.kind !== 'none' && pres[x.node]! >= (x.kind === 'winner' ? 1 : 2)))!;
            if (live.kind !== 'winner' && live.kind !== 'loser') break;
            src = live.node;
          }
          if (pres[src] === 2) expect(plan.nodes[src]!.round).toBeLessThan(node.round);
        }
      });
    }
  });

  test('byes go to the top seeds and are not matches', () => {
    const { matches } = doubleElimination(seeds(5), []);
    expect(matches.filter((m) => m.round === 1).map(label)).toEqual(['winners 1.2 s4 v s5']);
    expect(matches.filter((m) => m.bracket === 'winners' && m.team1 === 's2').map(label)).toEqual(['winners 2.2 s2 v s3']);
    expect(matches.some((m) => m.bye)).toBe(false);
  });

  test('winners-bracket losers drop crossed: the second wave meets the other half of the losers bracket', () => {
    const { matches } = playAll(8);
    // WB round 2: s1 beat s4 (slot 1), s2 beat s3 (slot 2); reversed, s3 meets slot 1's survivor
    const lb2 = matches.filter((m) => m.bracket === 'losers' && m.round === 3).map(label);
    expect(lb2).toEqual(['losers 3.1 s3 v s5', 'losers 3.2 s4 v s6']);
  });

  test.each([8, 16, 32, 64])('%i teams: nobody meets in the first drop round a team they met in the winners bracket', (n) => {
    const plan = doubleEliminationPlan(n);
    const firstDrop = new Set(plan.nodes.filter((x) => x.bracket === 'losers' && x.bracketRound === 2).map((x) => `${x.round}:${x.slot}`));
    for (let seed = 1; seed <= 40; seed++) {
      const random = mulberry32(seed);
      const { matches } = playAll(n, (m) => (random() < 0.5 ? m.team1! : m.team2!));
      const winners = new Set(matches.filter((m) => m.bracket === 'winners').map((m) => pairKey(m.team1!, m.team2!)));
      const drops = matches.filter((m) => m.bracket === 'losers' && firstDrop.has(`${m.round}:${m.position}`));
      expect(drops).toHaveLength(n / 4);
      for (const m of drops) expect(winners.has(pairKey(m.team1!, m.team2!))).toBe(false);
    }
  });

  test('the champion of the winners bracket wins the grand final: no reset', () => {
    const { matches, champion } = playAll(8);
    expect(champion).toBe('s1');
    expect(matches.filter((m) => m.bracket === 'grand').map(label)).toEqual(['grand 6.1 s1 v s2']);
    expect(matches).toHaveLength(2 * 8 - 2);
  });

  test('the losers-bracket champion wins the first set: a reset decides', () => {
    // s2 loses only to s1 in the winners final, then beats s1 twice
    const pick = (m: EngineMatch) => (m.bracket === 'grand' ? 's2' : better(m.team1!, m.team2!));
    const { matches, champion } = playAll(8, pick);
    expect(champion).toBe('s2');
    expect(matches.filter((m) => m.bracket === 'grand').map(label)).toEqual(['grand 6.1 s1 v s2', 'grand 7.1 s1 v s2']);
    expect(matches).toHaveLength(2 * 8 - 1);
  });

  test('2 teams: final, grand final and reset, so the first loser gets a second chance', () => {
    const { matches } = doubleElimination(seeds(2), []);
    expect(matches.map(label)).toEqual(['winners 1.1 s1 v s2', 'grand 2.1 TBD v TBD']);
    const pick = (m: EngineMatch) => (m.bracket === 'winners' ? 's1' : 's2');
    const played = playAll(2, pick);
    expect(played.champion).toBe('s2');
    expect(played.matches.map(label)).toEqual(['winners 1.1 s1 v s2', 'grand 2.1 s1 v s2', 'grand 3.1 s1 v s2']);
  });

  test('overriding a played result: the matches it fed are named, then reset', () => {
    const { matches } = playAll(4);
    const first = matches.find((m) => matchKey(m) === 'winners:1:1')!; // s1 beat s4
    const plan = doubleEliminationPlan(4);
    const d = bracketDownstream(plan, seeds(4), matches, matchKey(first), { winner: 's4', team1Wins: 0, team2Wins: 2 });
    expect(d.changed.map(label)).toEqual(['winners 2.1 s1 v s2', 'losers 2.1 s4 v s3', 'losers 3.1 s2 v s3', 'grand 4.1 s1 v s2']);
    expect(d.played).toEqual(d.changed);
    const after = doubleElimination(seeds(4), matches.map((m) => (m === first ? win(m, 's4') : m)));
    expect(after.matches.find((m) => matchKey(m) === 'winners:2:1')).toMatchObject({ team1: 's4', team2: 's2', complete: false });
    expect(after.matches.find((m) => matchKey(m) === 'losers:2:1')).toMatchObject({ team1: 's1', team2: 's3', complete: false });
    expect(after.champion).toBeNull();
  });

  test('a dropped team forfeits every match it has left', () => {
    const { matches } = doubleElimination(seeds(4), [], { dropped: new Set(['s2']) });
    expect(matches.find((m) => matchKey(m) === 'winners:1:2')).toMatchObject({ team1: 's2', team2: 's3', complete: true, winner: 's3', team1Wins: null });
    expect(matches.find((m) => matchKey(m) === 'losers:2:1')).toMatchObject({ team1: null, team2: 's2' });
  });

  test('the plan is built once per size and frozen, and evaluating it twice gives equal, separate rows', () => {
    const plan = doubleEliminationPlan(13);
    expect(doubleEliminationPlan(13)).toBe(plan);
    expect(Object.isFrozen(plan) && Object.isFrozen(plan.nodes) && plan.nodes.every((node) => Object.isFrozen(node) && Object.isFrozen(node.a))).toBe(true);
    expect(() => {
      (plan.nodes[0] as { round: number }).round = 99;
    }).toThrow(TypeError);
    const { matches } = playAll(13);
    const again = doubleElimination(seeds(13), matches);
    expect(again.matches).toEqual(matches);
    expect(again.matches.every((m, i) => m !== matches[i])).toBe(true);
  });

  test('the seeding is read back from the stored bracket', () => {
    for (const n of [2, 3, 5, 6, 9, 16, 33]) {
      const seeded = seeds(n).reverse();
      expect(seedingFromStored(doubleEliminationPlan(n), doubleElimination(seeded, []).matches)).toEqual(seeded);
    }
  });
});
