import { describe, expect, test } from 'vitest';
import { indexOf } from './event-index.ts';
import { headToHeadOf } from './players.ts';

const team = (teamId: string, ...ids: string[]) => ({ teamId, members: ids.map((discordId) => ({ discordId, displayName: discordId.toUpperCase() })) });
const match = (team1: string, team2: string | null, winner: string | null, w1: number | null, w2: number | null, extra: Partial<{ bye: boolean; missed: boolean; complete: boolean }> = {}) =>
  ({ team1, team2, winner, team1Wins: w1, team2Wins: w2, bye: false, missed: false, complete: true, ...extra });

describe('head-to-head from an event index', () => {
  const placements = [team('A', 'ann'), team('B', 'bob'), team('C', 'cat', 'cy'), team('D', 'dan')];
  const index = indexOf(placements, [
    match('A', 'B', 'A', 2, 1),
    match('A', 'C', null, 1, 1), // a tie with games played counts
    match('A', 'D', 'D', 0, 0), // a walkover: no game played
    match('B', null, 'B', 2, 0, { bye: true }),
    match('B', 'D', 'D', 0, 2, { missed: true }),
    match('C', 'D', null, null, null, { complete: false }),
    match('C', 'B', 'C', 2, 0),
  ]);

  test.each([
    ['a win and a tie against a two-player team (one result per member); the walkover left out', 'ann', { bob: [1, 0, 0], cat: [0, 0, 1], cy: [0, 0, 1] }],
    ['a loss; the bye and the missed round left out', 'bob', { ann: [0, 1, 0], cat: [0, 1, 0], cy: [0, 1, 0] }],
    ['a member of a two-player team', 'cy', { ann: [0, 0, 1], bob: [1, 0, 0] }],
    ['nothing rated at all', 'dan', {}],
  ])('%s', (_label, player, expected) => {
    const got = Object.fromEntries([...headToHeadOf(player, [index]).values()].map((h) => [h.discordId, [h.wins, h.losses, h.ties]]));
    expect(got).toEqual(expected);
  });

  test('names and the number of teams come from the record', () => {
    expect(index.teams).toBe(4);
    expect(headToHeadOf('ann', [index]).get('cy')?.recordedName).toBe('CY');
  });

  test('two events add up', () => {
    expect(headToHeadOf('ann', [index, index]).get('bob')).toMatchObject({ wins: 2, losses: 0, ties: 0 });
  });
});
