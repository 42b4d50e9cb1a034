import { describe, expect, test } from 'vitest';
import { shareScale } from './chart-scale.ts';

describe('shareScale', () => {
  test('ends at a round number at or above the largest share, in at most five round steps', () => {
    expect(shareScale(0.235)).toEqual({ max: 25, ticks: [0, 5, 10, 15, 20, 25] });
    expect(shareScale(0.25)).toEqual({ max: 25, ticks: [0, 5, 10, 15, 20, 25] });
    expect(shareScale(0.04)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(shareScale(0.07)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(shareScale(0.6)).toEqual({ max: 60, ticks: [0, 20, 40, 60] });
    expect(shareScale(1)).toEqual({ max: 100, ticks: [0, 20, 40, 60, 80, 100] });
  });

  test('nothing to show still has one step; shares past the ends are held to 0..100 %', () => {
    expect(shareScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(shareScale(-0.5)).toEqual({ max: 1, ticks: [0, 1] });
    expect(shareScale(1.7)).toEqual({ max: 100, ticks: [0, 20, 40, 60, 80, 100] });
  });

  test('every step divides the axis: the last tick is the end', () => {
    for (let top = 0; top <= 1; top += 0.0037) {
      const { max, ticks } = shareScale(top);
      expect(max).toBeGreaterThanOrEqual(top * 100 - 1e-9);
      expect(ticks.at(-1)).toBe(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
