import { describe, expect, test } from 'vitest';
import type { Member, Team } from '../../../domain/api/tournaments.ts';
import type { Standings } from '../../../domain/api/standings.ts';
import {
  PHONE_CARDS_PER_ROW, UNKNOWN_CAPTAIN, UNKNOWN_PLAYER, UNNAMED_TEAM, captainName, cardLabel, failureSentence, isNewer, isPrivileged,
  iterationSuffix, labelFromFileName, mainDeckSlots, ownEntry, participationsFirst, playerName, seesNotificationDot, sortTeams, stageOf,
  adminActions, standingsStep, teamCountLabel, teamName, teamsWithoutApprovedDeck,
} from './tournament-view.ts';
import { ApiError } from '../../lib/api.ts';

const member = (over: Partial<Member> = {}): Member => ({
  id: 1, discordId: '1', displayName: 'Ada', username: 'ada', image: '', dropped: false, captain: true, submittedDecks: [], ...over,
});
const team = (over: Partial<Team> = {}): Team => ({
  uid: 't1', name: 'Alpha', captainDiscordId: '1', members: [member()], dropped: false, wins: 0, losses: 0, ties: 0, seed: 1, checkedIn: false, lateEntryRound: 0,
  createdAt: '2026-01-01T00:00:00Z', ...over,
});

describe('fallback labels (spec 2 §8)', () => {
  test.each([
    ['a display name', member(), 'Ada'],
    ['the username when the display name is blank', member({ displayName: ' ' }), 'ada'],
    ['Unknown Player when neither is known', member({ displayName: '', username: null }), UNKNOWN_PLAYER],
  ])('player: %s', (_why, m, expected) => expect(playerName(m)).toBe(expected));

  test('a blank team name is Unnamed Team', () => expect(teamName(team({ name: '  ' }))).toBe(UNNAMED_TEAM));
  test('a captain who is not among the members is Unknown Captain', () =>
    expect(captainName(team({ captainDiscordId: '9' }))).toBe(UNKNOWN_CAPTAIN));
});

describe('who sees what (spec 2 §4, §6)', () => {
  const t = { hostDiscordId: 'h' };
  test.each([
    ['a visitor', null, false, false],
    ['a plain user', { discordId: 'u', auth: 0 }, false, false],
    ['auth 1: the dot, not the admin panel', { discordId: 'u', auth: 1 }, false, true],
    ['auth 2', { discordId: 'u', auth: 2 }, true, true],
    ['the host, at auth 0', { discordId: 'h', auth: 0 }, true, true],
  ])('%s', (_why, viewer, privileged, dot) => {
    expect(isPrivileged(t, viewer)).toBe(privileged);
    expect(seesNotificationDot(t, viewer)).toBe(dot);
  });
});

describe('the viewer in a tournament', () => {
  test('finds the active team and member', () => {
    expect(ownEntry({ teams: [team()] }, '1')?.team.uid).toBe('t1');
  });
  test.each([
    ['a dropped team', team({ dropped: true })],
    ['a dropped member', team({ members: [member({ dropped: true })] })],
  ])('ignores %s', (_why, t) => expect(ownEntry({ teams: [t] }, '1')).toBeUndefined());

  test.each([
    [{ cancelled: true, completed: false, inProgress: false }, 'cancelled'],
    [{ cancelled: false, completed: true, inProgress: true }, 'completed'],
    [{ cancelled: false, completed: false, inProgress: true }, 'in-progress'],
    [{ cancelled: false, completed: false, inProgress: false }, 'signup'],
  ])('stage of %o is %s', (t, stage) => expect(stageOf(t)).toBe(stage));
});

test('participations come first, the rest keep their order', () => {
  const list = [{ uid: 'a' }, { uid: 'b' }, { uid: 'c' }, { uid: 'd' }];
  expect(participationsFirst(list, new Set(['c', 'd'])).map((t) => t.uid)).toEqual(['c', 'd', 'a', 'b']);
});

