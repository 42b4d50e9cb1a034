import { describe, expect, test } from 'vitest';
import { SERIES_DEFAULTS } from '../series/defaults.ts';
import { fieldIssues, issueText, seriesInputSchema, splitIssueText } from './series.ts';

const parse = (body: unknown) => seriesInputSchema.safeParse(body);
const issues = (body: unknown) => {
  const r = parse(body);
  if (r.success) throw new Error('expected a failure');
  return fieldIssues(r.error).map(issueText);
};

describe('series body: defaults (spec 2 §5)', () => {
  test('a name alone takes every default', () => {
    const r = parse({ name: 'Weekly' });
    expect(r.success && r.data).toMatchObject({ ...SERIES_DEFAULTS, ruleOptions: [], cardTypeFilters: [], name: 'Weekly' });
  });

  test('the defaults are the spec values', () => {
    expect(SERIES_DEFAULTS).toEqual({
      manualDeckChecking: true, playersTeam1: 1, playersTeam2: 1, bestOf: 3, relay: false, dontShuffleDeck: false,
      dontCheckDeckContents: false, dontCheckDeckSize: false, tcgSegocRulings: false, startingLp: 8000, startingHand: 5,
      cardsPerDraw: 1, minMainDeckSize: 40, maxMainDeckSize: 60, minExtraDeckSize: 0, maxExtraDeckSize: 15,
      minSideDeckSize: 0, maxSideDeckSize: 15,
    });
  });

  test('null takes the default too (a form that cleared a value)', () => {
    const r = parse({ name: 'x', bestOf: null, relay: null, ruleOptions: null });
    expect(r.success && [r.data.bestOf, r.data.relay, r.data.ruleOptions]).toEqual([3, false, []]);
  });

  test('an omitted picture stays undefined (update keeps the current one); blank clears it', () => {
    expect(parse({ name: 'x' }).data?.picture).toBeUndefined();
    expect(parse({ name: 'x', picture: '  ' }).data?.picture).toBeNull();
  });
});

describe('series body: conversions', () => {
  test.each([
    ['digit strings from a form become numbers', { startingLp: '4000' }, { startingLp: 4000 }],
    ["'true'/'false' strings become booleans", { relay: 'true', manualDeckChecking: 'false' }, { relay: true, manualDeckChecking: false }],
    ['text is trimmed, blank text is null', { name: '  A  ', description: '   ', banlistName: ' TCG ' }, { name: 'A', description: null, banlistName: 'TCG' }],
    ['codes are kept in EDOPro order without repeats', { ruleOptions: ['TCG_SEGOC', 'FIRST_TURN_DRAW', 'TCG_SEGOC'] }, { ruleOptions: ['FIRST_TURN_DRAW', 'TCG_SEGOC'] }],
    ['a numeric discordId becomes a string', { discordId: 42 }, { discordId: '42' }],
    ["an uploaded picture's full address is kept as its path", { picture: 'https://hub.example.org/api/images/AbC_123-xyz0000000' }, { picture: '/api/images/AbC_123-xyz0000000' }],
  ])('%s', (_why, body, expected) => {
    const r = parse({ name: 'x', ...body });
    expect(r.error).toBeUndefined();
    expect(r.data).toMatchObject(expected);
  });
});

describe('series body: every 400 names its field', () => {
  test.each([
    ['no name', {}, 'name: Name is required'],
    ['a blank name', { name: '   ' }, 'name: Name is required'],
    ['a word for a number', { name: 'x', bestOf: 'three' }, 'bestOf: must be a whole number'],
    ['a fraction', { name: 'x', startingHand: 4.5 }, 'startingHand: must be a whole number'],
    ['below the minimum', { name: 'x', cardsPerDraw: 0 }, 'cardsPerDraw: must be at least 1'],
    ['negative deck size', { name: 'x', minSideDeckSize: -1 }, 'minSideDeckSize: must be at least 0'],
    ['beyond a 32-bit integer', { name: 'x', startingLp: 2 ** 31 }, 'startingLp: must be at most 2147483647'],
    ['a non-boolean flag', { name: 'x', relay: 1 }, 'relay: must be true or false'],
    ['an unknown rule code', { name: 'x', ruleOptions: ['FIRST_TURN_DRAW', 'NO_DAMAGE'] }, 'ruleOptions: unknown rule code "NO_DAMAGE"'],
    ['an unknown filter code', { name: 'x', cardTypeFilters: ['NO_RITUAL'] }, 'cardTypeFilters: unknown filter code "NO_RITUAL"'],
    ['a rule code given as a filter', { name: 'x', cardTypeFilters: ['TCG_SEGOC'] }, 'cardTypeFilters: unknown filter code "TCG_SEGOC"'],
    ['codes not in a list', { name: 'x', ruleOptions: 'TCG_SEGOC' }, 'ruleOptions: must be a list of rule codes'],
    ['main deck min above max', { name: 'x', minMainDeckSize: 61 }, 'minMainDeckSize: Main Deck minimum (61) must not exceed the maximum (60)'],
    ['extra deck max below min', { name: 'x', minExtraDeckSize: 5, maxExtraDeckSize: 4 }, 'minExtraDeckSize: Extra Deck minimum (5) must not exceed the maximum (4)'],
    ['side deck bounds', { name: 'x', minSideDeckSize: 16 }, 'minSideDeckSize: Side Deck minimum (16) must not exceed the maximum (15)'],
    ['a banlist without a list', { name: 'x', banlist: '12345 1 --card' }, 'banlist: is not an EDOPro .lflist.conf: it needs a "!Name" line'],
    ['a script address as picture', { name: 'x', picture: 'javascript:alert(1)' }, 'picture: must be an image uploaded to this site'],
    ["another site's image as picture (the page's CSP would not show it)", { name: 'x', picture: 'https://example.com/a.png' }, 'picture: must be an image uploaded to this site'],
    ['not an object', [], 'The body must be a JSON object'],
  ])('%s', (_why, body, message) => {
    expect(issues(body)).toContain(message);
  });

  test('reversed deck bounds are reported together with other bad fields', () => {
    expect(issues({ name: 'x', startingHand: 'x', minSideDeckSize: 20, minExtraDeckSize: 'y' })).toEqual([
      'startingHand: must be a whole number',
      'minExtraDeckSize: must be a whole number',
      'minSideDeckSize: Side Deck minimum (20) must not exceed the maximum (15)',
    ]);
  });

  test('a min equal to its max is fine', () => {
    expect(parse({ name: 'x', minMainDeckSize: 60, maxMainDeckSize: 60 }).success).toBe(true);
  });

  test('a valid .lflist.conf text is kept as it is', () => {
    const text = '#[2005.4 GOAT]\n!2005.4 GOAT\n$whitelist\n4031928 3 --Change of Heart\n';
    expect(parse({ name: 'x', banlist: text }).data?.banlist).toBe(text);
  });
});

describe('splitIssueText', () => {
  test.each([
    ['a series field', 'bestOf: must be a whole number', { field: 'bestOf', message: 'must be a whole number' }],
    ['not a field', 'Series not found', { field: '', message: 'Series not found' }],
    ['an unknown prefix', 'image: too large', { field: '', message: 'image: too large' }],
  ])('%s', (_why, text, expected) => {
    expect(splitIssueText(text)).toEqual(expected);
  });
});
