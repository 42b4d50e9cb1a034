import { describe, expect, test } from 'vitest';
import { pairSwissRound } from '../tournaments/engine/swiss.ts';
import { startTournament } from '../tournaments/engine/engine.ts';
import { seedsByRating, teamRating, type SeedableTeam } from './seeding.ts';

const team = (id: string, seed: number, members: string[], dropped = false): SeedableTeam => ({ id, seed, dropped, members });
const ratings = new Map([['ace', 1900], ['bob', 1700], ['cid', 1300], ['dee', 1500.5]]);
const ratingOf = (id: string) => ratings.get(id);

describe('teamRating', () => {
  test.each([
    ['one rated member: their rating', ['ace'], 1900],
    ['two members: the average', ['ace', 'cid'], 1600],
    ['an unrated member counts as 1500', ['bob', 'new'], 1600],
    ['nobody rated: 1500', ['new'], 1500],
    ['no members at all: 1500', [], 1500],
  ])('%s', (_label, members, expected) => {
    expect(teamRating(members, ratingOf)).toBe(expected);
  });
});

describe('seedsByRating', () => {
  test('active teams by rating, highest first; dropped teams last in sign-up order', () => {
    const seeds = seedsByRating([
      team('t1', 1, ['cid']), team('t2', 2, ['new']), team('t3', 3, ['ace']), team('t4', 4, ['bob'], true), team('t5', 5, ['dee']),
    ], ratingOf);
    expect([...seeds].sort((a, b) => a[1] - b[1]).map(([id]) => id)).toEqual(['t3', 't5', 't2', 't1', 't4']);
  });

  test('equal ratings keep the sign-up order (unrated newcomers stay as they signed up)', () => {
    const seeds = seedsByRating([team('z', 3, ['n3']), team('y', 1, ['n1']), team('x', 2, ['n2']), team('w', 4, ['ace'])], ratingOf);
    expect(Object.fromEntries(seeds)).toEqual({ w: 1, y: 2, x: 3, z: 4 });
  });

  test('the same input in any order gives the same seeds', () => {
    const teams = [team('a', 1, ['bob']), team('b', 2, ['ace']), team('c', 3, ['x']), team('d', 4, ['y'])];
    expect(seedsByRating([...teams].reverse(), ratingOf)).toEqual(seedsByRating(teams, ratingOf));
  });
});

describe('Swiss round 1 seeded (seedByRating)', () => {
  const teams = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${String(i + 1).padStart(2, '0')}`, seed: i + 1, dropped: false }));
  const pairs = (ms: ReturnType<typeof pairSwissRound>) => ms.map((m) => [m.team1, m.team2, m.position, m.bye]);

  test('8 teams: 1 v 5, 2 v 6, 3 v 7, 4 v 8 at tables 1 to 4, whatever the stored seed', () => {
    const expected = [['s01', 's05', 1, false], ['s02', 's06', 2, false], ['s03', 's07', 3, false], ['s04', 's08', 4, false]];
    expect(pairs(pairSwissRound({ teams: teams(8), matches: [], round: 1, seed: 1, seeded: true }))).toEqual(expected);
    expect(pairs(pairSwissRound({ teams: [...teams(8)].reverse(), matches: [], round: 1, seed: 99, seeded: true }))).toEqual(expected);
  });

  test('an odd number: the lowest seed has the bye, the others fold in halves', () => {
    expect(pairs(pairSwissRound({ teams: teams(7), matches: [], round: 1, seed: 3, seeded: true })))
      .toEqual([['s01', 's04', 1, false], ['s02', 's05', 2, false], ['s03', 's06', 3, false], ['s07', null, 4, true]]);
  });

  test('dropped teams are left out before folding', () => {
    const ts = teams(6).map((t) => (t.id === 's02' ? { ...t, dropped: true } : t));
    expect(pairs(pairSwissRound({ teams: ts, matches: [], round: 1, seed: 3, seeded: true })).map((p) => p.slice(0, 2)))
      .toEqual([['s01', 's04'], ['s03', 's05'], ['s06', null]]);
  });

  test('startTournament pairs by seed only when the choice asks; otherwise the stored seed’s shuffle as before', () => {
    const seeded = startTournament('DEFAULT', teams(8), 7, { seededRound1: true }).matches;
    expect(seeded.map((m) => [m.team1, m.team2])).toEqual([['s01', 's05'], ['s02', 's06'], ['s03', 's07'], ['s04', 's08']]);
    const shuffled = startTournament('DEFAULT', teams(8), 7, {}).matches;
    expect(shuffled).toEqual(pairSwissRound({ teams: teams(8), matches: [], round: 1, seed: 7 }));
    expect(startTournament('DEFAULT', teams(8), 7, { seededRound1: true })).toEqual(startTournament('DEFAULT', teams(8), 7, { seededRound1: true }));
  });
});
