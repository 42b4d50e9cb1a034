import { describe, expect, test } from 'vitest';
import { parseLflist } from '../banlists/lflist.ts';
import type { Deck } from './deck.ts';
import { deckBanlistFromLflist, validateDeck, type DeckBanlist, type DeckContext, type DeckSettings } from './validate-deck.ts';
import { classifyDeck, isExtraDeckType, type DeckCard } from './classify-deck.ts';

// Real passcodes, names and EDOPro type bits (from data/cards), so messages read as players will see them.
const CARDS: DeckCard[] = [
  { id: 55144522, alias: 0, type: 0x2, name: 'Pot of Greed' },
  { id: 14558127, alias: 0, type: 0x1021, name: 'Ash Blossom & Joyous Spring' },
  { id: 14558128, alias: 14558127, type: 0x1021, name: 'Ash Blossom & Joyous Spring' },
  { id: 46986414, alias: 0, type: 0x11, name: 'Dark Magician' },
  { id: 46986416, alias: 46986414, type: 0x11, name: 'Dark Magician' },
  { id: 84013237, alias: 0, type: 0x800021, name: 'Number 39: Utopia' },
  { id: 5405694, alias: 0, type: 0x81, name: 'Black Luster Soldier' },
  { id: 63519819, alias: 0, type: 0x61, name: 'Thousand-Eyes Restrict' },
  { id: 1861629, alias: 0, type: 0x4000021, name: 'Decode Talker' },
  { id: 44508094, alias: 0, type: 0x2021, name: 'Stardust Dragon' },
  { id: 16178681, alias: 0, type: 0x1000021, name: 'Odd-Eyes Pendulum Dragon' },
  { id: 45627618, alias: 0, type: 0x1800021, name: 'Odd-Eyes Rebellion Dragon' },
  { id: 511009503, alias: 0, type: 0x4000002, name: 'Judgment Arrows' },
  { id: 73915052, alias: 0, type: 0x4011, name: 'Sheep Token' },
  { id: 300101001, alias: 0, type: 0x8000000, name: 'Ectoplasmic Fortification!' },
  { id: 110000103, alias: 0, type: 0x80000021, name: 'Active Guard' },
  { id: 22702055, alias: 0, type: 0x80002, name: 'Umi' },
  { id: 295517, alias: 22702055, type: 0x80002, name: 'A Legendary Ocean' },
  { id: 26202165, alias: 0, type: 0x21, name: 'Sangan' },
  { id: 504700178, alias: 26202165, type: 0x21, name: 'Sangan (GOAT)' },
  { id: 78010363, alias: 0, type: 0x21, name: 'Witch of the Black Forest' },
  { id: 504700144, alias: 78010363, type: 0x21, name: 'Witch of the Black Forest (GOAT)' },
  { id: 1607603, alias: 0, type: 0x4, name: 'Double Dai' },
];
const FILLER_BASE = 9_000_000;
const byId = new Map(CARDS.map((c) => [c.id, c]));
const card = (id: number): DeckCard | undefined =>
  byId.get(id) ?? (id > FILLER_BASE && id <= FILLER_BASE + 100 ? { id, alias: 0, type: 0x11, name: `Filler ${id}` } : undefined);

/** n distinct Normal Monsters, one copy each. */
const filler = (n: number, from = 1): number[] => Array.from({ length: n }, (_, i) => FILLER_BASE + from + i);
/** A legal-sized Main Deck: the given cards topped up with filler to 40. */
const main40 = (...ids: number[]): number[] => [...ids, ...filler(40 - ids.length)];
const deck = (main: number[], extra: number[] = [], side: number[] = []): Deck => ({ main, extra, side });

