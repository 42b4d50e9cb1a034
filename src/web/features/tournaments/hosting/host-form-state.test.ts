import { describe, expect, test } from 'vitest';
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import type { Series } from '../../../../domain/api/series.ts';
import { lflistHash, parseLflist } from '../../../../domain/banlists/lflist.ts';
import { NO_BANLIST, OWN_BANLIST } from './event-banlist.ts';
import {
  banlistErrors, defaultHostState, firstHostErrorTab, hostClientErrors, hostServerErrors, hostStateFromSeries, initialBanlistChoice, isoToLocal, localToIso,
  toHostBody, type HostFormState,
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
    expect(firstHostErrorTab({ playersTeam1: 'x', startingLp: 'y' })).toBe('rules');
    expect(firstHostErrorTab({ banlist: 'x', startingLp: 'y' })).toBe('basic'); // the banlist is on the first tab (issue 39)
    expect(firstHostErrorTab({ maxMainDeckSize: 'x' })).toBe('deck');
    expect(firstHostErrorTab({})).toBeUndefined();
  });
});

describe('the banlist and the number (issue 39 §2)', () => {
  const GOAT = '!2005.4 GOAT\n$whitelist\n4031928 3 --Change of Heart\n';
  const OCG = '!2026.07 OCG\n55144522 0 --Pot of Greed\n';
  const summary = (date: string, name: string, text = `!${name}\n`): BanlistSummary => ({
    date, name, kind: 'format', whitelist: false, entries: 1, hash: lflistHash(parseLflist(text).lists[0]!.entries), points: false,
  });
  const lists = [summary('2026-07-01', '2026.07 OCG', OCG), summary('2026-05-01', '2026.05 Worlds')];
  const series = (banlist: string | null, banlistName: string | null) => ({ banlist, banlistName }) as Pick<Series, 'banlist' | 'banlistName'>;

  test.each([
    ['the series’ list that is the site’s (same EDOPro hash): that list', series(OCG, '2026.07 OCG'), lists, '2026-07-01'],
    ['the series’ own list the site does not have (the demo GOAT series): its own', series(GOAT, '2005.4 GOAT'), lists, OWN_BANLIST],
    ['a series without a list: the current (newest) list, never none', series(null, null), lists, '2026-07-01'],
    ['no series: the current list', undefined, lists, '2026-07-01'],
    ['a site without lists: nothing yet, the host chooses', undefined, [], ''],
  ])('preselected: %s', (_why, s, l, choice) => {
    expect(initialBanlistChoice(s, l)).toBe(choice);
  });

  test.each([
    ['a site list goes by date', { banlistChoice: '2026-05-01' }, { banlistDate: '2026-05-01' }],
    ['No banlist is said on purpose: banlistDate null', { banlistChoice: NO_BANLIST, banlist: GOAT }, { banlistDate: null }],
    ['an own list goes as its text and name', { banlistChoice: OWN_BANLIST, banlist: GOAT, banlistName: '2005.4 GOAT' }, { banlist: GOAT, banlistName: '2005.4 GOAT' }],
  ])('the body: %s', (_why, over, expected) => {
    const b = body(over);
    expect({ banlistDate: b.banlistDate, banlist: b.banlist, banlistName: b.banlistName }).toEqual({ banlistDate: undefined, banlist: undefined, banlistName: undefined, ...expected });
    expect(b).not.toHaveProperty('banlistChoice');
  });

  test('no choice, or an own list left empty, is refused at the field (blank text would be no list)', () => {
    expect(banlistErrors({ banlistChoice: '', banlist: '' })).toEqual({ banlistDate: 'Choose a banlist, or No banlist' });
    expect(banlistErrors({ banlistChoice: OWN_BANLIST, banlist: '  ' })).toEqual({ banlist: 'Paste or upload a list, or choose another banlist' });
    expect(banlistErrors({ banlistChoice: NO_BANLIST, banlist: '' })).toEqual({});
  });

  test('a new event of a series is numbered after its held events', () => {
    const s = { ...defaultHostState(), name: 'GOAT Weekly', banlist: null, banlistName: null, picture: null, description: null, ruleOptions: [], cardTypeFilters: [] } as unknown as Series;
    expect(hostStateFromSeries(s, [10, 12, null, 11]).name).toBe('GOAT Weekly #13');
    expect(hostStateFromSeries(s).name).toBe('GOAT Weekly #1');
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
