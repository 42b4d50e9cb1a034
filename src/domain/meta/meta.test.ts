import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { archetypeOf, type CardSetcodes } from '../decks/archetype.ts';
import { parseSetnames } from '../decks/setnames.ts';
import { parseYdk } from '../decks/ydk.ts';
import { metaOf, type MetaDeck } from './meta.ts';

const deck = (archetype: string, topCut: boolean, cards: [number, number][]): MetaDeck => ({
  archetype, topCut, cards: cards.map(([passcode, count]) => ({ passcode, count })),
});

test('shares, top cuts, conversion and card inclusion of a small event, worked by hand', () => {
  const meta = metaOf([
    deck('Blackwing', true, [[1, 3], [2, 1]]),
    deck('Blackwing', false, [[1, 2]]),
    deck('Lightsworn', true, [[1, 1], [3, 3]]),
    deck('Other', false, [[3, 2], [3, 1]]), // one passcode listed twice: one deck, 3 copies
  ]);
  expect(meta).toMatchObject({ decks: 4, topCutDecks: 2 });
  expect(meta.archetypes).toEqual([
    { archetype: 'Blackwing', decks: 2, share: 0.5, topCut: 1, topCutShare: 0.5, conversion: 0.5 },
    { archetype: 'Lightsworn', decks: 1, share: 0.25, topCut: 1, topCutShare: 0.5, conversion: 1 },
    { archetype: 'Other', decks: 1, share: 0.25, topCut: 0, topCutShare: 0, conversion: 0 },
  ]);
  expect(meta.cards).toEqual([
    { passcode: 3, decks: 2, inclusion: 0.5, averageCopies: 3, topCutInclusion: 0.5 },
    { passcode: 1, decks: 3, inclusion: 0.75, averageCopies: 2, topCutInclusion: 1 },
    { passcode: 2, decks: 1, inclusion: 0.25, averageCopies: 1, topCutInclusion: 0.5 },
  ].sort((a, b) => b.decks - a.decks || b.averageCopies - a.averageCopies));
});

test('no decks, and no top cut: every ratio is 0, never NaN', () => {
  expect(metaOf([])).toEqual({ decks: 0, topCutDecks: 0, archetypes: [], cards: [] });
  const meta = metaOf([deck('Zoodiac', false, [[5, 3], [6, 0]])]);
  expect(meta.archetypes[0]).toMatchObject({ topCutShare: 0, conversion: 0, share: 1 });
  expect(meta.cards).toEqual([{ passcode: 5, decks: 1, inclusion: 1, averageCopies: 3, topCutInclusion: 0 }]); // 0 copies: not played
});

test('the meta of the real decks of ../shared/data, named by the archetype rule: shares add up, the Blackwing deck counts for Blackwing', () => {
  const DATA = new URL('../../../../shared/data/', import.meta.url);
  const read = (path: string) => readFileSync(new URL(path, DATA), 'utf8');
  const setnames = parseSetnames(read('strings/setnames.conf'));
  const cards = new Map<number, CardSetcodes>();
  for (const { id, alias, setcodes } of JSON.parse(read('cards/cards-official.json')) as { id: number; alias: number; setcodes: number[] }[]) {
    cards.set(id, { alias, setcodes });
  }
  const dir = 'decks/iceygo-windbot/';
  const files = readdirSync(new URL(dir, DATA)).filter((f) => f.endsWith('.ydk')).sort();
  expect(files.length).toBeGreaterThan(5);
  const decks: MetaDeck[] = files.map((f, i) => {
    const d = parseYdk(read(dir + f)).deck;
    const counts = new Map<number, number>();
    for (const p of [...d.main, ...d.extra]) counts.set(p, (counts.get(p) ?? 0) + 1);
    return {
      archetype: archetypeOf(d, (p) => cards.get(p), setnames).name,
      topCut: i < 4,
      cards: [...counts].map(([passcode, count]) => ({ passcode, count })),
    };
  });
  const meta = metaOf(decks);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  expect(sum(meta.archetypes.map((a) => a.decks))).toBe(files.length);
  expect(sum(meta.archetypes.map((a) => a.share))).toBeCloseTo(1, 10);
  expect(sum(meta.archetypes.map((a) => a.topCutShare))).toBeCloseTo(1, 10);
  expect(meta.archetypes.map((a) => a.archetype)).toContain('Blackwing');
  for (const c of meta.cards) {
    expect(c.inclusion).toBeGreaterThan(0);
    expect(c.inclusion).toBeLessThanOrEqual(1);
    expect(c.averageCopies).toBeGreaterThanOrEqual(1);
    expect(c.topCutInclusion).toBeLessThanOrEqual(1);
  }
  // sorted: the most played card first
  expect(meta.cards[0]!.decks).toBe(Math.max(...meta.cards.map((c) => c.decks)));
});
