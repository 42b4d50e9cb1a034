import { describe, expect, test } from 'vitest';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import {
  NO_FILTERS, POINTS_SECTION_TITLE, compareEntries, flattenSections, formatStatusLabel, groupIntoSections, isPointsList, matchesFilters, remarkOf,
} from './banlist-view.ts';
import { countByStatus } from './banlists-api.ts';

let nextId = 1;
function entry(overrides: Partial<BanlistEntry>): BanlistEntry {
  const id = nextId++;
  return {
    id,
    cardId: 1000 + id,
    cardName: `Card ${id}`,
    alias: 0,
    cardType: 'MONSTER_EFFECT',
    formatStatus: 'LIMITED',
    advancedFormatStatus: 'LIMITED',
    previousFormatStatus: 'LIMITED',
    reason: null,
    poster: null,
    points: null,
    ...overrides,
  };
}

describe('banlist filters (spec 1 §5)', () => {
  test.each([
    ['format status differs from Advanced: kept', { formatStatus: 'FORBIDDEN', advancedFormatStatus: 'LIMITED' }, true],
    ['same status on both lists: dropped', { formatStatus: 'LIMITED', advancedFormatStatus: 'LIMITED' }, false],
    ['Advanced unlimited, format forbidden: kept', { formatStatus: 'FORBIDDEN', advancedFormatStatus: 'UNLIMITED' }, true],
  ] as const)('differences only: %s', (_why, o, kept) => {
    expect(matchesFilters(entry(o), { ...NO_FILTERS, differencesOnly: true })).toBe(kept);
  });

  test.each([
    ['changed since the previous list: kept', { previousFormatStatus: 'LIMITED', formatStatus: 'FORBIDDEN' }, true],
    ['previous NONE (newly listed) is not an addition by the spec rule', { previousFormatStatus: 'NONE', formatStatus: 'FORBIDDEN' }, false],
    ['unchanged: dropped', { previousFormatStatus: 'LIMITED', formatStatus: 'LIMITED' }, false],
  ] as const)('additions only: %s', (_why, o, kept) => {
    expect(matchesFilters(entry(o), { ...NO_FILTERS, additionsOnly: true })).toBe(kept);
  });

  test.each([
    ['card name, any case', 'dark MAG', true],
    ['card type label', 'quick-play', true],
    ['reason text', 'too strong', true],
    ['surrounding spaces are ignored', '  magician ', true],
    ['a word found nowhere', 'dragon', false],
  ])('search matches %s', (_why, search, kept) => {
    const e = entry({ cardName: 'Dark Magician', cardType: 'SPELL_QUICK_PLAY', reason: 'Too strong in 2005' });
    expect(matchesFilters(e, { ...NO_FILTERS, search })).toBe(kept);
  });

  test('a search for a reason does not fail on entries without one', () => {
    expect(matchesFilters(entry({ reason: null, cardName: 'Sangan' }), { ...NO_FILTERS, search: 'strong' })).toBe(false);
  });

  test('filters combine: both must hold', () => {
    const e = entry({ formatStatus: 'FORBIDDEN', advancedFormatStatus: 'LIMITED', previousFormatStatus: 'FORBIDDEN' });
    expect(matchesFilters(e, { search: '', differencesOnly: true, additionsOnly: true })).toBe(false);
  });
});

describe('sections and order (spec 1 §9)', () => {
  test('card type order first: monsters before spells before traps before unknown, then names', () => {
    const list = [
      entry({ cardName: 'Mirror Force', cardType: 'TRAP_NORMAL' }),
      entry({ cardName: 'Zombie', cardType: 'UNKNOWN' }),
      entry({ cardName: 'Raigeki', cardType: 'SPELL_NORMAL' }),
      entry({ cardName: 'Black Luster Soldier', cardType: 'MONSTER_RITUAL' }),
      entry({ cardName: 'Sangan', cardType: 'MONSTER_EFFECT' }),
      entry({ cardName: 'Airknight Parshath', cardType: 'MONSTER_EFFECT' }),
      entry({ cardName: 'Blue-Eyes White Dragon', cardType: 'MONSTER_NORMAL' }),
    ].sort(compareEntries);
    expect(list.map((e) => e.cardName)).toEqual([
      'Blue-Eyes White Dragon',
      'Airknight Parshath',
      'Sangan',
      'Black Luster Soldier',
      'Raigeki',
      'Mirror Force',
      'Zombie',
    ]);
  });

  test('four sections in order, each holding only its status; NONE belongs to none', () => {
    const sections = groupIntoSections([
      entry({ formatStatus: 'UNLIMITED' }),
      entry({ formatStatus: 'FORBIDDEN' }),
      entry({ formatStatus: 'NONE' }),
      entry({ formatStatus: 'SEMI_LIMITED' }),
      entry({ formatStatus: 'FORBIDDEN' }),
    ]);
    expect(sections.map((s) => [s.status, s.cards.length])).toEqual([
      ['FORBIDDEN', 2],
      ['LIMITED', 0],
      ['SEMI_LIMITED', 1],
      ['UNLIMITED', 1],
    ]);
  });

  test('flattened rows: every section heading carries its count and precedes its cards', () => {
    const rows = flattenSections(groupIntoSections([entry({ formatStatus: 'LIMITED' }), entry({ formatStatus: 'LIMITED' })]));
    expect(rows.map((r) => (r.kind === 'section' ? `${r.status}:${r.count}` : 'card'))).toEqual([
      'FORBIDDEN:0',
      'LIMITED:2',
      'card',
      'card',
      'SEMI_LIMITED:0',
      'UNLIMITED:0',
    ]);
  });
});

