import { describe, expect, test } from 'vitest';
import type { Member, Team } from '../../../domain/api/tournaments.ts';
import {
  UNKNOWN_CAPTAIN, UNKNOWN_PLAYER, UNNAMED_TEAM, captainName, cardLabel, isNewer, isPrivileged, iterationSuffix, labelFromFileName,
  mainDeckSlots, ownEntry, participationsFirst, playerName, seesNotificationDot, sortTeams, stageOf, teamName,
} from './tournament-view.ts';

const member = (over: Partial<Member> = {}): Member => ({
  id: 1, discordId: '1', displayName: 'Ada', username: 'ada', image: '', dropped: false, captain: true, submittedDecks: [], ...over,
});
const team = (over: Partial<Team> = {}): Team => ({
  uid: 't1', name: 'Alpha', captainDiscordId: '1', members: [member()], dropped: false, wins: 0, losses: 0, ties: 0, seed: 1,
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
  ])('%s', (_why, count, columns, rows) => expect(mainDeckSlots(count)).toEqual({ columns, rows, slots: rows * columns }));

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

test.each([
  ['GOAT Monthly', 12, '#12'],
  ['GOAT Monthly #12', 12, null],
  ['Open', null, null],
])('iteration of %s (%s): %s', (name, iteration, suffix) => expect(iterationSuffix({ name, iteration })).toBe(suffix));
