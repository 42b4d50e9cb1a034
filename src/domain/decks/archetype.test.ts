import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  archetypeOf, isInArchetype, MIN_ARCHETYPE_COPIES, MIN_ARCHETYPE_SHARE, OTHER_ARCHETYPE, type CardSetcodes,
  type CardSetcodesLookup, type DeckSignature,
} from './archetype.ts';
import type { Deck } from './deck.ts';
import { parseSetnames } from './setnames.ts';
import { parseYdk } from './ydk.ts';

// Real decks, cards and archetype names next to the repo (/work/shared/data = ../shared/data from the repo root).
const DATA = new URL('../../../../shared/data/', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, DATA), 'utf8');

const setnames = parseSetnames(read('strings/setnames.conf'));
// Loaded once for the whole file (~10 MB of JSON).
const cards = new Map<number, CardSetcodes & { name: string }>();
for (const { id, alias, name, setcodes } of JSON.parse(read('cards/cards-official.json')) as
  { id: number; alias: number; name: string; setcodes: number[] }[]) {
  cards.set(id, { alias, name, setcodes });
}
const lookup: CardSetcodesLookup = (passcode) => cards.get(passcode);
const realDeck = (file: string): Deck => parseYdk(read(`decks/${file}`)).deck;

const deck = (main: number[], extra: number[] = [], side: number[] = []): Deck => ({ main, extra, side });
const copies = (n: number, passcode: number): number[] => Array<number>(n).fill(passcode);

// Historic decks named by admins; every passcode is checked against the real cards below.
const CHAOS_SORCERER = 9596126;
const HISTORIC: DeckSignature[] = [
  { name: 'Goat Control', cards: [73915051 /* Scapegoat */, 18036057 /* Airknight Parshath */] },
  {
    name: 'Chaos',
    cards: [72989439 /* Black Luster Soldier - Envoy of the Beginning */, CHAOS_SORCERER,
      82301904 /* Chaos Emperor Dragon - Envoy of the End */],
    min: 1,
  },
  {
    name: 'Warrior',
    cards: [2460565 /* Marauding Captain */, 10375182 /* Command Knight */, 32807846 /* Reinforcement of the Army */],
    min: 2,
  },
];

describe('archetypeOf names real decks by their dominating archetype', () => {
  test.each([
    ['Blackwing: 36 of 55', 'iceygo-windbot/AI_Blackwing.ydk', 'Blackwing', 0x33, 36],
    ['Zoodiac, not its 8 splashed Kaiju', 'iceygo-windbot/AI_Zoodiac.ydk', 'Zoodiac', 0xf1, 22],
    ['Nekroz', 'iceygo-windbot/AI_Nekroz.ydk', 'Nekroz', 0xb4, 23],
    ['Kashtira', 'iceygo-windbot/AI_Kashtira.ydk', 'Kashtira', 0x18a, 23],
    ['Lightsworn', 'iceygo-windbot/AI_Lightsworn.ydk', 'Lightsworn', 0x38, 20],
    ['Zefra, whose Yang Zing engine (7) stays under the bar', 'projectignis-windbot/AI_ZefraControl.ydk', 'Zefra', 0xc4, 23],
    ['Sky Striker: the parent (26) over its sub-archetype Sky Striker Ace (11)', 'iceygo-windbot/AI_SkyStriker.ydk', 'Sky Striker', 0x115, 26],
    ['HERO Beat: Elemental HERO, tied with its parent HERO at 12, is the more precise name', 'iceygo-windbot/AI_HeroBeat1103.ydk', 'Elemental HERO', 0x3008, 12],
    ['Qliphort: 12 of 55 (22%), just over the share; EDOPro calls the archetype "Qli"', 'iceygo-windbot/AI_Qliphort.ydk', 'Qli', 0xaa, 12],
    ['Evilswarm: EDOPro\'s 0xa "lswarm" covers Steelswarm and Evilswarm', 'iceygo-windbot/AI_Evilswarm.ydk', 'lswarm', 0xa, 20],
    ['Evil★Twin Tactical-Try: Live☆Twin (12) just ahead of Spright (11)', 'projectignis-distribution/[Tactical-Try Deck] Evil★Twin the Kaito Pair.ydk', 'Live☆Twin', 0x156, 12],
  ])('%s', (_why, file, name, code, n) => {
    expect(archetypeOf(realDeck(file), lookup, setnames)).toEqual({ name, code, copies: n, source: 'setcode' });
  });

  test.each([
    ['GOAT-era Chaos: 3 Chaos Sorcerer, 3 Cyber Dragon', 'iceygo-windbot/AI_Chaos408.ydk'],
    ['an old-school beatdown deck', 'iceygo-windbot/AI_OldSchool.ydk'],
    ['Monarchs with 5 HERO cards', 'iceygo-windbot/AI_Monarch506.ydk'],
    ['a Warrior structure deck', "projectignis-distribution/Structure Deck - Warrior's Triumph.ydk"],
    ['Burn', 'iceygo-windbot/AI_Burn.ydk'],
    ['Eldlich split over three EDOPro codes, Eldlixir at 7', 'projectignis-distribution/[Tactical-Try Deck] Eldlich the Conqueror.ydk'],
  ])('%s is Other without signatures', (_why, file) => {
    expect(archetypeOf(realDeck(file), lookup, setnames)).toEqual({ name: OTHER_ARCHETYPE, code: null, copies: 0, source: 'other' });
  });
});

