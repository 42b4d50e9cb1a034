import { describe, expect, test } from 'vitest';
import type { PairingRow, PrintTeam } from '../../../../domain/api/event-exports.ts';
import { printTarget, printedPairings, resultText, roundTitle, seatsByPlayer, standingsHeading } from './print-view.ts';

const team = (name: string, players: string[] = [name]): PrintTeam => ({ id: name, name, players, dropped: false });
const row = (over: Partial<PairingRow>): PairingRow => ({
  matchId: 1, bracket: 'swiss', table: 1, extraMinutes: 0, team1: null, team2: null, team1Wins: null, team2Wins: null, winnerTeamId: null, status: 'Scheduled', ...over,
});

describe('seatsByPlayer', () => {
  const rows = [
    row({ matchId: 1, table: 1, team1: team('Team Ω', ['Zoë', 'émile']), team2: team('Player 10') }),
    row({ matchId: 2, table: 2, team1: team('Player 2'), team2: team('Ádám') }),
    row({ matchId: 3, table: null, team1: team('Bea'), status: 'Bye' }),
    row({ matchId: 4, table: null, team1: team('Late'), status: 'Missed' }),
  ];

  test('every player in alphabetical order, accents and case aside, numbers by value', () => {
    expect(seatsByPlayer(rows).map((s) => s.player)).toEqual(['Ádám', 'Bea', 'émile', 'Player 2', 'Player 10', 'Zoë']);
  });

  test('each with their table and opponent; a bye has no table; a missed round is no seat', () => {
    const seats = new Map(seatsByPlayer(rows).map((s) => [s.player, s]));
    expect(seats.get('Zoë')).toMatchObject({ team: 'Team Ω', table: 1, opponent: 'Player 10' });
    expect(seats.get('Player 10')).toMatchObject({ table: 1, opponent: 'Team Ω' });
    expect(seats.get('Bea')).toMatchObject({ table: null, opponent: null });
    expect(seats.has('Late')).toBe(false);
    expect(new Set(seatsByPlayer(rows).map((s) => s.key)).size).toBe(6);
  });

  test('a team without players is listed by its name', () => {
    expect(seatsByPlayer([row({ team1: team('Alpha', []), team2: team('Beta') })]).map((s) => s.player)).toEqual(['Alpha', 'Beta']);
  });

  test('the pairings list: tables and byes, not missed rounds or matches still waiting', () => {
    expect(printedPairings([...rows, row({ matchId: 5, table: null, team1: team('X'), status: 'Waiting' })]).map((r) => r.matchId)).toEqual([1, 2, 3]);
  });
});

describe('printTarget', () => {
  test.each([
    ['?round=3', { kind: 'pairings', round: 3 }],
    ['', { kind: 'pairings', round: undefined }],
    ['?round=abc', { kind: 'pairings', round: undefined }],
    ['?round=0', { kind: 'pairings', round: undefined }],
    ['?standings', { kind: 'standings' }],
    ['?standings&round=2', { kind: 'standings' }],
  ])('%s', (search, target) => {
    expect(printTarget(new URLSearchParams(search))).toEqual(target);
  });
});

test('headings name the round as the event page does (issue 30 §4)', () => {
  const swiss = { format: 'DEFAULT' as const, roundCount: 5, rows: [row({ bracket: 'swiss' })] };
  const cut = { swissRounds: 3, topCut: 4 };
  expect(roundTitle({ ...swiss, round: 2 }, cut)).toBe('Swiss round 2 of 3');
  expect(roundTitle({ ...swiss, round: 4, rows: [row({ bracket: 'top' })] }, cut)).toBe('Top 4: semifinals');
  expect(roundTitle({ ...swiss, round: 5, rows: [row({ bracket: 'top' })] }, cut)).toBe('Final');
  expect(roundTitle({ format: 'ROUND_ROBIN', round: 2, roundCount: 5, rows: [row({ bracket: 'rr' })] }, undefined)).toBe('Round 2 of 5');
  // the host's choice unknown: the rule's split of the round count (3 rounds: Swiss only)
  expect(roundTitle({ format: 'DEFAULT', round: 1, roundCount: 3, rows: [] }, undefined)).toBe('Swiss round 1 of 3');
  const standings = { final: false, format: 'DEFAULT' as const, currentRound: 2, roundCount: 5 };
  expect(standingsHeading(standings, cut)).toBe('Standings, Swiss round 2 of 3');
  expect(standingsHeading({ ...standings, currentRound: 0 }, cut)).toBe('Standings before the first round');
  expect(standingsHeading({ ...standings, final: true }, cut)).toBe('Final standings');
});

test('results', () => {
  expect(resultText(row({ status: 'Completed', team1Wins: 2, team2Wins: 1, winnerTeamId: 'a' }))).toBe('2–1');
  expect(resultText(row({ status: 'Completed', team1Wins: 1, team2Wins: 1, winnerTeamId: null }))).toBe('1–1 (tie)');
  expect(resultText(row({ status: 'In Progress', team1Wins: 2, team2Wins: 0 }))).toBe('');
  expect(resultText(row({ status: 'Disputed' }))).toBe('Disputed');
});
