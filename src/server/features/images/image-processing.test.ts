import { describe, expect, test } from 'vitest';
import { concurrencyLimit } from './image-processing.ts';

describe('concurrencyLimit', () => {
  test('runs at most the limit at once, in arrival order, and every task finishes', async () => {
    const slot = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => slot(async () => {
      started.push(i);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return i;
    });
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => task(i)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('a failing task frees its slot', async () => {
    const slot = concurrencyLimit(1);
    await expect(slot(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await slot(async () => 'next')).toBe('next');
  });
});
