import { describe, expect, test } from 'vitest';
import { afterFailure, backoffDelay, DEFAULT_RETRY } from './backoff.ts';

const exact = () => 0.5;

describe('backoff', () => {
  test('doubles from the base after each failure, capped', () => {
    const delays = Array.from({ length: 10 }, (_, i) => backoffDelay(i + 1, DEFAULT_RETRY, exact));
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000]);
    expect(backoffDelay(1000, DEFAULT_RETRY, exact)).toBe(600_000);
  });

  test('jitter stays within ±20% and under the cap', () => {
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(16_000);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.999999)).toBe(24_000);
    expect(backoffDelay(9, DEFAULT_RETRY, () => 0.999999)).toBe(600_000);
  });

  test('ten attempts span about half an hour, then it gives up', () => {
    const created = new Date('2026-01-01T19:00:00Z');
    let now = created;
    for (let attempt = 1; attempt < DEFAULT_RETRY.maxAttempts; attempt++) {
      const next = afterFailure(attempt, created, now, DEFAULT_RETRY, exact);
      if (!('retryAt' in next)) throw new Error(`gave up at ${attempt}`);
      now = next.retryAt;
    }
    expect((now.getTime() - created.getTime()) / 60_000).toBeCloseTo(30.6, 0);
    expect(afterFailure(DEFAULT_RETRY.maxAttempts, created, now, DEFAULT_RETRY, exact)).toEqual({ giveUp: 'gave up after 10 attempts' });
  });

  test('a message is given up rather than retried past its age limit', () => {
    const created = new Date('2026-01-01T19:00:00Z');
    const late = new Date(created.getTime() + DEFAULT_RETRY.maxAgeMs - 1_000);
    expect(afterFailure(1, created, late, DEFAULT_RETRY, exact)).toEqual({ giveUp: 'gave up: not sent within 2 hours' });
  });
});