const SETTINGS: DeckSettings = {
  minMainDeckSize: 40,
  maxMainDeckSize: 60,
  minExtraDeckSize: 0,
  maxExtraDeckSize: 15,
  minSideDeckSize: 0,
  maxSideDeckSize: 15,
  cardTypeFilters: [],
  ruleOptions: [],
  dontCheckDeckContents: false,
  dontCheckDeckSize: false,
};
const list = (name: string, entries: [number, number][], whitelist = false): DeckBanlist => ({
  name,
  whitelist,
  entries: new Map(entries),
});
const TCG = list('2026.05 TCG', [[55144522, 0], [14558127, 1], [22702055, 0]]);
const GOAT = list('2005.4 GOAT', [[504700178, 1], [504700144, 0], [46986414, 3], [14558127, 3], [22702055, 3], ...filler(60).map((id): [number, number] => [id, 3])], true);

type ContextOverrides = Partial<Omit<DeckContext, 'settings'>> & { settings?: Partial<DeckSettings> };
const context = (over: ContextOverrides = {}): DeckContext => ({
  card,
  banlist: null,
  ...over,
  settings: { ...SETTINGS, ...over.settings },
});
const problemsOf = (d: Deck, over?: ContextOverrides) =>
  validateDeck(d, context(over)).map(({ code, message, cardIds }) => ({ code, message, cardIds }));

describe('validateDeck: deck sizes', () => {
  test.each([
    { name: 'a 40-card Main Deck is fine', d: deck(main40()), expected: [] },
    { name: 'a 60-card Main Deck with 15 + 15 is fine', d: deck(filler(60), [84013237], filler(15, 61)), expected: [] },
    {
      name: 'Main Deck below the minimum',
      d: deck(filler(38)),
      expected: [{ code: 'MAIN_DECK_SIZE', message: 'Main Deck has 38 cards; at least 40 are required', cardIds: undefined }],
    },
    {
      name: 'Main Deck above the maximum',
      d: deck(filler(61)),
      expected: [{ code: 'MAIN_DECK_SIZE', message: 'Main Deck has 61 cards; at most 60 are allowed', cardIds: undefined }],
    },
    {
      name: 'Extra and Side Deck above their maximum, both reported',
      d: deck(main40(), [63519819, 44508094, 84013237, 1861629, 45627618, 63519819, 44508094, 84013237, 1861629, 45627618, 63519819, 44508094, 84013237, 1861629, 45627618, 63519819], filler(16, 41)),
      expected: [
        { code: 'EXTRA_DECK_SIZE', message: 'Extra Deck has 16 cards; at most 15 are allowed', cardIds: undefined },
        { code: 'SIDE_DECK_SIZE', message: 'Side Deck has 16 cards; at most 15 are allowed', cardIds: undefined },
        expect.objectContaining({ code: 'TOO_MANY_COPIES', cardIds: [63519819] }),
      ],
    },
  ])('$name', ({ d, expected }) => {
    expect(problemsOf(d)).toEqual(expected);
  });

  test.each([
    { name: 'a Skill card does not count towards the Main Deck (EDOPro CheckDeckSize)', d: deck([300101001, ...filler(39)]), count: 39 },
    { name: 'a 40-card Main Deck plus a Skill card is fine', d: deck([300101001, ...filler(40)]), count: null },
  ])('$name', ({ d, count }) => {
    const sizes = problemsOf(d).filter((p) => p.code === 'MAIN_DECK_SIZE');
    expect(sizes.map((p) => p.message)).toEqual(count === null ? [] : [`Main Deck has ${count} cards; at least 40 are required`]);
  });

  test('a minimum of 1 reads "is required"', () => {
    expect(problemsOf(deck([]), { settings: { minMainDeckSize: 1 } })[0]?.message).toBe('Main Deck has 0 cards; at least 1 is required');
  });
});

