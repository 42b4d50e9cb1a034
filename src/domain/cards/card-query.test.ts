import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { normalizeCardName } from '../banlists/card-search.ts';
import type { CardStatus } from '../banlists/statuses.ts';
import { parseSetnames } from '../decks/setnames.ts';
import { archetypeCodes, inArchetype } from './archetypes.ts';
import { buildCardIndex, type CardSource } from './card-index.ts';
import { cardSearchItem } from './card-item.ts';
import { listStatusOf, queryCards, statusesOn, type CardQuery } from './card-query.ts';

// real cards: ../shared/data/cards (official and unofficial, as the site may hold both)
interface JsonCard { id: number; alias?: number; name: string; type: number; cardType: string; atk?: number | null; def?: number | null; level?: number | null; race?: number | null; attribute?: number | null; setcodes?: number[]; desc?: string }
const read = (f: string) => JSON.parse(readFileSync(new URL(`../../../../shared/data/cards/${f}`, import.meta.url), 'utf8')) as JsonCard[];
const json = [...read('cards-official.json'), ...read('cards-unofficial.json')];
const source = (c: JsonCard): CardSource => ({
  id: c.id, alias: c.alias ?? 0, name: c.name, type: c.type, atk: c.atk ?? null, def: c.def ?? null, level: c.level ?? null,
  race: c.race ?? null, attribute: c.attribute ?? null, setcodes: c.setcodes ?? [], description: c.desc ?? '',
});
const index = buildCardIndex(json.map(source));
const setnames = parseSetnames(readFileSync(new URL('../../../../shared/data/strings/setnames.conf', import.meta.url), 'utf8'));
// one card per name: the original (alias 0), then the lowest passcode
const firstOfName = new Map<string, JsonCard>();
for (const c of [...json].sort((a, b) => Number(!!a.alias) - Number(!!b.alias) || a.id - b.id)) if (!firstOfName.has(c.name)) firstOfName.set(c.name, c);
const shown = [...firstOfName.values()];

const all = (q: Omit<CardQuery, 'page' | 'limit'>, ctx = {}) => queryCards(index, { ...q, page: 1, limit: 100_000 }, ctx);
const ids = (q: Omit<CardQuery, 'page' | 'limit'>, ctx = {}) => all(q, ctx).cards.map((c) => c.id);

const DARK_MAGICIAN = 46986414;
const FORMULA_SYNCHRON = 50091196;
const BLUE_EYES = 89631139;
const APOLLOUSA = 4280258;
const ELEMENTAL_HERO_AVIAN = 21844576;
const DESTINY_HERO_PLASMA = 83965310;

