import { describe, expect, test } from 'vitest';
import { ratingPeriods, type TimedLeagueMatch } from './rating-periods.ts';

const day = (d: number) => new Date(Date.UTC(2026, 4, d, 20));
const event = (id: string, d: number) => ({ id, at: day(d), matches: [{ player1: `${id}-a`, player2: `${id}-b`, result: 1 as const }] });
const match = (d: number, hours = 0): TimedLeagueMatch => ({ player1: 'x', player2: `y${d}`, result: 2, at: new Date(day(d).getTime() + hours * 3_600_000) });
const shape = (periods: ReturnType<typeof ratingPeriods>) => periods.map((p) => [p.id, p.matches.length]);

describe('ratingPeriods', () => {
  test.each([
    ['no league match: the events alone, in their order', [event('e2', 10), event('e1', 3)], [], [['e1', 1], ['e2', 1]]],
    ['no event: every league match is one period', [], [match(2), match(9), match(20)], [['leagues after the last event', 3]]],
    [
      'league matches between two events form one period before the later event',
      [event('e1', 3), event('e2', 10)], [match(1), match(4), match(8), match(12)],
      [['leagues before e1', 1], ['e1', 1], ['leagues before e2', 2], ['e2', 1], ['leagues after the last event', 1]],
    ],
    ['a match at the moment an event ended comes after it', [event('e1', 3)], [match(3)], [['e1', 1], ['leagues after the last event', 1]]],
    ['a match an hour before an event’s end comes before it', [event('e1', 3)], [match(3, -1)], [['leagues before e1', 1], ['e1', 1]]],
  ])('%s', (_label, events, matches, expected) => {
    expect(shape(ratingPeriods(events, matches))).toEqual(expected);
  });

  test('a league period keeps each match’s players and result, not its time', () => {
    expect(ratingPeriods([], [match(2)])[0]!.matches).toEqual([{ player1: 'x', player2: 'y2', result: 2 }]);
  });
});