describe('validateDeck: banlist limits', () => {
  test.each([
    {
      name: 'a Forbidden card',
      d: deck(main40(55144522)),
      banlist: TCG,
      expected: [{ code: 'FORBIDDEN', message: 'Pot of Greed (55144522) is Forbidden on 2026.05 TCG', cardIds: [55144522] }],
    },
    {
      name: 'a Limited card at its limit is fine',
      d: deck(main40(14558127)),
      banlist: TCG,
      expected: [],
    },
    {
      name: 'a Limited card twice',
      d: deck(main40(14558127), [], [14558127]),
      banlist: TCG,
      expected: [{
        code: 'LIMIT_EXCEEDED',
        message: 'Ash Blossom & Joyous Spring (14558127) is Limited on 2026.05 TCG: the deck has 2 copies; at most 1 is allowed',
        cardIds: [14558127],
      }],
    },
    {
      name: 'an alternate artwork counts with its original',
      d: deck(main40(14558127, 14558128)),
      banlist: TCG,
      expected: [{
        code: 'LIMIT_EXCEEDED',
        message:
          'Ash Blossom & Joyous Spring (14558127) is Limited on 2026.05 TCG: the deck has 2 copies (alternate artworks and versions counted together); at most 1 is allowed',
        cardIds: [14558127, 14558128],
      }],
    },
    {
      name: "an alternate artwork alone gets its original's limit (alias lookup)",
      d: deck(main40(14558128, 14558128)),
      banlist: TCG,
      expected: [expect.objectContaining({ code: 'LIMIT_EXCEEDED', cardIds: [14558128] })],
    },
    {
      name: 'a card treated as another gets its limit on a blacklist (EDOPro alias lookup)',
      d: deck(main40(295517)),
      banlist: TCG,
      expected: [{ code: 'FORBIDDEN', message: 'A Legendary Ocean (295517) is Forbidden on 2026.05 TCG', cardIds: [295517] }],
    },
    {
      name: 'a list count above 3 (Genesys points) still allows only 3 copies',
      d: deck(main40(55144522, 55144522, 55144522, 55144522)),
      banlist: list('points', [[55144522, 5]]),
      expected: [expect.objectContaining({ code: 'TOO_MANY_COPIES', cardIds: [55144522] })],
    },
    {
      name: 'a negative list count (Rush "1 -1") forbids',
      d: deck(main40(55144522)),
      banlist: list('neg', [[55144522, -1]]),
      expected: [expect.objectContaining({ code: 'FORBIDDEN' })],
    },
    {
      name: 'no banlist: every card unlimited',
      d: deck(main40(55144522, 55144522, 55144522)),
      banlist: null,
      expected: [],
    },
  ])('$name', ({ d, banlist, expected }) => {
    expect(problemsOf(d, { banlist })).toEqual(expected);
  });
});

describe('validateDeck: at most 3 copies over Main + Extra + Side', () => {
  test.each([
    {
      name: 'a fourth copy in the Side Deck',
      d: deck(main40(46986414, 46986414, 46986414), [], [46986414]),
      expected: [{
        code: 'TOO_MANY_COPIES',
        message: 'Dark Magician (46986414): the deck has 4 copies; at most 3 are allowed',
        cardIds: [46986414],
      }],
    },
    {
      name: 'an alternate artwork is the fourth copy',
      d: deck(main40(46986414, 46986416, 46986414, 46986414)),
      expected: [expect.objectContaining({ code: 'TOO_MANY_COPIES', cardIds: [46986414, 46986416] })],
    },
    {
      name: 'a GOAT version is the fourth copy',
      d: deck(main40(26202165, 26202165, 26202165, 504700178)),
      expected: [expect.objectContaining({ code: 'TOO_MANY_COPIES', cardIds: [26202165, 504700178] })],
    },
    {
      name: 'a card only treated as another is a different card (3 Umi + 3 A Legendary Ocean)',
      d: deck(main40(22702055, 22702055, 22702055, 295517, 295517, 295517)),
      expected: [],
    },
    {
      name: 'Extra Deck copies count too',
      d: deck(main40(), [84013237, 84013237], [84013237, 84013237]),
      expected: [expect.objectContaining({ code: 'TOO_MANY_COPIES', cardIds: [84013237] })],
    },
  ])('$name', ({ d, expected }) => {
    expect(problemsOf(d)).toEqual(expected);
  });
});