describe('deck preview (spec 2 §2, §9)', () => {
  test.each([
    ['an empty deck: 4 rows of 4', 0, 4, 4],
    ['20 cards (Speed Duel): 5 rows of 4', 20, 4, 5],
    ['13 cards: 4 rows of 4', 13, 4, 4],
    ['39 cards: 10 rows of 4', 39, 4, 10],
    ['40 cards: 4 rows of 10', 40, 10, 4],
    ['41 cards: a fifth row of 10', 41, 10, 5],
    ['60 cards: 6 rows of 10', 60, 10, 6],
  ])('%s', (_why, count, columns, rows) =>
    expect(mainDeckSlots(count)).toEqual({ columns, rows, slots: rows * columns, width: columns / 10 }));

  test.each([
    ['40 cards: 8 rows of 5, each card twice as wide as in rows of 10', 40, 5, 8, 1],
    ['43 cards: 9 rows of 5', 43, 5, 9, 1],
    ['20 cards: rows of 4 at the size of rows of 5', 20, 4, 5, 0.8],
  ])('on a phone, %s', (_why, count, columns, rows, width) =>
    expect(mainDeckSlots(count, PHONE_CARDS_PER_ROW)).toEqual({ columns, rows, slots: rows * columns, width }));

  test.each([
    ['a known card', { cardId: 5, cardName: 'Raigeki' }, { name: 'Raigeki', known: true }],
    ["the server's fallback", { cardId: 7, cardName: 'Card 7' }, { name: 'Card 7', known: false }],
    ['no name at all', { cardId: 8, cardName: '' }, { name: 'Card 8', known: false }],
  ])('%s', (_why, card, expected) => expect(cardLabel(card)).toEqual(expected));

  test.each([
    ['My Deck.ydk', 'My Deck'],
    ['Upper.YDK', 'Upper'],
    ['no-extension', 'no-extension'],
  ])('the label of %s is %s', (file, label) => expect(labelFromFileName(file)).toBe(label));
});

test('teams sort by name or joined, both ways, and filter by team or player name', () => {
  const teams = [
    team({ uid: 'b', name: 'bravo', createdAt: '2026-01-02T00:00:00Z', members: [member({ displayName: 'Zed' })] }),
    team({ uid: 'a', name: 'Alpha', createdAt: '2026-01-03T00:00:00Z' }),
    team({ uid: 'c', name: 'Charlie', createdAt: '2026-01-01T00:00:00Z' }),
  ];
  expect(sortTeams(teams, 'name', 'asc', '').map((t) => t.uid)).toEqual(['a', 'b', 'c']);
  expect(sortTeams(teams, 'name', 'desc', '').map((t) => t.uid)).toEqual(['c', 'b', 'a']);
  expect(sortTeams(teams, 'joined', 'asc', '').map((t) => t.uid)).toEqual(['c', 'b', 'a']);
  expect(sortTeams(teams, 'joined', 'desc', '').map((t) => t.uid)).toEqual(['a', 'b', 'c']);
  expect(sortTeams(teams, 'name', 'asc', 'zed').map((t) => t.uid)).toEqual(['b']);
});

test.each([
  ['an older version', { version: 3 }, 4, false],
  ['the version shown', { version: 4 }, 4, false],
  ['a newer version', { version: 5 }, 4, true],
  ['no version: refetch to be safe', { uid: 'x' }, 4, true],
  ['anything before the first load', { version: 1 }, undefined, true],
  ['not an object', 'junk', 4, false],
])('a live message with %s is news: %s', (_why, body, shown, news) => expect(isNewer(body, shown)).toBe(news));

describe('a message on the standings topic (decision 022)', () => {
  const shown = (version: number): Standings => ({ uid: 'u', version, final: false, rows: [], champion: null });
  const rows = { uid: 'u', version: 7, final: false, rows: [], champion: null };
  test.each([
    ['rows newer than the standings shown are shown', rows, shown(6), { kind: 'put', standings: rows }],
    ['rows before anything is shown are shown', rows, undefined, { kind: 'put', standings: rows }],
    ['rows of the version shown change nothing', rows, shown(7), { kind: 'ignore' }],
    ['older rows change nothing', rows, shown(9), { kind: 'ignore' }],
    ['a large event\'s notice is followed by a read of what it announced', { uid: 'u', version: 8, change: 'report', notice: true }, shown(7), { kind: 'read', version: 8 }],
    ['a notice of standings already shown is not', { uid: 'u', version: 7, change: 'report', notice: true }, shown(7), { kind: 'ignore' }],
    ['no version: read again to be safe', { uid: 'u' }, shown(7), { kind: 'refetch' }],
    ['a version without rows or notice: read again', { uid: 'u', version: 8 }, shown(7), { kind: 'refetch' }],
    ['not an object', 'junk', shown(7), { kind: 'ignore' }],
  ])('%s', (_why, message, standings, step) => expect(standingsStep(message, standings)).toEqual(step));
});

