import { describe, expect, test } from 'vitest';
import {
  defaultHostState, firstHostErrorTab, hostClientErrors, hostServerErrors, isoToLocal, localToIso, toHostBody, type HostFormState,
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

describe('the Event tab (issue 19)', () => {
  test('defaults: no start, no check-in, the rule for the cut and rounds, 50-minute rounds, untimed cut, no late entry', () => {
    expect(body()).toMatchObject({
      startsAt: null, checkIn: false, topCut: null, swissRounds: null, roundMinutes: 50, topCutRoundMinutes: 0, lateEntryRounds: 0,
      discordWebhookUrl: null,
    });
  });

  test('the start typed on the viewer’s clock goes as the instant it is there', () => {
    const b = body({ startsAt: '2026-12-05T19:00' });
    expect(b.startsAt).toBe(new Date(2026, 11, 5, 19, 0).toISOString());
    expect(isoToLocal(b.startsAt as string)).toBe('2026-12-05T19:00');
    expect(localToIso('')).toBe('');
    expect(isoToLocal(null)).toBe('');
  });

  test('chosen values go as numbers; a blank cut or round count is the rule', () => {
    expect(body({ topCut: '4', swissRounds: '6', roundMinutes: '40', lateEntryRounds: '2', checkIn: true })).toMatchObject({
      topCut: 4, swissRounds: 6, roundMinutes: 40, lateEntryRounds: 2, checkIn: true,
    });
  });

  test.each([
    ['discordWebhookUrl', 'https://example.com/hook', 'must be a Discord webhook URL (https://discord.com/api/webhooks/…)'],
    ['roundMinutes', '300', 'must be at most 240'],
    ['roundMinutes', 'fifty', 'must be a whole number'],
    ['topCutRoundMinutes', '-1', 'must be at least 0'],
  ] as const)('%s = %s: %s, at the field and on the Event tab', (field, value, message) => {
    const errors = hostClientErrors(body({ [field]: value }));
    expect(errors[field]).toBe(message);
    expect(firstHostErrorTab(errors)).toBe('event');
  });

  test('the server’s sentence on a bad webhook goes back to its field', () => {
    expect(hostServerErrors('discordWebhookUrl: must be a Discord webhook URL (https://discord.com/api/webhooks/…)').fields).toEqual({
      discordWebhookUrl: 'must be a Discord webhook URL (https://discord.com/api/webhooks/…)',
    });
  });
});
