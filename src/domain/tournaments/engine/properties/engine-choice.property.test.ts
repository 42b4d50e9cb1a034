// Property test of the host's Swiss rounds and top cut (issue 19): for every legal choice (a cut of
// 0, 2, 4, 8, 16 or 32 no larger than the field, 1..20 Swiss rounds, or the rule for either) a whole
// Swiss → Top Cut event played through the engine plays exactly the Swiss rounds chosen, then
// log2(cut) elimination rounds, and roundCount counts both. PROPERTY_RUNS=k multiplies the runs.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SWISS_ROUNDS_MAX, TOP_CUT_SIZES } from '../../../api/event-night.ts';
import { recommended, roundCount, type EventChoice } from '../round-count.ts';
import { makeTeams, simulate } from './simulate.ts';

const RUNS = Math.max(1, Math.round(250 * Number(process.env.PROPERTY_RUNS ?? 1)));

const event = fc
  .integer({ min: 2, max: 40 })
  .chain((n) =>
    fc.record({
      n: fc.constant(n),
      topCut: fc.option(fc.constantFrom(...TOP_CUT_SIZES.filter((c) => c <= n)), { nil: null }),
      swissRounds: fc.option(fc.integer({ min: 1, max: SWISS_ROUNDS_MAX }), { nil: null }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      tieRate: fc.constantFrom(0, 0.1),
    }),
  );

describe('the host’s Swiss rounds and top cut', () => {
  test('the engine plays exactly swissRounds, then log2(topCut) rounds of the cut', () => {
    fc.assert(
      fc.property(event, ({ n, topCut, swissRounds, seed, tieRate }) => {
        const choice: EventChoice = { topCut, swissRounds };
        const swiss = swissRounds ?? recommended(n).swissRounds;
        const cut = topCut ?? recommended(n).topCut;
        const cutRounds = cut > 0 ? Math.log2(cut) : 0;
        const sim = simulate('DEFAULT', makeTeams(n), { seed, tieRate, choice });
        expect(sim.roundCount).toBe(swiss + cutRounds);
        expect(roundCount('DEFAULT', n, choice)).toBe(sim.roundCount);
        expect(sim.rounds).toBe(sim.roundCount);
        const roundsOf = (bracket: string) => [...new Set(sim.state.matches.filter((m) => m.bracket === bracket).map((m) => m.round))].sort((a, b) => a - b);
        expect(roundsOf('swiss')).toEqual(Array.from({ length: swiss }, (_, i) => i + 1));
        expect(roundsOf('top')).toEqual(Array.from({ length: cutRounds }, (_, i) => swiss + i + 1));
        // every team of the field is in the cut's first round (byes only when the cut is larger: never here)
        const firstCut = sim.state.matches.filter((m) => m.bracket === 'top' && m.round === swiss + 1);
        expect(new Set(firstCut.flatMap((m) => [m.team1, m.team2])).size).toBe(cut);
        expect(sim.state.matches.every((m) => m.complete)).toBe(true);
        expect(sim.champion).not.toBeNull();
        if (cut > 0) {
          const final = sim.state.matches.find((m) => m.bracket === 'top' && m.round === swiss + cutRounds)!;
          expect(sim.champion).toBe(final.winner);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
