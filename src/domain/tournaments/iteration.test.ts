import { describe, expect, test } from 'vitest';
import { iterationSuffix, nextIteration, numberedName } from './iteration.ts';

describe('a series event’s number', () => {
  test.each([
    ['a new series starts at 1', [], 1],
    ['one after the highest held, not after the count (events #10 to #12 held here)', [10, 11, 12], 13],
    ['events without a number do not count', [null, 2, null, 1], 3],
    ['a gap left by a cancelled event is not filled', [1, 3], 4],
  ])('%s', (_why, held, next) => {
    expect(nextIteration(held)).toBe(next);
  });

  test('the suggested name carries the number, so the page adds none', () => {
    const name = numberedName('GOAT Weekly ', 13);
    expect(name).toBe('GOAT Weekly #13');
    expect(iterationSuffix({ name, iteration: 13 })).toBeNull();
    expect(iterationSuffix({ name: 'GOAT Weekly', iteration: 13 })).toBe('#13');
  });
});
