import { describe, expect, test } from 'vitest';
import { mulberry32, shuffle } from './prng.ts';

describe('seeded randomness', () => {
  test('the same seed gives the same sequence', () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  test('numbers fall in [0, 1) and different seeds differ', () => {
    const xs = Array.from({ length: 1000 }, mulberry32(1));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 5 }, mulberry32(2))).not.toEqual(xs.slice(0, 5));
  });

  test('a shuffle is a permutation and leaves its input alone', () => {
    const input = Array.from({ length: 50 }, (_, i) => i);
    const out = shuffle(input, mulberry32(7));
    expect([...out].sort((a, b) => a - b)).toEqual(input);
    expect(out).not.toEqual(input);
    expect(input[0]).toBe(0);
  });
});
