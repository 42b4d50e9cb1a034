import { expect, test } from 'vitest';
import { nextTestWait } from './test-message-limit.ts';

test('one test every 10 seconds: the next waits for the gap, saying how long', () => {
  expect(nextTestWait([])).toEqual({ waitMs: 0 });
  expect(nextTestWait([3_400])).toEqual({ waitMs: 6_600, sentence: 'A test message went out 3 s ago: send the next one in 7 s (at most one every 10 seconds and 5 a minute).' });
  expect(nextTestWait([10_000])).toEqual({ waitMs: 0 });
});

test('five a minute: the sixth waits until the oldest of the last five is a minute old', () => {
  expect(nextTestWait([12_000, 24_000, 36_000, 48_000])).toEqual({ waitMs: 0 });
  expect(nextTestWait([48_000, 12_000, 36_000, 24_000, 59_000])).toEqual({
    waitMs: 1_000, sentence: '5 test messages went out in the last minute: send the next one in 1 s (at most one every 10 seconds and 5 a minute).',
  });
  // older than a minute: not counted
  expect(nextTestWait([12_000, 24_000, 36_000, 48_000, 61_000])).toEqual({ waitMs: 0 });
});