describe('archetypeOf names historic decks by admin signatures', () => {
  test('every signature card is a real card', () => {
    for (const { cards: marks } of HISTORIC) for (const id of marks) expect(cards.has(id), String(id)).toBe(true);
  });

  test.each([
    ['GOAT Chaos by its Chaos Sorcerers', 'iceygo-windbot/AI_Chaos408.ydk', 'Chaos', 3],
    ['the Warrior structure deck by 2 Marauding Captain, Command Knight, 2 Reinforcement', "projectignis-distribution/Structure Deck - Warrior's Triumph.ydk", 'Warrior', 5],
  ])('%s', (_why, file, name, n) => {
    expect(archetypeOf(realDeck(file), lookup, setnames, HISTORIC)).toEqual({ name, code: null, copies: n, source: 'signature' });
  });

  test('a deck matching no signature stays Other', () => {
    expect(archetypeOf(realDeck('iceygo-windbot/AI_OldSchool.ydk'), lookup, setnames, HISTORIC).name).toBe(OTHER_ARCHETYPE);
  });

  test('a dominating archetype wins over a signature the deck also matches', () => {
    const blackwing = realDeck('iceygo-windbot/AI_Blackwing.ydk');
    const signatures = [{ name: 'Anything with its first card', cards: [blackwing.main[0]!] }];
    expect(archetypeOf(blackwing, lookup, setnames, signatures).name).toBe('Blackwing');
  });

  test('signatures are tried in table order', () => {
    const signatures = [{ name: 'First', cards: [CHAOS_SORCERER] }, ...HISTORIC];
    expect(archetypeOf(realDeck('iceygo-windbot/AI_Chaos408.ydk'), lookup, setnames, signatures).name).toBe('First');
  });

  test.each([
    ['all marking cards are needed when min is absent', { name: 'Goat Control', cards: [73915051, 18036057] }, [73915051], OTHER_ARCHETYPE],
    ['min counts different cards, not copies', { name: 'X', cards: [73915051, 18036057], min: 2 }, copies(3, 73915051), OTHER_ARCHETYPE],
    ['min reached', { name: 'X', cards: [73915051, 18036057], min: 2 }, [73915051, 18036057], 'X'],
    ['an empty signature matches nothing', { name: 'X', cards: [], min: 0 }, [73915051], OTHER_ARCHETYPE],
    ['a NaN min matches nothing', { name: 'X', cards: [73915051], min: Number.NaN }, [73915051], OTHER_ARCHETYPE],
    ['an alternate art counts as its original', { name: 'Gearfried', cards: [423705] }, [423706 /* alias of 423705 */], 'Gearfried'],
  ])('%s', (_why, signature, main, name) => {
    expect(archetypeOf(deck(main), lookup, setnames, [signature]).name).toBe(name);
  });

  test('Side Deck cards do not match a signature', () => {
    expect(archetypeOf(deck([], [], [CHAOS_SORCERER]), lookup, setnames, HISTORIC).name).toBe(OTHER_ARCHETYPE);
  });
});

