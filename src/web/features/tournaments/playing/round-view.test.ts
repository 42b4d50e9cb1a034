import { describe, expect, test } from 'vitest';
import { matchFactory } from '../match-fixture.ts';
import { currentRoundName, currentTimeCalled, dropWait, mayExtend, mayReadRoom, roundBrackets, swapChoices, swapPreview, tableLabel } from './round-view.ts';

const match = matchFactory({ roundNumber: 2, table: 1, endsAt: '2026-12-05T19:50:00.000Z' });
const t = { hostDiscordId: 'host', inProgress: true, completed: false, currentRound: 2, format: 'DEFAULT' as const };
const host = { discordId: 'host', auth: 1 };
const admin = { discordId: 'ad', auth: 2 };
const curator = { discordId: 'cu', auth: 1 };
const player = { discordId: 'p', auth: 0 };

describe('tables and rooms', () => {
  test('a table reads "Table n"; none for a bye', () => {
    expect(tableLabel(match({ table: 12 }))).toBe('Table 12');
    expect(tableLabel(match({ table: null, bye: true }))).toBeNull();
  });

  test.each([
    ['a player of the match', player, 1, match(), true],
    ['the host', host, null, match(), true],
    ['an admin', admin, null, match(), true],
    ['a curator', curator, null, match(), false],
    ['another player', player, null, match(), false],
    ['a visitor', null, null, match(), false],
    ['a player, on a bye', player, 1, match({ bye: true, team2Id: null }), false],
    ['a player, a later bracket round', player, 1, match({ roundNumber: 3 }), false],
  ] as const)('the room is asked for by %s: %s', (_why, viewer, side, m, yes) => {
    expect(mayReadRoom(t, m, viewer, side)).toBe(yes);
  });
});

describe('Add Time', () => {
  test.each([
    ['the host', host, null, match(), true],
    ['an admin', admin, null, match(), true],
    ['an admin who plays it', admin, 2, match(), false],
    ['a curator', curator, null, match(), false],
    ['the host, an untimed round', host, null, match({ endsAt: null }), false],
    ['the host, a complete match', host, null, match({ complete: true }), false],
    ['the host, an earlier round', host, null, match({ roundNumber: 1 }), false],
  ] as const)('%s: %s', (_why, viewer, side, m, yes) => expect(mayExtend(t, m, viewer, side)).toBe(yes));
});

describe('a player’s own drop', () => {
  test.each([
    ['their match waits for its result', match(), true],
    ['their match is complete', match({ complete: true }), false],
    ['their match has one report only', match({ reportFromTeam1: { reporterDiscordId: 'p', gamesWon: 2, gamesLost: 0, at: '' } }), true],
    ['a bye', match({ bye: true, team2Id: null, complete: true }), false],
    ['no match this round', undefined, false],
    ['a bracket match of a later round', match({ roundNumber: 3 }), false],
  ] as const)('%s: waits %s', (_why, m, waits) => {
    expect(dropWait(t, m) !== null).toBe(waits);
  });
  test('the sentence says what to do', () => {
    expect(dropWait(t, match())).toBe('You can drop once your match of round 2 is complete: report its score first, or ask the host.');
  });
});

describe('swapping teams', () => {
  const round = [
    match({ id: 101, table: 2, position: 2, team1Id: 'c', team2Id: 'd', team1Name: 'Charlie', team2Name: 'Delta' }),
    match({ id: 100, table: 1, position: 1 }),
    match({ id: 102, table: null, position: 3, team1Id: 'e', team2Id: null, team1Name: 'Echo', team2Name: null, bye: true, complete: true }),
    match({ id: 90, roundNumber: 1, complete: true }),
  ];
  test('every team of the round’s paired matches, by table, naming its opponent; the bye is none', () => {
    const { choices, blocked } = swapChoices(t, round);
    expect(blocked).toBeNull();
    expect(choices.map((c) => c.label)).toEqual([
      'Alpha (Table 1, vs Bravo)', 'Bravo (Table 1, vs Alpha)', 'Charlie (Table 2, vs Delta)', 'Delta (Table 2, vs Charlie)',
    ]);
    expect(swapPreview(round, choices[0]!, choices[3]!)).toBe('Table 1: Delta vs Bravo · Table 2: Charlie vs Alpha');
  });
  test('a match with a result or a report is not offered; the others still are (issue 30)', () => {
    const reported = match({ id: 103, table: 3, position: 3, team1Id: 'f', team2Id: 'g', reportFromTeam2: { reporterDiscordId: 'x', gamesWon: 1, gamesLost: 2, at: '' } });
    const done = match({ id: 104, table: 4, position: 4, team1Id: 'h', team2Id: 'i', complete: true });
    const { choices, blocked } = swapChoices(t, [...round, reported, done]);
    expect(blocked).toBeNull();
    expect(choices.map((c) => c.matchId)).toEqual([100, 100, 101, 101]);
  });
  test.each([
    ['a report on the other match', [round[0]!, { ...round[1]!, reportFromTeam2: { reporterDiscordId: 'x', gamesWon: 1, gamesLost: 2, at: '' } }], /two matches of the round without a result/],
    ['a result on the other match', [round[0]!, { ...round[1]!, complete: true }], /two matches of the round without a result/],
    ['a round robin', round.map((m) => ({ ...m, bracket: 'rr' as const })), /Only Swiss/],
    ['a top cut', [match({ bracket: 'top' }), match({ bracket: 'top' })], /Only Swiss/],
    ['one match only', [round[1]!, round[2]!], /two matches of the round without a result/],
  ])('none with %s', (_why, ms, why) => {
    const { choices, blocked } = swapChoices(t, ms);
    expect(choices).toEqual([]);
    expect(blocked).toMatch(why);
  });
});

describe('the banner’s round name and time line', () => {
  const event = { format: 'DEFAULT' as const, currentRound: 4, roundCount: 5, swissRounds: 3, topCut: 4 };
  const semis = [match({ roundNumber: 4, bracket: 'top' }), match({ roundNumber: 4, bracket: 'top' }), match({ roundNumber: 5, bracket: 'top' }), match({ roundNumber: 3 })];
  test('the current round’s matches name it', () => {
    expect(roundBrackets(semis, 4)).toEqual(['top']);
    expect(currentRoundName(event, semis)).toBe('Top 4: semifinals');
    expect(currentRoundName({ ...event, currentRound: 5 }, semis)).toBe('Final');
    expect(currentRoundName({ ...event, currentRound: 2 }, [match({ roundNumber: 2 })])).toBe('Swiss round 2 of 3');
  });
  test('time in Swiss takes draws; time in the cut needs a winner', () => {
    expect(currentTimeCalled({ currentRound: 2 }, [match({ roundNumber: 2 })])).toMatch(/undecided games count as draws/);
    expect(currentTimeCalled(event, semis)).toMatch(/more LP wins/);
  });
});