test.each([
  ['GOAT Monthly', 12, '#12'],
  ['GOAT Monthly #12', 12, null],
  ['Friday Night Modern #1', 4, null], // the host's own number: never '#1 #4' (issue 30 §8)
  ['Open', null, null],
])('iteration of %s (%s): %s', (name, iteration, suffix) => expect(iterationSuffix({ name, iteration })).toBe(suffix));

describe('Start names the teams without an approved deck (issue 18)', () => {
  const deck = (status: 'Approved' | 'Pending' | 'Rejected') => ({
    id: 1, uid: 'd', label: 'Deck 1', approved: status === 'Approved', reviewerDiscordId: null, status, rejectionReason: null,
    mainCount: 40, extraCount: 0, sideCount: 0, createdAt: '2026-01-01T00:00:00Z',
  });
  test.each([
    ['no deck at all', team({ members: [member()] }), true],
    ['a pending deck only', team({ members: [member({ submittedDecks: [deck('Pending')] })] }), true],
    ['a rejected and an approved deck', team({ members: [member({ submittedDecks: [deck('Rejected'), deck('Approved')] })] }), false],
    ['a second player without one', team({ members: [member({ submittedDecks: [deck('Approved')] }), member({ id: 2, discordId: '2' })] }), true],
    ['a dropped player without one', team({ members: [member({ submittedDecks: [deck('Approved')] }), member({ id: 2, dropped: true })] }), false],
    ['a dropped team (it is not paired)', team({ dropped: true }), false],
  ])('%s: %s', (_why, t, listed) => expect(teamsWithoutApprovedDeck([t]).length).toBe(listed ? 1 : 0));
});

test.each([
  [3, false, '3 teams'],
  [1, false, '1 team'],
  [12, true, '12 teams played'],
])('%i teams, closed %s: %s', (count, closed, label) => expect(teamCountLabel(count, closed)).toBe(label));

describe("a failed action says the server's sentence (issue 18)", () => {
  const FALLBACK = 'Failed to drop team. Please try again or contact an admin.';
  test.each([
    ['a refusal', new ApiError(409, 'The tournament is over: nobody can drop any more'), 'The tournament is over: nobody can drop any more'],
    ['a validation message, without its field name', new ApiError(400, 'team1Wins: the winner cannot have won fewer games'), 'The winner cannot have won fewer games'],
    ['a sentence that starts with a word and a colon keeps it', new ApiError(409, 'Flagged: ask an admin'), 'Flagged: ask an admin'],
    ['a network failure: the catalogue', new ApiError(0, 'Network error: the server could not be reached'), FALLBACK],
    ['a hidden server error: the catalogue', new ApiError(500, 'Internal Server Error'), FALLBACK],
    ['an empty message: the catalogue', new ApiError(409, ''), FALLBACK],
    ['not an API error at all', new TypeError('x is undefined'), FALLBACK],
    ['nothing', undefined, FALLBACK],
  ])('%s', (_why, error, sentence) => expect(failureSentence(error, FALLBACK)).toBe(sentence));
});

test.each([
  ['before the start: everything', { inProgress: false, completed: false, cancelled: false, testData: true }, { start: true, seed: true, round: true, cancel: true, close: true }],
  ['before the start on a real site (no demo data): no Seed Test Data', { inProgress: false, completed: false, cancelled: false, testData: false }, { start: true, seed: false, round: true, cancel: true, close: true }],
  ['in progress: no Start, no Seed Test Data', { inProgress: true, completed: false, cancelled: false, testData: true }, { start: false, seed: false, round: true, cancel: true, close: true }],
  ['completed: Close (and the download) only', { inProgress: true, completed: true, cancelled: false, testData: true }, { start: false, seed: false, round: false, cancel: false, close: true }],
  ['cancelled: nothing', { inProgress: false, completed: false, cancelled: true, testData: true }, { start: false, seed: false, round: false, cancel: false, close: false }],
])('Admin Tools, %s', (_why, t, shown) => expect(adminActions(t)).toEqual(shown));
