import { describe, expect, test } from 'vitest';
import { TEAM_NAME_MAX } from './limits.ts';
import { isOneVsOne, playerTeamNames } from './signup-name.ts';

describe('a 1-vs-1 sign-up without a team name', () => {
  test.each([
    ['one player a side', { playersTeam1: 1, playersTeam2: 1 }, true],
    ['teams of three need a name', { playersTeam1: 3, playersTeam2: 3 }, false],
    ['uneven sides are team events too', { playersTeam1: 1, playersTeam2: 2 }, false],
  ])('%s', (_why, t, expected) => {
    expect(isOneVsOne(t)).toBe(expected);
  });

  test.each([
    ['the chosen name first, then with the Discord username', { preferredName: 'Ace', displayName: 'Ada L.', username: 'ada' }, ['Ace', 'Ace (ada)']],
    ['Discord’s display name without a chosen one, spaces tidied', { preferredName: null, displayName: '  Ada   Lovelace ', username: 'ada' }, ['Ada Lovelace', 'Ada Lovelace (ada)']],
    ['a name that is the username has nothing to add', { preferredName: null, displayName: 'joey', username: 'joey' }, ['joey']],
  ])('%s', (_why, user, names) => {
    expect(playerTeamNames(user)).toEqual(names);
  });

  test('a long name is clipped to a team name’s length, the username kept', () => {
    const [name, withHandle] = playerTeamNames({ preferredName: null, displayName: 'x'.repeat(80), username: 'longname' });
    expect(name).toHaveLength(TEAM_NAME_MAX);
    expect(withHandle).toHaveLength(TEAM_NAME_MAX);
    expect(withHandle!.endsWith(' (longname)')).toBe(true);
  });
});
