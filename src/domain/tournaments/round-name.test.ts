import { describe, expect, test } from 'vitest';
import { doubleEliminationPlan, doubleEliminationRounds } from './engine/double-elimination.ts';
import { roundCount, swissRounds, topCutSize } from './engine/round-count.ts';
import { roundName, swissPlan, timeCalled, type RoundNaming } from './round-name.ts';

const swiss = (over: Partial<RoundNaming>): RoundNaming => ({ format: 'DEFAULT', round: 1, roundCount: 3, swissRounds: null, topCut: null, ...over });

describe('roundName: Swiss → Top Cut', () => {
  test.each([
    ['no cut (6 teams, the rule)', swiss({ round: 2, roundCount: 3 }), 'Swiss round 2 of 3'],
    ['the host’s 5 Swiss rounds, no cut', swiss({ round: 5, roundCount: 5, swissRounds: 5, topCut: 0 }), 'Swiss round 5 of 5'],
    ['a top 4 after 3 Swiss rounds: round 3 is still Swiss', swiss({ round: 3, roundCount: 5, swissRounds: 3, topCut: 4 }), 'Swiss round 3 of 3'],
    ['a top 4: the semifinals', swiss({ round: 4, roundCount: 5, swissRounds: 3, topCut: 4 }), 'Top 4: semifinals'],
    ['a top 4: the final', swiss({ round: 5, roundCount: 5, swissRounds: 3, topCut: 4 }), 'Final'],
    ['a top 8: the quarterfinals', swiss({ round: 5, roundCount: 7, topCut: 8 }), 'Top 8: quarterfinals'],
    ['a top 8: the semifinals', swiss({ round: 6, roundCount: 7, topCut: 8 }), 'Top 8: semifinals'],
    ['a top 16: its first round', swiss({ round: 5, roundCount: 8, swissRounds: 4 }), 'Top 16: round of 16'],
    ['a top 2 is only a final', swiss({ round: 4, roundCount: 4, topCut: 2 }), 'Final'],
    ['the round’s brackets say it outright', swiss({ round: 4, roundCount: 5, topCut: 4, brackets: ['top', 'top'] }), 'Top 4: semifinals'],
    ['a Swiss bracket is Swiss', swiss({ round: 2, roundCount: 5, topCut: 4, brackets: ['swiss'] }), 'Swiss round 2 of 3'],
  ])('%s: %s', (_why, x, name) => expect(roundName(x)).toBe(name));

  test('the rule’s cut (the host chose neither): 10 teams play 4 Swiss rounds and a final, 16 teams 4 and a top 4', () => {
    expect(roundName(swiss({ round: 4, roundCount: roundCount('DEFAULT', 10) }))).toBe('Swiss round 4 of 4');
    expect(roundName(swiss({ round: 5, roundCount: roundCount('DEFAULT', 10) }))).toBe('Final');
    expect(roundName(swiss({ round: 5, roundCount: roundCount('DEFAULT', 16) }))).toBe('Top 4: semifinals');
  });

  test('swissPlan recovers the rule’s numbers from the round count for every field up to 5,000 teams', () => {
    for (let n = 2; n <= 5000; n++) {
      expect(swissPlan(roundCount('DEFAULT', n), { swissRounds: null, topCut: null })).toEqual({ swiss: swissRounds(n), cut: topCutSize(n) });
    }
  });
});

describe('roundName: Round Robin and double elimination', () => {
  test('a round robin counts its rounds', () => {
    expect(roundName({ format: 'ROUND_ROBIN', round: 2, roundCount: 5, swissRounds: null, topCut: null })).toBe('Round 2 of 5');
  });

  test('double elimination: numbered rounds, then the grand final and its reset (by the brackets or the round)', () => {
    const n = 8;
    const count = doubleEliminationRounds(n);
    const de = (round: number, brackets?: RoundNaming['brackets']) => roundName({ format: 'DOUBLE_ELIM', round, roundCount: count, swissRounds: null, topCut: null, brackets });
    const bracketsOf = (round: number) => doubleEliminationPlan(n).nodes.filter((x) => x.round === round).map((x) => x.bracket);
    expect(de(2, bracketsOf(2))).toBe(`Round 2 of ${count}`);
    expect(de(count - 1, bracketsOf(count - 1))).toBe('Grand final');
    expect(de(count, bracketsOf(count))).toBe('Grand final reset');
    // the matches not loaded yet: the round number says the same
    for (let r = 1; r <= count; r++) expect(de(r)).toBe(de(r, bracketsOf(r)));
  });
});

describe('timeCalled', () => {
  test('Swiss and Round Robin take a draw; an elimination match needs a winner', () => {
    expect(timeCalled(['swiss'])).toBe('Time: finish the current turn plus 3 more turns; undecided games count as draws.');
    expect(timeCalled(['rr'])).toMatch(/draws/);
    expect(timeCalled([])).toMatch(/draws/);
    for (const b of ['top', 'winners', 'losers', 'grand'] as const) expect(timeCalled([b])).toMatch(/more LP wins/);
  });
});
