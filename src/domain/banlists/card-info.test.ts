import { describe, expect, test } from 'vitest';
import { attributeName, cardDetail, linkMarkerNames, raceName, typeLine, type StoredCard } from './card-info.ts';
import { cardTypeFromBits } from './card-types.ts';

const card = (over: Partial<StoredCard> & Pick<StoredCard, 'type'>): StoredCard => ({
  id: 1, alias: 0, name: 'X', cardType: cardTypeFromBits(over.type), atk: null, def: null, level: null, lscale: null,
  rscale: null, linkMarkers: null, race: null, attribute: null, description: '', ...over,
});

describe('bit field names', () => {
  test.each([
    ['a plain race', 2, 'Spellcaster'],
    ['the 64-bit Yokai race', 0x4000000000000000n, 'Yokai'],
    ['no race', 0, null],
    ['unknown', null, null],
  ])('race: %s', (_why, bits, name) => {
    expect(raceName(bits)).toBe(name);
  });

  test.each([
    ['DARK', 0x20, 'DARK'],
    ['DIVINE', 0x40, 'DIVINE'],
    ['none', 0, null],
  ])('attribute: %s', (_why, bits, name) => {
    expect(attributeName(bits)).toBe(name);
  });

  test.each([
    ['Apollousa (135 = T 0x80 + BR 0x4 + B 0x2 + BL 0x1)', 135, ['Top', 'Bottom-Left', 'Bottom', 'Bottom-Right']],
    ['all eight in reading order', 0x1ef, ['Top-Left', 'Top', 'Top-Right', 'Left', 'Right', 'Bottom-Left', 'Bottom', 'Bottom-Right']],
    ['none', 0, []],
  ])('link markers: %s', (_why, bits, names) => {
    expect(linkMarkerNames(bits)).toEqual(names);
  });
});

describe('typeLine', () => {
  test.each([
    ['normal monster', 0x11, 2, 'Spellcaster / Normal'],
    ['synchro tuner', 0x1 | 0x20 | 0x1000 | 0x2000, 0x2000, 'Dragon / Synchro / Tuner / Effect'],
    ['pendulum effect', 0x1 | 0x20 | 0x1000000, 8, 'Fiend / Pendulum / Effect'],
    ['spell: its label', 0x10002, null, 'Quick-Play Spell'],
    ['trap monster is a trap', 0x20004, null, 'Continuous Trap'],
  ])('%s', (_why, type, race, line) => {
    expect(typeLine(type, cardTypeFromBits(type), race)).toBe(line);
  });
});

describe('cardDetail', () => {
  test('a Link monster has a link rating and markers, no level and no DEF; ATK -2 is "?"', () => {
    const d = cardDetail(card({ id: 4280258, type: 0x4000021, atk: -2, def: null, level: 4, linkMarkers: 135, race: 4, attribute: 8 }));
    expect(d).toMatchObject({ cardType: 'MONSTER_LINK', type: 'Link Monster', level: null, rank: null, linkRating: 4, atk: '?', def: null, race: 'Fairy', attribute: 'WIND' });
    expect(d.linkMarkers).toEqual(['Top', 'Bottom-Left', 'Bottom', 'Bottom-Right']);
  });

  test('an Xyz monster has a rank, not a level', () => {
    expect(cardDetail(card({ type: 0x800021, level: 4, atk: 2500, def: 2000 }))).toMatchObject({ level: null, rank: 4, atk: 2500, def: 2000 });
  });

  test('a pendulum monster has scales; others do not', () => {
    expect(cardDetail(card({ type: 0x1000021, level: 8, lscale: 6, rscale: 6 }))).toMatchObject({ level: 8, leftScale: 6, rightScale: 6 });
    expect(cardDetail(card({ type: 0x21, level: 4, lscale: 0, rscale: 0 }))).toMatchObject({ leftScale: null, rightScale: null });
  });

  test('a spell has no stats and a site-relative image URL', () => {
    expect(cardDetail(card({ id: 483, type: 0x10002 }))).toMatchObject({
      type: 'Quick-Play Spell', atk: null, def: null, level: null, race: null, attribute: null, imageUrl: '/api/cards/483/image',
    });
  });

  test('a token says Token', () => {
    expect(cardDetail(card({ type: 0x4011, level: 4, atk: 1800, def: 1800 }))).toMatchObject({ cardType: 'UNKNOWN', type: 'Token' });
  });
});
