// The calendar's length estimate and SEQUENCE rule (decision 017).
import { describe, expect, test } from 'vitest';
import { bumpCalendarIfChanged, estimatedMinutes } from './exports-calendar.ts';

const swiss = { format: 'DEFAULT' as const, swissRounds: null, topCut: null, roundMinutes: 50, topCutRoundMinutes: 0 };

describe('estimatedMinutes', () => {
  test('each round its clock and 10 minutes between rounds, rounds by the rule for the teams signed up', () => {
    // 8 teams: 3 Swiss rounds and a top 2 (one round), the top cut untimed counted at the round clock
    expect(estimatedMinutes(swiss, 8)).toBe(4 * 60);
    // 64 teams: 6 Swiss rounds and a top 8 (3 rounds) of 30 minutes
    expect(estimatedMinutes({ ...swiss, topCutRoundMinutes: 30 }, 64)).toBe(6 * 60 + 3 * 40);
  });

  test('fewer than 8 teams signed up count as 8; an untimed round as 50 minutes', () => {
    expect(estimatedMinutes({ ...swiss, roundMinutes: 0 }, 0)).toBe(estimatedMinutes(swiss, 8));
  });

  test('the host’s Swiss rounds and top cut win over the rule; never under two hours', () => {
    expect(estimatedMinutes({ ...swiss, swissRounds: 5, topCut: 4 }, 100)).toBe(7 * 60);
    expect(estimatedMinutes({ ...swiss, swissRounds: 1, topCut: 0, roundMinutes: 20 }, 8)).toBe(120);
  });

  test('round robin and double elimination: their own round counts', () => {
    expect(estimatedMinutes({ ...swiss, format: 'ROUND_ROBIN', roundMinutes: 30 }, 10)).toBe(9 * 40);
    expect(estimatedMinutes({ ...swiss, format: 'DOUBLE_ELIM' }, 8)).toBeGreaterThan(4 * 60);
  });
});

describe('bumpCalendarIfChanged', () => {
  const before = { name: 'Friday Duels', subtitle: null, description: 'Bring a deck', startsAt: new Date('2026-12-05T19:00:00Z'), cancelled: false, calendarSequence: 3 };

  test('a rename, a new subtitle or description, a new start, a cancellation: the next SEQUENCE', () => {
    expect(bumpCalendarIfChanged(before, { name: 'Saturday Duels' })).toEqual({ calendarSequence: 4 });
    expect(bumpCalendarIfChanged(before, { subtitle: 'Swiss' })).toEqual({ calendarSequence: 4 });
    expect(bumpCalendarIfChanged(before, { description: null })).toEqual({ calendarSequence: 4 });
    expect(bumpCalendarIfChanged(before, { startsAt: new Date('2026-12-05T20:00:00Z') })).toEqual({ calendarSequence: 4 });
    expect(bumpCalendarIfChanged(before, { startsAt: null })).toEqual({ calendarSequence: 4 });
    expect(bumpCalendarIfChanged(before, { cancelled: true })).toEqual({ calendarSequence: 4 });
  });

  test('the same values, or fields a calendar does not show: nothing', () => {
    expect(bumpCalendarIfChanged(before, { name: 'Friday Duels', startsAt: new Date('2026-12-05T19:00:00Z') })).toEqual({});
    expect(bumpCalendarIfChanged(before, {})).toEqual({});
    expect(bumpCalendarIfChanged(before, { checkIn: true, roundMinutes: 40 } as never)).toEqual({});
  });
});
