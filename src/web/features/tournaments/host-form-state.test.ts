import { describe, expect, test } from 'vitest';
import {
  defaultHostState, firstHostErrorTab, hostClientErrors, hostServerErrors, toHostBody, type HostFormState,
} from './host-form-state.ts';

const body = (over: Partial<HostFormState> = {}) => toHostBody({ ...defaultHostState(), name: 'Open', ...over }, undefined, '1');

describe('host form (spec 2 §5)', () => {
  test('defaults: best of 3, one deck per player, open submissions, Swiss → Top Cut, 40-60 main', () => {
    const b = body();
    expect(b).toMatchObject({
      bestOf: 3, decksAllowedPerPlayer: 1, openSubmissions: true, format: 'DEFAULT', playersTeam1: 1, playersTeam2: 1,
      startingLp: 8000, startingHand: 5, cardsPerDraw: 1, minMainDeckSize: 40, maxMainDeckSize: 60, minExtraDeckSize: 0,
      maxExtraDeckSize: 15, minSideDeckSize: 0, maxSideDeckSize: 15, seriesUid: null,
    });
    expect(hostClientErrors(b)).toEqual({});
  });

  test.each([
    ['bestOf', '0', 'must be at least 1'],
    ['decksAllowedPerPlayer', '0', 'must be at least 1'],
    ['startingLp', '0', 'must be at least 1'],
    ['startingHand', '-1', 'must be at least 0'],
    ['cardsPerDraw', '0', 'must be at least 1'],
    ['minMainDeckSize', '0', 'must be at least 1'],
    ['minExtraDeckSize', '-1', 'must be at least 0'],
    ['playersTeam1', '0', 'must be at least 1'],
    ['bestOf', 'three', 'must be a whole number'],
  ] as const)('%s = %s: %s', (field, value, message) => {
    expect(hostClientErrors(body({ [field]: value }))[field]).toBe(message);
  });

  test('a maximum below its minimum is reported on the minimum', () => {
    expect(hostClientErrors(body({ minSideDeckSize: '5', maxSideDeckSize: '2' })).minSideDeckSize).toBe(
      'Side Deck minimum (5) must not exceed the maximum (2)',
    );
  });

  test('a blank name is refused', () => expect(hostClientErrors(body({ name: '  ' })).name).toBe('Name is required'));

  test("the server's 'field: message' goes back to its field; the rest is form-wide", () => {
    expect(hostServerErrors('bestOf: must be at most 9; banlistDate: there is no banlist dated 2020-01-01; Something else')).toEqual({
      fields: { bestOf: 'must be at most 9', banlistDate: 'there is no banlist dated 2020-01-01' },
      form: 'Something else',
    });
  });

  test('the first tab with an error comes forward', () => {
    expect(firstHostErrorTab({ banlist: 'x', startingLp: 'y' })).toBe('rules');
    expect(firstHostErrorTab({ maxMainDeckSize: 'x' })).toBe('deck');
    expect(firstHostErrorTab({})).toBeUndefined();
  });
});
