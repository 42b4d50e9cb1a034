import { expect, test } from 'vitest';
import { metaOf, type MetaDeck } from './meta.ts';
import { metaOfTallies, tallyOf, tallyOfCopies, tallyOfCounts } from './meta-tally.ts';

/** Random events of random decks (a seeded generator: the same cases every run). */
function randomEvents(seed: number, events: number): MetaDeck[][] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: events }, () => Array.from({ length: Math.floor(rnd() * 12) }, (_, d) => ({
    archetype: `A${Math.floor(rnd() * 5)}`,
    topCut: d < 4 && rnd() < 0.8,
    // small passcodes: cards repeat across decks, and now and then within one (two lines, one card)
    cards: Array.from({ length: Math.floor(rnd() * 8) }, () => ({ passcode: 1 + Math.floor(rnd() * 15), count: Math.floor(rnd() * 4) })),
  })));
}

test.each([1, 2, 3, 4, 5])('tallies of events added up give metaOf over all their decks (seed %i)', (seed) => {
  const events = randomEvents(seed, 1 + seed * 3);
  expect(metaOfTallies(events.map(tallyOf))).toEqual(metaOf(events.flat()));
});

test.each([1, 2, 3])('decks given copy by copy tally as decks given with counts (seed %i)', (seed) => {
  for (const event of randomEvents(seed, 5)) {
    const copies = event.map((d) => ({ archetype: d.archetype, topCut: d.topCut, copies: d.cards.flatMap((c) => Array<number>(c.count).fill(c.passcode)) }));
    expect(metaOfTallies([tallyOfCopies(copies)])).toEqual(metaOf(event));
  }
});

test.each([1, 2, 3])('decks given as counts by archetype and top cut tally as the decks themselves, cards aside (seed %i)', (seed) => {
  for (const event of randomEvents(seed, 5)) {
    const counts = new Map<string, { archetype: string; topCut: boolean; decks: number }>();
    for (const d of event) {
      const key = `${d.archetype}|${d.topCut}`;
      counts.set(key, { archetype: d.archetype, topCut: d.topCut, decks: (counts.get(key)?.decks ?? 0) + 1 });
    }
    const cardless = event.map((d) => ({ ...d, cards: [] }));
    expect(metaOfTallies([tallyOfCounts([...counts.values()])])).toEqual(metaOf(cardless));
  }
});

test('one event, worked by hand: a passcode listed twice is one deck, 0 copies is not playing it', () => {
  const t = tallyOf([
    { archetype: 'Blackwing', topCut: true, cards: [{ passcode: 1, count: 3 }, { passcode: 1, count: 1 }, { passcode: 2, count: 0 }] },
    { archetype: 'Other', topCut: false, cards: [{ passcode: 1, count: 1 }] },
  ]);
  expect([t.decks, t.topCutDecks, [...t.passcodes], [...t.cardDecks], [...t.copies], [...t.cardTopCut]]).toEqual([2, 1, [1], [2], [5], [1]]);
  expect(t.archetypes).toEqual([{ archetype: 'Blackwing', decks: 1, topCut: 1 }, { archetype: 'Other', decks: 1, topCut: 0 }]);
});

test('no tallies, or only empty events: zeros, never NaN', () => {
  expect(metaOfTallies([])).toEqual({ decks: 0, topCutDecks: 0, archetypes: [], cards: [] });
  expect(metaOfTallies([tallyOf([]), tallyOf([])])).toEqual(metaOf([]));
});