describe('validateDeck: whitelists, GOAT versions and renumbered passcodes', () => {
  test.each([
    {
      name: 'a card not on a whitelist',
      d: deck(main40(55144522)),
      banlist: GOAT,
      expected: [{ code: 'NOT_ON_LIST', message: 'Pot of Greed (55144522) is not on the 2005.4 GOAT list', cardIds: [55144522] }],
    },
    { name: 'an alternate artwork of a listed card is on a whitelist', d: deck(main40(46986416)), banlist: GOAT, expected: [] },
    {
      name: 'a card only treated as a listed one is not on a whitelist (alias 10 or more away)',
      d: deck(main40(295517)),
      banlist: GOAT,
      expected: [expect.objectContaining({ code: 'NOT_ON_LIST', cardIds: [295517] })],
    },
    { name: 'the GOAT passcode the list names is fine', d: deck(main40(504700178)), banlist: GOAT, expected: [] },
    {
      name: 'the modern passcode of a card the list names by its GOAT passcode: refused, with the passcode to use',
      d: deck(main40(26202165)),
      banlist: GOAT,
      expected: [{
        code: 'NOT_ON_LIST',
        message:
          'Sangan (26202165) is not on the 2005.4 GOAT list, which has this card only as Sangan (GOAT) (504700178); use that passcode',
        cardIds: [26202165],
      }],
    },
    {
      name: 'the modern passcode of a card Forbidden under its GOAT passcode is Forbidden',
      d: deck(main40(78010363)),
      banlist: GOAT,
      expected: [{
        code: 'FORBIDDEN',
        message:
          'Witch of the Black Forest (78010363) is Forbidden on 2005.4 GOAT (listed as Witch of the Black Forest (GOAT) (504700144))',
        cardIds: [78010363],
      }],
    },
    {
      name: "modern and GOAT passcodes share the GOAT entry's limit",
      d: deck(main40(504700178, 26202165)),
      banlist: GOAT,
      expected: [
        expect.objectContaining({ code: 'NOT_ON_LIST', cardIds: [26202165] }),
        expect.objectContaining({
          code: 'LIMIT_EXCEEDED',
          message: expect.stringContaining('Sangan (GOAT) (504700178) is Limited on 2005.4 GOAT: the deck has 2 copies'),
          cardIds: [504700178, 26202165],
        }),
      ],
    },
    {
      name: 'vice versa: the GOAT passcode of a card a whitelist names by its modern passcode',
      d: deck(main40(504700178)),
      banlist: list('2010.3 EDISON', [[26202165, 1], ...filler(40).map((id): [number, number] => [id, 3])], true),
      expected: [{
        code: 'NOT_ON_LIST',
        message: 'Sangan (GOAT) (504700178) is not on the 2010.3 EDISON list, which has this card only as Sangan (26202165); use that passcode',
        cardIds: [504700178],
      }],
    },
    {
      name: 'a blacklist forbidding the modern passcode forbids the GOAT one (EDOPro alias lookup)',
      d: deck(main40(504700178)),
      banlist: list('B', [[26202165, 0]]),
      expected: [{ code: 'FORBIDDEN', message: 'Sangan (GOAT) (504700178) is Forbidden on B', cardIds: [504700178] }],
    },
    {
      name: 'a blacklist forbidding the GOAT passcode forbids the modern one',
      d: deck(main40(26202165)),
      banlist: list('B', [[504700178, 0]]),
      expected: [{ code: 'FORBIDDEN', message: 'Sangan (26202165) is Forbidden on B (listed as Sangan (GOAT) (504700178))', cardIds: [26202165] }],
    },
  ])('$name', ({ d, banlist, expected }) => {
    expect(problemsOf(d, { banlist })).toEqual(expected);
  });

  const mappings = new Map([[101204083, 1607603]]);
  test.each([
    {
      name: 'an old prerelease passcode is read as the card it was renumbered to',
      d: deck(main40(101204083)),
      banlist: list('B', [[1607603, 0]]),
      idMappings: mappings,
      expected: [{ code: 'FORBIDDEN', message: 'Double Dai (101204083) is Forbidden on B', cardIds: [101204083] }],
    },
    {
      name: 'without the mappings an old prerelease passcode is unknown',
      d: deck(main40(101204083)),
      banlist: null,
      idMappings: undefined,
      expected: [{ code: 'UNKNOWN_CARD', message: 'Card 101204083 is not in the card database', cardIds: [101204083] }],
    },
    {
      name: 'a whitelist naming the old passcode accepts the new one (same card, renumbered)',
      d: deck(main40(1607603)),
      banlist: list('W', [[101204083, 3], ...filler(40).map((id): [number, number] => [id, 3])], true),
      idMappings: mappings,
      expected: [],
    },
    {
      name: 'a whitelist naming the new passcode accepts the old one',
      d: deck(main40(101204083)),
      banlist: list('W', [[1607603, 3], ...filler(40).map((id): [number, number] => [id, 3])], true),
      idMappings: mappings,
      expected: [],
    },
  ])('$name', ({ d, banlist, idMappings, expected }) => {
    expect(problemsOf(d, { banlist, idMappings })).toEqual(expected);
  });
});