describe('alternate artworks (alias)', () => {
  const original = () => entry({ cardId: 4280258, alias: 0, cardName: 'Apollousa, Bow of the Goddess', formatStatus: 'FORBIDDEN' });
  const artwork = () => entry({ cardId: 4280259, alias: 4280258, cardName: 'Apollousa, Bow of the Goddess', formatStatus: 'FORBIDDEN' });

  test.each([
    ['original listed first', () => [original(), artwork()]],
    ['artwork listed first: the original still leads the row', () => [artwork(), original()]],
  ])('passcodes of one card are one card, counted once: %s', (_why, list) => {
    const [forbidden] = groupIntoSections(list());
    expect(forbidden!.cards).toHaveLength(1);
    expect(forbidden!.cards[0]!.entry.cardId).toBe(4280258);
    expect(forbidden!.cards[0]!.alternates.map((e) => e.cardId)).toEqual([4280259]);
    expect(flattenSections(groupIntoSections(list())).filter((r) => r.kind === 'entry')).toHaveLength(1);
    expect(countByStatus(list()).FORBIDDEN).toBe(1);
  });

  test('an artwork without its original in the list is a card of its own', () => {
    const [forbidden] = groupIntoSections([artwork()]);
    expect(forbidden!.cards.map((c) => [c.entry.cardId, c.alternates.length])).toEqual([[4280259, 0]]);
  });

  test('passcodes of one card with different statuses stay in their own sections', () => {
    const sections = groupIntoSections([original(), { ...artwork(), formatStatus: 'LIMITED' }]);
    expect(sections.map((s) => s.cards.length)).toEqual([1, 1, 0, 0]);
    expect(countByStatus([original(), { ...artwork(), formatStatus: 'LIMITED' }])).toEqual({ FORBIDDEN: 1, LIMITED: 1, SEMI_LIMITED: 0, UNLIMITED: 0 });
  });

  test('the card is shown when any of its passcodes matches the filters', () => {
    const differs = { ...artwork(), advancedFormatStatus: 'LIMITED' as const };
    const [forbidden] = groupIntoSections([original(), differs], { ...NO_FILTERS, differencesOnly: true });
    expect(forbidden!.cards.map((c) => c.entry.cardId)).toEqual([4280258]);
  });
});

describe('remarks', () => {
  test.each([
    ['not on the previous list', 'NONE', 'FORBIDDEN', true, 'New'],
    ['the oldest list has nothing to compare with', 'NONE', 'FORBIDDEN', false, ''],
    ['unchanged', 'LIMITED', 'LIMITED', true, ''],
    ['moved from limited', 'LIMITED', 'FORBIDDEN', true, 'Was Limited'],
    ['moved from semi-limited', 'SEMI_LIMITED', 'UNLIMITED', true, 'Was Semi-Limited'],
  ] as const)('%s', (_why, previousFormatStatus, formatStatus, hasPrevious, remark) => {
    expect(remarkOf({ previousFormatStatus, formatStatus }, hasPrevious)).toBe(remark);
  });
});

describe('a $genesys points list: points, not Limited or Unlimited', () => {
  const points = (cardName: string, value: number, o: Partial<BanlistEntry> = {}) =>
    entry({ cardName, points: value, formatStatus: 'UNLIMITED', ...o });

  test.each([
    ['a point value reads as points', { points: 3, formatStatus: 'UNLIMITED' }, '3 points'],
    ['one point is singular', { points: 1, formatStatus: 'UNLIMITED' }, '1 point'],
    ['a copy-count list reads its status', { points: null, formatStatus: 'LIMITED' }, 'Limited'],
    ['a forbidden card of a copy-count list', { points: null, formatStatus: 'FORBIDDEN' }, 'Forbidden'],
  ] as const)('%s', (_why, o, label) => {
    expect(formatStatusLabel(o)).toBe(label);
  });

  test('a list is a points list when its entries carry points', () => {
    expect(isPointsList([points('Change of Heart', 3)])).toBe(true);
    expect(isPointsList([entry({})])).toBe(false);
    expect(isPointsList([])).toBe(false);
  });

  test('one section, "Points", most points first, then type order and name; no status heading', () => {
    const sections = groupIntoSections([
      points('Pot of Greed', 20, { cardType: 'SPELL_NORMAL' }),
      points('Change of Heart', 3, { cardType: 'SPELL_NORMAL' }),
      points('Zaborg the Mega Monarch', 100),
      points('Artifact Lancea', 1),
      points('Ash Blossom & Joyous Spring', 20),
    ]);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.title).toBe(POINTS_SECTION_TITLE);
    expect(sections[0]!.cards.map((c) => formatStatusLabel(c.entry) + ' ' + c.entry.cardName)).toEqual([
      '100 points Zaborg the Mega Monarch',
      '20 points Ash Blossom & Joyous Spring',
      '20 points Pot of Greed',
      '3 points Change of Heart',
      '1 point Artifact Lancea',
    ]);
    const rows = flattenSections(sections);
    expect(rows[0]).toMatchObject({ kind: 'section', title: 'Points', count: 5 });
  });

  test('filters still apply; alternate artworks of one value are one card', () => {
    const sections = groupIntoSections(
      [points('Dark Magician', 5, { cardId: 46986414 }), points('Dark Magician', 5, { cardId: 46986415, alias: 46986414 }), points('Sangan', 2)],
      { ...NO_FILTERS, search: 'magician' },
    );
    expect(sections[0]!.cards.map((c) => [c.entry.cardId, c.alternates.map((a) => a.cardId)])).toEqual([[46986414, [46986415]]]);
  });

  test('a copy-count list keeps its four status sections with their titles', () => {
    expect(groupIntoSections([entry({ formatStatus: 'LIMITED' })]).map((s) => s.title)).toEqual(['Forbidden', 'Limited', 'Semi-Limited', 'Unlimited']);
  });
});