describe('archetypeOf counting rules', () => {
  // Made-up passcodes with the real names: 0x8 HERO, 0x3008 Elemental HERO, 0xc008 Destiny HERO, 0x33 Blackwing.
  const fake = new Map<number, CardSetcodes>([
    [1, { setcodes: [0x3008] }],
    [2, { setcodes: [0xc008] }],
    [3, { setcodes: [0x8] }],
    [4, { setcodes: [0x33] }],
    [5, { setcodes: [0x8, 0x3008] }],
    [6, { setcodes: [] }],
    [7, { setcodes: [], alias: 4 }],
    [8, { setcodes: [0x3008], alias: 4 }],
    [9, { setcodes: [0x1234_5678, -8, 0.5, 0x10008] }],
  ]);
  const fakeLookup: CardSetcodesLookup = (passcode) => fake.get(passcode);
  const name = (main: number[], extra: number[] = [], side: number[] = []) => archetypeOf(deck(main, extra, side), fakeLookup, setnames);

  test.each([
    ['a sub-archetype card counts toward its parent', [...copies(6, 1), ...copies(6, 2), ...copies(28, 6)], 'HERO', 12],
    ['the sub-archetype tied with its parent is named', [...copies(10, 1), ...copies(30, 6)], 'Elemental HERO', 10],
    ['the parent wins when it counts more', [...copies(9, 1), ...copies(2, 3), ...copies(29, 6)], 'HERO', 11],
    ['a card with both HERO and Elemental HERO counts once for each', [...copies(10, 5), ...copies(30, 6)], 'Elemental HERO', 10],
    ['two unrelated archetypes tied: neither dominates', [...copies(10, 1), ...copies(10, 4), ...copies(20, 6)], OTHER_ARCHETYPE, 0],
    ['an alternate art without setcodes counts as its original', [...copies(10, 7), ...copies(30, 6)], 'Blackwing', 10],
    ['an alternate art with setcodes of its own keeps them', [...copies(10, 8), ...copies(30, 6)], 'Elemental HERO', 10],
    ['setcodes that are not uint16 are ignored', [...copies(10, 9), ...copies(30, 6)], OTHER_ARCHETYPE, 0],
    ['unknown cards count toward the deck size only', [...copies(8, 4), ...copies(33, 99)], OTHER_ARCHETYPE, 0],
  ])('%s', (_why, main, expectedName, n) => {
    const result = name(main);
    expect([result.name, result.copies]).toEqual([expectedName, n]);
  });

  test('Main and Extra Deck count, the Side Deck does not', () => {
    expect(name(copies(4, 4), copies(4, 4), copies(15, 4))).toMatchObject({ name: 'Blackwing', copies: 8 });
    expect(name(copies(7, 4), [], copies(15, 4)).name).toBe(OTHER_ARCHETYPE);
  });

  test('dominating needs both the copies and the share', () => {
    const atBar = MIN_ARCHETYPE_COPIES / MIN_ARCHETYPE_SHARE; // 40 cards
    expect(name([...copies(MIN_ARCHETYPE_COPIES, 4), ...copies(atBar - MIN_ARCHETYPE_COPIES, 6)]).name).toBe('Blackwing');
    expect(name([...copies(MIN_ARCHETYPE_COPIES, 4), ...copies(atBar - MIN_ARCHETYPE_COPIES + 1, 6)]).name).toBe(OTHER_ARCHETYPE);
    expect(name(copies(MIN_ARCHETYPE_COPIES - 1, 4)).name).toBe(OTHER_ARCHETYPE);
  });

  test('an empty deck is Other', () => {
    expect(name([])).toEqual({ name: OTHER_ARCHETYPE, code: null, copies: 0, source: 'other' });
  });

  test.each([
    ['a sub-archetype is in its parent: 0x3008 in 0x8', 0x3008, 0x8, true],
    ['each high bit is a level: 0x3008 in 0x1008', 0x3008, 0x1008, true],
    ['a code is in itself', 0x3008, 0x3008, true],
    ['a parent is not in its sub-archetype: 0x8 in 0x3008', 0x8, 0x3008, false],
    ['a sibling is not: 0xc008 in 0x3008', 0xc008, 0x3008, false],
    ['other low bits are another archetype: 0x108 in 0x8', 0x108, 0x8, false],
  ])('%s', (_why, code, q, expected) => {
    expect(isInArchetype(code, q)).toBe(expected);
  });
});