describe('validateDeck: unknown cards and Tokens', () => {
  test.each([
    {
      name: 'an unknown passcode is named "Card {id}"',
      banlist: TCG,
      expected: [{ code: 'UNKNOWN_CARD', message: 'Card 123 is not in the card database', cardIds: [123] }],
    },
    {
      name: 'an unknown passcode is also not on a whitelist (EDOPro keeps it as a dummy card)',
      banlist: GOAT,
      expected: [
        { code: 'UNKNOWN_CARD', message: 'Card 123 is not in the card database', cardIds: [123] },
        { code: 'NOT_ON_LIST', message: 'Card 123 is not on the 2005.4 GOAT list', cardIds: [123] },
      ],
    },
  ])('$name', ({ banlist, expected }) => {
    expect(problemsOf(deck(main40(123)), { banlist })).toEqual(expected);
  });

  test('a Token cannot be in a deck', () => {
    expect(problemsOf(deck(main40(73915052)))).toEqual([
      { code: 'TOKEN', message: 'Sheep Token (73915052) is a Token; Tokens cannot be put in a deck', cardIds: [73915052] },
    ]);
  });
});

describe('validateDeck: Extra Deck card types', () => {
  test.each([
    { name: 'Fusion, Synchro, Xyz and Link Monsters in the Extra Deck are fine', d: deck(main40(), [63519819, 44508094, 84013237, 1861629]), rules: [], expected: [] },
    { name: 'Extra Deck monsters in the Side Deck are fine', d: deck(main40(), [], [63519819, 84013237]), rules: [], expected: [] },
    {
      name: 'an Xyz Monster in the Main Deck',
      d: deck(main40(84013237)),
      rules: [],
      expected: [{
        code: 'EXTRA_DECK_CARD_IN_MAIN',
        message: 'Number 39: Utopia (84013237) is an Xyz Monster and belongs in the Extra Deck, not the Main Deck',
        cardIds: [84013237],
      }],
    },
    {
      name: 'a Fusion Monster in the Main Deck',
      d: deck(main40(63519819)),
      rules: [],
      expected: [expect.objectContaining({ code: 'EXTRA_DECK_CARD_IN_MAIN', message: expect.stringContaining('is a Fusion Monster') })],
    },
    {
      name: 'a Spell in the Extra Deck',
      d: deck(main40(), [55144522]),
      rules: [],
      expected: [{ code: 'NOT_EXTRA_DECK_CARD', message: 'Pot of Greed (55144522) is a Normal Spell and cannot be in the Extra Deck', cardIds: [55144522] }],
    },
    {
      name: 'a Pendulum Effect Monster in the Extra Deck (only face-up during a duel)',
      d: deck(main40(), [16178681]),
      rules: [],
      expected: [expect.objectContaining({ code: 'NOT_EXTRA_DECK_CARD', cardIds: [16178681] })],
    },
    {
      name: 'an anime Link Spell in the Extra Deck (Link, but not a monster)',
      d: deck(main40(), [511009503]),
      rules: [],
      expected: [expect.objectContaining({ code: 'NOT_EXTRA_DECK_CARD', cardIds: [511009503] })],
    },
    {
      name: 'a Ritual Monster in the Extra Deck without RITUALS_IN_EXTRA_DECK',
      d: deck(main40(), [5405694]),
      rules: [],
      expected: [{
        code: 'NOT_EXTRA_DECK_CARD',
        message:
          'Black Luster Soldier (5405694) is a Ritual Monster; Ritual Monsters go in the Extra Deck only under the rule "Rituals placed in the Extra Deck"',
        cardIds: [5405694],
      }],
    },
    { name: 'a Ritual Monster in the Extra Deck with RITUALS_IN_EXTRA_DECK', d: deck(main40(), [5405694]), rules: ['RITUALS_IN_EXTRA_DECK'], expected: [] },
    {
      name: 'a Ritual Monster in the Main Deck with RITUALS_IN_EXTRA_DECK',
      d: deck(main40(5405694)),
      rules: ['RITUALS_IN_EXTRA_DECK'],
      expected: [expect.objectContaining({ code: 'EXTRA_DECK_CARD_IN_MAIN', message: expect.stringContaining('is a Ritual Monster') })],
    },
    { name: 'a Ritual Monster in the Main Deck without the rule', d: deck(main40(5405694)), rules: [], expected: [] },
  ])('$name', ({ d, rules, expected }) => {
    expect(problemsOf(d, { settings: { ruleOptions: rules } })).toEqual(expected);
  });
});

