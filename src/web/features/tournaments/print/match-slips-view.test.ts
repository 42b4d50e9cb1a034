import { expect, test } from 'vitest';
import type { PairingRow, PrintTeam } from '../../../../domain/api/event-exports.ts';
import { gameNumbers, matchSlips, noSlipNote, teamPlayers } from './match-slips-view.ts';
import { printTarget } from './print-view.ts';
import { exportLinks } from './print-api.ts';

const team = (name: string, players: string[] = [name]): PrintTeam => ({ id: name, name, players, dropped: false });
const row = (over: Partial<PairingRow>): PairingRow => ({
  matchId: 1, bracket: 'swiss', table: 1, extraMinutes: 0, team1: null, team2: null, team1Wins: null, team2Wins: null, winnerTeamId: null, status: 'Scheduled', ...over,
});

test('one slip per match at a table, by table; byes, missed rounds and matches still waiting have none', () => {
  const { slips, byes, missed } = matchSlips([
    row({ matchId: 7, table: 2, team1: team('C'), team2: team('D'), status: 'Completed', team1Wins: 2, team2Wins: 0 }),
    row({ matchId: 8, table: 1, team1: team('A'), team2: team('B') }),
    row({ matchId: 9, table: null, team1: team('E'), status: 'Bye' }),
    row({ matchId: 10, table: null, team1: team('Late'), status: 'Missed' }),
    row({ matchId: 11, table: null, team1: team('F'), status: 'Waiting' }),
  ]);
  expect(slips.map((s) => [s.table, s.matchId])).toEqual([[1, 8], [2, 7]]);
  expect(byes).toEqual(['E']);
  expect(missed).toEqual(['Late']);
});

test('the note names who has no slip', () => {
  expect(noSlipNote({ byes: ['E'], missed: [] })).toBe('No slip for a bye (E): nothing to report.');
  expect(noSlipNote({ byes: ['E', 'G'], missed: ['Late'] })).toBe('No slip for 2 byes (E, G) or a missed round (Late): nothing to report.');
  expect(noSlipNote({ byes: [], missed: [] })).toBeNull();
});

test('a box per game of the best-of', () => {
  expect(gameNumbers(3)).toEqual([1, 2, 3]);
  expect(gameNumbers(1)).toEqual([1]);
  expect(gameNumbers(5)).toHaveLength(5);
  expect(gameNumbers(0)).toEqual([1]);
});

test('players under the team: not the one player named as the team', () => {
  expect(teamPlayers(team('Ann'))).toEqual([]);
  expect(teamPlayers(team('Aces', ['Ann', 'Al']))).toEqual(['Ann', 'Al']);
});

test('the slips have their own address, of a round or of the current one', () => {
  expect(printTarget(new URLSearchParams('?slips'))).toEqual({ kind: 'slips', round: undefined });
  expect(printTarget(new URLSearchParams('?slips&round=2'))).toEqual({ kind: 'slips', round: 2 });
  expect(exportLinks('a b').printSlips(2)).toBe('/tournaments/a%20b/print?slips&round=2');
  expect(exportLinks('x').printSlips()).toBe('/tournaments/x/print?slips');
});
