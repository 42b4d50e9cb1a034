// Swiss → Top Cut events of 2..300 teams played through the engine against the oracle of
// engine-property-kit.ts; and Swiss paired beyond its planned rounds.
import fc from 'fast-check';
import { describe, test } from 'vitest';
import { describeEvents, playSwiss } from './engine-property-kit.ts';

describeEvents('DEFAULT');

describe('Swiss beyond its planned rounds', () => {
  test('small events paired until nearly everyone has met: still no avoidable rematch, byes fair', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 14 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0.1), (n, seed, dropRate) =>
        playSwiss(n, n + 2, seed, dropRate),
      ),
      { numRuns: 400 },
    );
  });

  test('larger events over many rounds, where groups are matched on their own above the last teams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 120 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0.02), (n, seed, dropRate) =>
        playSwiss(n, 24, seed, dropRate),
      ),
      { numRuns: 25 },
    );
  });
});