describe('validateDeck: card type filters', () => {
  test.each([
    {
      name: 'NO_XYZ refuses an Xyz Monster',
      d: deck(main40(), [84013237]),
      filters: ['NO_XYZ'],
      expected: [{
        code: 'FORBIDDEN_TYPE',
        message: 'Number 39: Utopia (84013237) is not allowed: this tournament forbids Xyz cards',
        cardIds: [84013237],
      }],
    },
    {
      name: 'one problem naming both filters for an Xyz Pendulum Monster',
      d: deck(main40(), [45627618]),
      filters: ['NO_XYZ', 'NO_PENDULUM'],
      expected: [expect.objectContaining({ code: 'FORBIDDEN_TYPE', message: expect.stringContaining('forbids Xyz and Pendulum cards') })],
    },
    { name: 'filters apply to the Side Deck too', d: deck(main40(), [], [63519819]), filters: ['NO_FUSION'], expected: [expect.objectContaining({ code: 'FORBIDDEN_TYPE', cardIds: [63519819] })] },
    { name: 'NO_SYNCHRO refuses a Synchro Monster', d: deck(main40(), [44508094]), filters: ['NO_SYNCHRO'], expected: [expect.objectContaining({ code: 'FORBIDDEN_TYPE' })] },
    { name: 'NO_LINK also catches an anime Link Spell (EDOPro tests the type bit)', d: deck(main40(511009503)), filters: ['NO_LINK'], expected: [expect.objectContaining({ code: 'FORBIDDEN_TYPE', cardIds: [511009503] })] },
    { name: 'a type above 2^31 is tested on its bits', d: deck(main40(110000103)), filters: ['NO_PENDULUM', 'NO_FUSION'], expected: [] },
    { name: 'an unknown filter code is ignored', d: deck(main40(), [84013237]), filters: ['NO_RITUAL'], expected: [] },
    { name: 'Master Rule 1 filters allow Fusion and Synchro', d: deck(main40(), [63519819, 44508094]), filters: ['NO_XYZ', 'NO_PENDULUM', 'NO_LINK'], expected: [] },
  ])('$name', ({ d, filters, expected }) => {
    expect(problemsOf(d, { settings: { cardTypeFilters: filters } })).toEqual(expected);
  });
});

