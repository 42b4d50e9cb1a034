import { describe, expect, test } from 'vitest';
import type { StandingRowBody } from '../../../../domain/api/standings.ts';
import { matchFactory } from '../match-fixture.ts';
import { PAGE_MS, pageAt, pageOf, pageSize, rowsThatFit, screenMode, screenPairings, standingsTitle, topStandings } from './screen-view.ts';

const state = { inProgress: true, completed: false, cancelled: false, closed: false, currentRound: 2, roundComplete: false };

describe('screenMode', () => {
  const open = [{ roundNumber: 2, complete: true }, { roundNumber: 2, complete: false }];
  const done = [{ roundNumber: 2, complete: true }];
  test.each([
    ['a result missing: the pairings', state, open, { kind: 'pairings' }],
    ['every result in: the standings', state, done, { kind: 'standings', final: false }],
    ['the server says the round is complete', { ...state, roundComplete: true }, open, { kind: 'standings', final: false }],
    ['completed: the final standings', { ...state, completed: true, inProgress: false }, open, { kind: 'standings', final: true }],
    ['closed: the final standings', { ...state, closed: true, inProgress: false }, [], { kind: 'standings', final: true }],
    ['before the start', { ...state, inProgress: false, currentRound: 0 }, [], { kind: 'waiting', message: 'Pairings show here when round 1 starts.' }],
    ['cancelled', { ...state, cancelled: true, inProgress: false }, [], { kind: 'waiting', message: 'This event was cancelled.' }],
  ])('%s', (_, s, matches, mode) => {
    expect(screenMode(s, matches)).toEqual(mode);
  });

  test('a round with no matches loaded yet is not "all in"', () => {
    expect(screenMode(state, [])).toEqual({ kind: 'pairings' });
  });
});

describe('screenPairings', () => {
  const m = matchFactory({ roundNumber: 1 });
  const matches = [
    m({ id: 3, table: 2, team1Name: 'Charlie', team2Name: 'Delta', extraMinutes: 5, endsAt: '2026-01-01T20:55:00.000Z' }),
    m({ id: 1, table: 1, complete: true, finalScore: { team1Wins: 2, team2Wins: 1 }, outcome: { winnerTeamId: 'b' } }),
    m({ id: 4, table: 3, team1Id: 'e', team1Name: 'Echo', team2Id: 'f', team2Name: 'Fox', complete: true, finalScore: { team1Wins: 1, team2Wins: 1 }, outcome: { winnerTeamId: null } }),
    m({ id: 5, table: 4, disputed: true }),
    m({ id: 6, table: null, bye: true, team1Id: 'g', team1Name: 'Golf', team2Id: null, team2Name: null, complete: true }),
    m({ id: 7, table: null, missed: true, team1Id: 'h', team1Name: 'Late', team2Id: null }),
    m({ id: 8, table: null, team1Id: null, team2Id: null }),
    m({ id: 9, roundNumber: 2, table: 1 }),
  ];

  test('by table, then byes; a missed round, an empty slot and other rounds are left off', () => {
    const rows = screenPairings(matches, 1);
    expect(rows.map((r) => [r.table, r.team1, r.team2])).toEqual([
      [1, 'Alpha', 'Bravo'],
      [2, 'Charlie', 'Delta'],
      [3, 'Echo', 'Fox'],
      [4, 'Alpha', 'Bravo'],
      [null, 'Golf', null],
    ]);
  });

  test('results as the hall reads them; an extended table still being played keeps its own clock', () => {
    const rows = screenPairings(matches, 1);
    expect(rows.map((r) => r.result)).toEqual(['2–1', '', '1–1 draw', 'Disputed', 'Bye']);
    expect(rows[0]).toMatchObject({ winner: 2, complete: true, endsAt: null });
    expect(rows[1]).toMatchObject({ extraMinutes: 5, endsAt: '2026-01-01T20:55:00.000Z', winner: null });
    const finished = screenPairings([m({ id: 3, table: 2, extraMinutes: 5, endsAt: 'x', complete: true, finalScore: { team1Wins: 2, team2Wins: 0 }, outcome: { winnerTeamId: 'a' } })], 1);
    expect(finished[0]).toMatchObject({ endsAt: null, result: '2–0', winner: 1 });
  });
});

describe('paging', () => {
  test.each([
    [860, 72, 11],
    [100, 72, 1],
    [0, 72, 1],
    [500, 0, 1],
  ])('%d px of rows of %d px: %d', (available, row, fit) => {
    expect(rowsThatFit(available, row)).toBe(fit);
  });

  test.each([
    [13, 12, 7],
    [12, 12, 12],
    [25, 12, 9],
    [5, 12, 5],
    [0, 12, 1],
    [3, 0, 1],
  ])('%d rows, %d fit: pages of %d', (count, fit, size) => {
    expect(pageSize(count, fit)).toBe(size);
  });

  test('the page turns every PAGE_MS and comes back round; one page stays', () => {
    expect([0, PAGE_MS - 1, PAGE_MS, 2 * PAGE_MS, 3 * PAGE_MS].map((t) => pageAt(t, 3))).toEqual([0, 0, 1, 2, 0]);
    expect(pageAt(5 * PAGE_MS, 1)).toBe(0);
  });

  test('the rows of the page and its indicator', () => {
    const rows = Array.from({ length: 13 }, (_, i) => i + 1);
    expect(pageOf(rows, 12, 0)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7], page: 0, pages: 2, label: 'Page 1 of 2' });
    expect(pageOf(rows, 12, PAGE_MS)).toMatchObject({ rows: [8, 9, 10, 11, 12, 13], label: 'Page 2 of 2' });
    expect(pageOf(rows, 20, PAGE_MS)).toEqual({ rows, page: 0, pages: 1, label: null });
    expect(pageOf([], 5, 0)).toEqual({ rows: [], page: 0, pages: 1, label: null });
  });
});

test('the standings: the top that fit, by rank', () => {
  const row = (rank: number): StandingRowBody => ({
    rank, teamId: `t${rank}`, teamName: `T${rank}`, dropped: false, points: 0, wins: 0, losses: 0, ties: 0, omw: 0, oomw: 0, tieBreaker: '', placement: null, swissRecord: null, didNotPlay: false,
  });
  expect(topStandings([row(3), row(1), row(2), row(4)], 3).map((r) => r.rank)).toEqual([1, 2, 3]);
  expect(topStandings([row(1)], 0)).toHaveLength(1);
  // a team that did not play takes no place on the board
  expect(topStandings([row(1), { ...row(2), didNotPlay: true }, row(3)], 5).map((r) => r.rank)).toEqual([1, 3]);
});

test.each([
  [false, 'Swiss round 2 of 3', 'Standings after Swiss round 2 of 3'],
  [false, 'Top 4: semifinals', 'Standings after Top 4: semifinals'],
  [false, 'Final', 'Standings after the final'],
  [false, 'Grand final reset', 'Standings after the grand final reset'],
  [true, 'Final', 'Final standings'],
])('standings title (final %s, %s)', (final, name, title) => {
  expect(standingsTitle(final, name)).toBe(title);
});
