import { expect, test } from 'vitest';
import { overReason } from './round-over.ts';

const t = (currentRound: number, completed = false, cancelled = false) => ({ currentRound, completed, cancelled });

test('pairings of a round are dropped once a later round is paired or the event ended', () => {
  expect(overReason('pairings', 2, t(2))).toBeNull();
  expect(overReason('pairings', 2, t(3))).toBe('round 2 is over: round 3 has been paired');
  expect(overReason('pairings', 4, t(4, true))).toBe('the event is over');
  expect(overReason('pairings', 1, t(1, false, true))).toBe('the event was cancelled');
  // a row queued before rounds were noted says nothing of its round: only the event's end drops it
  expect(overReason('pairings', undefined, t(5))).toBeNull();
});

test('a check-in call is dropped once the event started; the champion is always sent', () => {
  expect(overReason('check-in', undefined, t(0))).toBeNull();
  expect(overReason('check-in', undefined, t(1))).toBe('check-in is over: the event has started');
  expect(overReason('champion', undefined, t(5, true))).toBeNull();
  expect(overReason('champion', undefined, undefined)).toBe('the event no longer exists');
});