describe('queryCards over the real cards', () => {
  test('a name: the card first, its alternate artworks and namesakes left out', () => {
    const hits = ids({ q: 'dark magician' });
    expect(hits[0]).toBe(DARK_MAGICIAN);
    expect(all({ q: 'dark magician' }).cards.filter((c) => c.name === 'Dark Magician')).toHaveLength(1);
    expect(hits).not.toContain(46986415);
    expect(hits).not.toContain(36996508); // the unofficial 'Dark Magician'
    expect(hits).toContain(153000015); // 'Dark Magician (Deck Master)'
  });

  test('kind and subtype count what the cards’ types say', () => {
    const quickPlay = shown.filter((c) => c.cardType === 'SPELL_QUICK_PLAY').length;
    expect(all({ kind: 'spell', subtypes: ['quick-play'] }).total).toBe(quickPlay);
    expect(all({ kind: 'spell', subtypes: ['normal'] }).total).toBe(shown.filter((c) => c.cardType === 'SPELL_NORMAL').length);
    expect(all({ kind: 'trap', subtypes: ['counter'] }).total).toBe(shown.filter((c) => c.cardType === 'TRAP_COUNTER').length);
    // cardType calls an Xyz token a token: the subtype goes by the Xyz bit
    expect(all({ subtypes: ['xyz'] }).total).toBe(shown.filter((c) => (c.type & 0x800001) === 0x800001).length);
    expect(all({ subtypes: ['xyz'], kind: 'monster' }).total).toBeGreaterThan(700);
  });

  test('several subtypes: the card has all of them', () => {
    const tuners = all({ subtypes: ['synchro', 'tuner'] }).cards;
    expect(tuners.map((c) => c.id)).toContain(FORMULA_SYNCHRON);
    expect(tuners.every((c) => (c.type & 0x2000) && (c.type & 0x1000))).toBe(true);
  });

  test('attribute, race, level and an ATK range together', () => {
    const found = all({ attribute: 'light', race: 'dragon', level: 8, atkMin: 3000 }).cards;
    expect(found.map((c) => c.id)).toContain(BLUE_EYES);
    expect(found.every((c) => c.attribute === 0x10 && (Number(c.race) & 0x2000) && c.level === 8 && c.atk! >= 3000)).toBe(true);
  });

  test('a race past 32 bits (Yokai, bit 62)', () => {
    const yokai = all({ race: 'yokai' });
    expect(yokai.total).toBe(shown.filter((c) => c.race === 2 ** 62).length);
    expect(yokai.total).toBeGreaterThan(0);
  });

  test('stat ranges leave out "?" and cards without the stat (a Link monster has no DEF)', () => {
    expect(ids({ atkMin: 0 })).not.toContain(APOLLOUSA);
    expect(all({ defMax: 5000 }).cards.some((c) => c.type & 0x4000000)).toBe(false);
    expect(all({ atkMin: 2500, atkMax: 2500 }).cards.every((c) => c.atk === 2500)).toBe(true);
  });

  test('an archetype takes its sub-archetypes’ cards, not the other way round', () => {
    const hero = archetypeCodes('HERO', setnames)!;
    const elemental = archetypeCodes('elemental  hero', setnames)!;
    expect(hero).toEqual([0x8]);
    expect(elemental).toEqual([0x3008]);
    expect(ids({ archetype: hero })).toEqual(expect.arrayContaining([ELEMENTAL_HERO_AVIAN, DESTINY_HERO_PLASMA]));
    expect(ids({ archetype: elemental })).toContain(ELEMENTAL_HERO_AVIAN);
    expect(ids({ archetype: elemental })).not.toContain(DESTINY_HERO_PLASMA);
    expect(archetypeCodes('0x3008', setnames)).toEqual([0x3008]);
    expect(archetypeCodes('Evil★Twin', setnames)).toEqual([0x155]);
    expect(archetypeCodes('no such archetype', setnames)).toBeUndefined();
    expect(inArchetype([0xc008], 0x3008)).toBe(false);
  });

  test('card text: every word, anywhere in the text', () => {
    const found = all({ text: 'Banish  GRAVEYARD', kind: 'trap' });
    expect(found.total).toBeGreaterThan(10);
    const expected = shown.filter((c) => (c.type & 0x4) && ['banish', 'graveyard'].every((w) => normalizeCardName(c.desc ?? '').includes(w)));
    expect(found.total).toBe(expected.length);
  });

  test('sorts: ATK highest first, name A to Z; pages follow on', () => {
    const byAtk = all({ kind: 'monster', race: 'dragon', sort: 'atk' }).cards.map((c) => c.atk ?? -3);
    expect(byAtk).toEqual([...byAtk].sort((a, b) => b - a));
    const names = all({ race: 'fairy' }).cards.map((c) => normalizeCardName(c.name));
    expect(names).toEqual([...names].sort());
    const q: CardQuery = { race: 'fairy', sort: 'level', page: 1, limit: 7 };
    const [p1, p2] = [queryCards(index, q), queryCards(index, { ...q, page: 2 })];
    expect(p1.total).toBe(names.length);
    expect(p2.total).toBe(names.length);
    expect([...p1.cards, ...p2.cards].map((c) => c.id)).toEqual(all({ race: 'fairy', sort: 'level' }).cards.slice(0, 14).map((c) => c.id));
    expect(queryCards(index, { ...q, page: 10_000 }).cards).toEqual([]);
  });

  test('sort by the meta: the most played first, the rest by name', () => {
    const play = new Map([[BLUE_EYES, 0.2], [DARK_MAGICIAN, 0.6]]);
    expect(ids({ kind: 'monster', subtypes: ['normal'], sort: 'meta' }, { play }).slice(0, 2)).toEqual([DARK_MAGICIAN, BLUE_EYES]);
  });

  test('a result row names the card’s facts', () => {
    const [avian] = all({ q: 'elemental hero avian' }).cards;
    expect(cardSearchItem(avian!, 'LIMITED', null)).toMatchObject({
      passcode: ELEMENTAL_HERO_AVIAN, name: 'Elemental HERO Avian', typeLine: 'Warrior / Normal', attribute: 'WIND', level: 3,
      rank: null, linkRating: null, atk: 1000, def: 1000, status: 'LIMITED', imageUrl: `/api/cards/${ELEMENTAL_HERO_AVIAN}/image?size=small`,
    });
    const [apollousa] = all({ q: 'apollousa' }).cards;
    expect(cardSearchItem(apollousa!, null, 0.5)).toMatchObject({ linkRating: 4, level: null, atk: '?', def: null, share: 0.5 });
  });
});

describe('status on a list', () => {
  const statuses = new Map<number, CardStatus>([[DARK_MAGICIAN, 'LIMITED'], [4280259, 'FORBIDDEN']]);
  const artworkStatuses = new Map<number, CardStatus>([[APOLLOUSA, 'FORBIDDEN']]);
  const blacklist = listStatusOf({ whitelist: false, statuses, artworkStatuses });
  const whitelist = listStatusOf({ whitelist: true, statuses, artworkStatuses });

  test('its own entry, an alias’s (on a whitelist an alternate artwork’s only), an artwork’s, else the default', () => {
    expect(blacklist({ id: DARK_MAGICIAN, alias: 0 })).toBe('LIMITED');
    expect(blacklist({ id: 12345, alias: DARK_MAGICIAN })).toBe('LIMITED');
    expect(whitelist({ id: 12345, alias: DARK_MAGICIAN })).toBe('NONE');
    expect(whitelist({ id: DARK_MAGICIAN + 1, alias: DARK_MAGICIAN })).toBe('LIMITED');
    expect(blacklist({ id: APOLLOUSA, alias: 0 })).toBe('FORBIDDEN');
    expect(blacklist({ id: BLUE_EYES, alias: 0 })).toBe('UNLIMITED');
    expect(whitelist({ id: BLUE_EYES, alias: 0 })).toBe('NONE');
  });

  test('the status filter reads it; without a list it finds nothing', () => {
    // the Deck Master version's alias is Dark Magician: EDOPro reads its limit there on a blacklist
    expect(ids({ q: 'magician', status: 'limited' }, { statuses: statusesOn(index, blacklist) })).toEqual([DARK_MAGICIAN, 153000015]);
    expect(ids({ q: 'magician', status: 'limited' }, { statuses: statusesOn(index, whitelist) })).toEqual([DARK_MAGICIAN]);
    expect(ids({ q: 'dark magician', status: 'not-listed' }, { statuses: statusesOn(index, whitelist) })).not.toContain(DARK_MAGICIAN);
    expect(ids({ q: 'dark magician', status: 'limited' })).toEqual([]);
  });
});
