import { describe, expect, test } from 'vitest';
import { LEAGUE_MESSAGES } from '../api/leagues.ts';
import { decideBy, defaultLeagueEnd, endSteps, leagueDatesProblem, leaguePhase } from './league-clock.ts';

const at = (s: string) => new Date(s);
const league = { startsAt: at('2026-05-01T00:00:00Z'), endsAt: at('2026-06-01T00:00:00Z'), finalAt: null };

describe('leaguePhase', () => {
  test.each([
    ['before the start', '2026-04-30T23:59:59Z', null, 'upcoming'],
    ['at the start', '2026-05-01T00:00:00Z', null, 'running'],
    ['the last second', '2026-05-31T23:59:59Z', null, 'running'],
    ['at the end: the hosts decide what is open', '2026-06-01T00:00:00Z', null, 'deciding'],
    ['a day later, not settled yet', '2026-06-02T00:00:00Z', null, 'deciding'],
    ['settled final', '2026-06-01T00:00:01Z', at('2026-06-01T00:00:00Z'), 'final'],
  ])('%s', (_label, now, finalAt, phase) => {
    expect(leaguePhase({ ...league, finalAt }, at(now))).toBe(phase);
  });
});

describe('defaultLeagueEnd: a calendar month', () => {
  test.each([
    ['the first of a month', '2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
    ['mid-month, the same time of day', '2026-05-13T14:30:00.000Z', '2026-06-13T14:30:00.000Z'],
    ['31 January: the last day of February', '2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['31 January of a leap year', '2028-01-31T10:00:00.000Z', '2028-02-29T10:00:00.000Z'],
    ['December into the next year', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['31 March: 30 April', '2026-03-31T00:00:00.000Z', '2026-04-30T00:00:00.000Z'],
  ])('%s', (_label, start, end) => {
    expect(defaultLeagueEnd(at(start)).toISOString()).toBe(end);
  });
});

describe('leagueDatesProblem', () => {
  const now = at('2026-05-10T00:00:00Z');
  test.each([
    ['a month from now', '2026-05-10T00:00:00Z', '2026-06-10T00:00:00Z', null],
    ['started last week, ends next month', '2026-05-03T00:00:00Z', '2026-06-01T00:00:00Z', null],
    ['ends before it starts', '2026-06-10T00:00:00Z', '2026-06-01T00:00:00Z', LEAGUE_MESSAGES.endsBeforeStart],
    ['ends as it starts', '2026-06-10T00:00:00Z', '2026-06-10T00:00:00Z', LEAGUE_MESSAGES.endsBeforeStart],
    ['ended already', '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z', LEAGUE_MESSAGES.endsInPast],
    ['92 days', '2026-05-10T00:00:00Z', '2026-08-10T00:00:00Z', null],
    ['93 days', '2026-05-10T00:00:00Z', '2026-08-11T00:00:00Z', LEAGUE_MESSAGES.tooLong],
  ])('%s', (_label, start, end, problem) => {
    expect(leagueDatesProblem(at(start), at(end), now)).toBe(problem);
  });
});

describe('endSteps: what the settling of the end does', () => {
  const end = league.endsAt;
  test.each([
    ['before the end: nothing', '2026-05-31T00:00:00Z', null, 3, { close: false, final: false }],
    ['at the end, matches open: close, the hosts have a day', '2026-06-01T00:00:00Z', null, 3, { close: true, final: false }],
    ['at the end, nothing open: close and final at once', '2026-06-01T00:00:00Z', null, 0, { close: true, final: true }],
    ['closed, the hosts decided the last', '2026-06-01T05:00:00Z', end, 0, { close: false, final: true }],
    ['closed, still open, within the day', '2026-06-01T23:59:59Z', end, 2, { close: false, final: false }],
    ['closed, still open, the day over: final', decideBy(end).toISOString(), end, 2, { close: false, final: true }],
    ['never settled, days after the end: both at once', '2026-06-05T00:00:00Z', null, 2, { close: true, final: true }],
  ])('%s', (_label, now, closedAt, open, steps) => {
    expect(endSteps({ ...league, closedAt }, at(now), open)).toEqual(steps);
  });

  test('a final league has nothing left to do', () => {
    expect(endSteps({ ...league, closedAt: end, finalAt: end }, at('2026-07-01T00:00:00Z'), 5)).toEqual({ close: false, final: false });
  });
});