describe('validateDeck: the dontCheck switches', () => {
  // Short Main Deck, a Forbidden card, an unknown id, an Xyz in the Main Deck, a Token, a filtered type, 4 copies.
  const messy = deck([55144522, 123, 84013237, 73915052, 46986414, 46986414, 46986414, 46986414], [45627618]);
  const codes = (over: Partial<DeckSettings>) =>
    problemsOf(messy, { banlist: TCG, settings: { cardTypeFilters: ['NO_PENDULUM'], ...over } }).map((p) => p.code);

  test.each([
    {
      name: 'both checks on: every problem is returned, sizes first',
      over: {},
      expected: ['MAIN_DECK_SIZE', 'UNKNOWN_CARD', 'TOKEN', 'EXTRA_DECK_CARD_IN_MAIN', 'FORBIDDEN_TYPE', 'FORBIDDEN', 'TOO_MANY_COPIES'],
    },
    { name: 'dontCheckDeckContents leaves only the sizes', over: { dontCheckDeckContents: true }, expected: ['MAIN_DECK_SIZE'] },
    {
      name: 'dontCheckDeckSize leaves everything but the sizes',
      over: { dontCheckDeckSize: true },
      expected: ['UNKNOWN_CARD', 'TOKEN', 'EXTRA_DECK_CARD_IN_MAIN', 'FORBIDDEN_TYPE', 'FORBIDDEN', 'TOO_MANY_COPIES'],
    },
    { name: 'both switches: nothing is checked', over: { dontCheckDeckContents: true, dontCheckDeckSize: true }, expected: [] },
  ])('$name', ({ over, expected }) => {
    expect(codes(over)).toEqual(expected);
  });
});

describe('classifyDeck', () => {
  test.each([
    {
      name: 'moves Extra Deck monsters from the Main Deck in front of the Extra Deck (EDOPro LoadDeck)',
      d: deck([46986414, 84013237, 55144522, 1861629], [44508094], [63519819]),
      rituals: false,
      expected: deck([46986414, 55144522], [84013237, 1861629, 44508094], [63519819]),
    },
    {
      name: 'leaves Ritual Monsters in the Main Deck by default',
      d: deck([5405694], []),
      rituals: false,
      expected: deck([5405694], []),
    },
    {
      name: 'moves Ritual Monsters under RITUALS_IN_EXTRA_DECK',
      d: deck([5405694], []),
      rituals: true,
      expected: deck([], [5405694]),
    },
    {
      name: 'leaves unknown ids and Extra Deck oddities where they are',
      d: deck([123], [55144522]),
      rituals: false,
      expected: deck([123], [55144522]),
    },
  ])('$name', ({ d, rituals, expected }) => {
    expect(classifyDeck(d, card, { ritualsInExtraDeck: rituals })).toEqual(expected);
  });

  test('a classified deck has no Extra Deck monster in the Main Deck left', () => {
    const d = classifyDeck(deck(main40(84013237, 63519819)), card);
    expect(problemsOf(d, { settings: { minMainDeckSize: 38 } })).toEqual([]);
  });
});

test.each([
  ['Fusion', 0x61, false, true],
  ['Synchro', 0x2021, false, true],
  ['Xyz', 0x800021, false, true],
  ['Link Monster', 0x4000021, false, true],
  ['Link Spell', 0x4000002, false, false],
  ['Ritual Monster', 0x81, false, false],
  ['Ritual Monster under RITUALS_IN_EXTRA_DECK', 0x81, true, true],
  ['Ritual Spell under RITUALS_IN_EXTRA_DECK', 0x82, true, false],
  ['Pendulum Effect', 0x1000021, false, false],
])('isExtraDeckType: %s is %s/%s -> %s', (_name, type, rituals, expected) => {
  expect(isExtraDeckType(type, rituals)).toBe(expected);
});

test('deckBanlistFromLflist turns a parsed list into limits by passcode', () => {
  const [parsed] = parseLflist('!2026.05 TCG\n55144522 0 --Pot of Greed\n14558127 1\n$whitelist\n').lists;
  expect(deckBanlistFromLflist(parsed!)).toEqual({
    name: '2026.05 TCG',
    whitelist: true,
    entries: new Map([[55144522, 0], [14558127, 1]]),
  });
});

test.each([
  { name: 'a Forbidden card four times is one problem, not also a copy count', banlist: TCG, d: deck(main40(55144522, 55144522, 55144522, 55144522)), code: 'FORBIDDEN' },
  { name: 'a card off a whitelist four times is one problem', banlist: GOAT, d: deck(main40(55144522, 55144522, 55144522, 55144522)), code: 'NOT_ON_LIST' },
])('$name', ({ banlist, d, code }) => {
  expect(problemsOf(d, { banlist }).map((p) => p.code)).toEqual([code]);
});
