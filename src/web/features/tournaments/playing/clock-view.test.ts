import { describe, expect, test } from 'vitest';
import { allResultsIn, formatCountdown, MAX_TRIP_MS, ownClock, roundClockState, serverOffset, SKEW_IGNORED_MS, TIME_UP } from './clock-view.ts';

describe('formatCountdown', () => {
  test.each([
    [50 * 60_000, '50:00'],
    [75 * 60_000, '75:00'],
    [4 * 60_000 + 7_000, '04:07'],
    [59_001, '01:00'],
    [59_000, '00:59'],
    [1, '00:01'],
    [1000, '00:01'],
    [0, TIME_UP],
    [-5000, TIME_UP],
    [NaN, TIME_UP],
  ])('%d ms left reads %s', (ms, shown) => {
    expect(formatCountdown(ms)).toBe(shown);
  });
});

describe('serverOffset', () => {
  const at = Date.parse('2026-12-05T19:00:00.000Z');
  test('a server far ahead or behind moves the clock by the difference (the middle of the header’s second, the middle of the trip)', () => {
    expect(serverOffset('Sat, 05 Dec 2026 19:05:00 GMT', at, at + 200)).toBe(5 * 60_000 + 500 - 100);
    expect(serverOffset('Sat, 05 Dec 2026 18:59:50 GMT', at, at)).toBe(-10_000 + 500);
  });
  test('clocks that agree within the header’s precision are left alone; no header, no change', () => {
    expect(serverOffset('Sat, 05 Dec 2026 19:00:00 GMT', at + 900, at + 900)).toBe(0);
    expect(serverOffset('Sat, 05 Dec 2026 18:59:59 GMT', at, at)).toBe(0);
    expect(Math.abs(serverOffset('Sat, 05 Dec 2026 19:00:02 GMT', at, at))).toBeGreaterThanOrEqual(SKEW_IGNORED_MS);
    expect(serverOffset(null, at, at)).toBe(0);
    expect(serverOffset('not a date', at, at)).toBe(0);
  });
  test('a trip too long (or a clock moved backwards meanwhile) gives no estimate', () => {
    expect(serverOffset('Sat, 05 Dec 2026 19:05:00 GMT', at, at + MAX_TRIP_MS)).not.toBe(0);
    // the page's clock moved 50 minutes while the request was out: the middle of that trip is no time at all
    expect(serverOffset('Sat, 05 Dec 2026 19:00:00 GMT', at, at + 50 * 60_000)).toBe(0);
    expect(serverOffset('Sat, 05 Dec 2026 19:05:00 GMT', at, at - 1)).toBe(0);
  });
});

describe('ownClock', () => {
  const m = { endsAt: '2026-12-05T19:50:00.000Z', extraMinutes: 5, complete: false, bye: false };
  test('an extended table still being played shows its own clock; others follow the round’s', () => {
    expect(ownClock(m)).toBe(m.endsAt);
    expect(ownClock({ ...m, extraMinutes: 0 })).toBeNull();
    expect(ownClock({ ...m, complete: true })).toBeNull();
    expect(ownClock({ ...m, endsAt: null })).toBeNull();
  });
});

describe('the round clock’s state', () => {
  const ends = '2026-12-05T19:50:00.000Z';
  const at = Date.parse(ends);
  test.each([
    ['counting down', ends, at - 1000, false, 'running'],
    ['at zero', ends, at, false, 'time'],
    ['past zero', ends, at + 60_000, false, 'time'],
    ['every result in before time', ends, at - 600_000, true, 'all-in'],
    ['every result in after time', ends, at + 60_000, true, 'all-in'],
    ['an untimed round', null, at, false, 'untimed'],
    ['an untimed round, every result in', null, at, true, 'all-in'],
  ] as const)('%s: %s', (_why, endsAt, now, allIn, state) => expect(roundClockState(endsAt, now, allIn)).toBe(state));

  test('all results are in when every match of the round is complete (byes count); other rounds do not matter', () => {
    const m = (roundNumber: number, complete: boolean) => ({ roundNumber, complete });
    expect(allResultsIn([m(2, true), m(2, true), m(1, true), m(3, false)], 2)).toBe(true);
    expect(allResultsIn([m(2, true), m(2, false)], 2)).toBe(false);
    // the final alone: its report stops the clock
    expect(allResultsIn([m(4, true), m(5, true)], 5)).toBe(true);
    // the round's matches not loaded (yet): the clock runs on
    expect(allResultsIn([m(1, true)], 2)).toBe(false);
  });
});
