// The meta of many events, from a tally per event: GET /api/meta keeps each event's tally in memory
// (keyed by the record's version), so a new filter adds tallies up instead of reading 64,000 decks
// again. metaOfTallies gives what metaOf gives over the same decks (the tests check it).
import type { ArchetypeShare, CardInclusion, Meta, MetaDeck } from './meta.ts';

/** An event's decks as counts: compact (typed arrays), and summable with other events'. */
export interface MetaTally {
  decks: number;
  topCutDecks: number;
  archetypes: { archetype: string; decks: number; topCut: number }[];
  /** parallel arrays, one entry per card: decks that play it, copies in them, top-cut decks that play it */
  passcodes: Float64Array;
  /** each card's number in this process (see intern): metaOfTallies adds into arrays by it, not a Map by passcode */
  cardIndex: Uint32Array;
  cardDecks: Uint32Array;
  copies: Uint32Array;
  cardTopCut: Uint32Array;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

// Passcodes run past 2^30, where a Map keys them as heap numbers: summing 1,000 events of 1,500
// cards each by passcode cost 50 ms. Each passcode gets a small number once per process instead
// (there are some 15,000 cards), and sums go into typed arrays indexed by it.
const internedIndex = new Map<number, number>();
const internedPasscodes: number[] = [];
function intern(passcode: number): number {
  let i = internedIndex.get(passcode);
  if (i === undefined) {
    i = internedPasscodes.length;
    internedPasscodes.push(passcode);
    internedIndex.set(passcode, i);
  }
  return i;
}

/** A deck as its lists give it: every passcode once per copy (Main and Extra Deck). */
export interface CopiesDeck {
  archetype: string;
  topCut: boolean;
  copies: readonly number[];
}

/** The counts of these decks (a passcode listed twice in one deck is one deck playing it). */
export function tallyOf(decks: readonly MetaDeck[]): MetaTally {
  const counter = new Counter();
  for (const [index, deck] of decks.entries()) {
    counter.deck(deck.archetype, deck.topCut);
    for (const { passcode, count } of deck.cards) if (count > 0) counter.card(index, passcode, count, deck.topCut);
  }
  return counter.tally();
}

/** Decks counted by archetype and top cut (no cards): what a record keeps of all its decks. */
export function tallyOfCounts(counts: readonly { archetype: string; topCut: boolean; decks: number }[]): MetaTally {
  const counter = new Counter();
  for (const c of counts) counter.deck(c.archetype, c.topCut, c.decks);
  return counter.tally();
}

/** The same from decks given copy by copy (what a deck's lists hold): no per-deck counting first. */
export function tallyOfCopies(decks: readonly CopiesDeck[]): MetaTally {
  const counter = new Counter();
  for (const [index, deck] of decks.entries()) {
    counter.deck(deck.archetype, deck.topCut);
    for (const passcode of deck.copies) counter.card(index, passcode, 1, deck.topCut);
  }
  return counter.tally();
}

class Counter {
  private archetypes = new Map<string, { decks: number; topCut: number }>();
  // `last`: the index of the last deck counted for the card, so a passcode met again in one deck
  // adds copies, not a deck (no set per deck)
  private cards = new Map<number, { decks: number; copies: number; topCut: number; last: number }>();
  private decks = 0;
  private topCutDecks = 0;

  deck(archetype: string, topCut: boolean, n = 1) {
    this.decks += n;
    if (topCut) this.topCutDecks += n;
    const a = this.archetypes.get(archetype);
    if (a) {
      a.decks += n;
      if (topCut) a.topCut += n;
    } else this.archetypes.set(archetype, { decks: n, topCut: topCut ? n : 0 });
  }

  card(index: number, passcode: number, count: number, topCut: boolean) {
    let entry = this.cards.get(passcode);
    if (!entry) this.cards.set(passcode, (entry = { decks: 0, copies: 0, topCut: 0, last: -1 }));
    entry.copies += count;
    if (entry.last === index) return;
    entry.last = index;
    entry.decks++;
    if (topCut) entry.topCut++;
  }

  tally(): MetaTally {
    const n = this.cards.size;
    const tally: MetaTally = {
      decks: this.decks, topCutDecks: this.topCutDecks,
      archetypes: [...this.archetypes].map(([archetype, a]) => ({ archetype, ...a })),
      passcodes: new Float64Array(n), cardIndex: new Uint32Array(n), cardDecks: new Uint32Array(n), copies: new Uint32Array(n), cardTopCut: new Uint32Array(n),
    };
    let i = 0;
    for (const [passcode, c] of this.cards) {
      tally.passcodes[i] = passcode;
      tally.cardIndex[i] = intern(passcode);
      tally.cardDecks[i] = c.decks;
      tally.copies[i] = c.copies;
      tally.cardTopCut[i] = c.topCut;
      i++;
    }
    return tally;
  }
}

/** The meta of the decks of all these tallies: what metaOf gives over all their decks, in the same order. */
export function metaOfTallies(tallies: readonly MetaTally[]): Meta {
  const archetypes = new Map<string, { decks: number; topCut: number }>();
  const n = internedPasscodes.length;
  const cardDecks = new Uint32Array(n);
  const copies = new Float64Array(n);
  const cardTopCut = new Uint32Array(n);
  let decks = 0;
  let topCutDecks = 0;
  for (const t of tallies) {
    decks += t.decks;
    topCutDecks += t.topCutDecks;
    for (const a of t.archetypes) {
      const sum = archetypes.get(a.archetype);
      if (sum) {
        sum.decks += a.decks;
        sum.topCut += a.topCut;
      } else archetypes.set(a.archetype, { decks: a.decks, topCut: a.topCut });
    }
    for (let i = 0; i < t.cardIndex.length; i++) {
      const k = t.cardIndex[i]!;
      cardDecks[k] = cardDecks[k]! + t.cardDecks[i]!;
      copies[k] = copies[k]! + t.copies[i]!;
      cardTopCut[k] = cardTopCut[k]! + t.cardTopCut[i]!;
    }
  }
  const cards: [number, { decks: number; copies: number; topCut: number }][] = [];
  for (let k = 0; k < n; k++) {
    if (cardDecks[k]! > 0) cards.push([internedPasscodes[k]!, { decks: cardDecks[k]!, copies: copies[k]!, topCut: cardTopCut[k]! }]);
  }
  const shares: ArchetypeShare[] = [...archetypes]
    .map(([archetype, a]) => ({
      archetype, decks: a.decks, share: ratio(a.decks, decks), topCut: a.topCut,
      topCutShare: ratio(a.topCut, topCutDecks), conversion: ratio(a.topCut, a.decks),
    }))
    .sort((x, y) => y.decks - x.decks || y.topCut - x.topCut || x.archetype.localeCompare(y.archetype));
  const inclusions: CardInclusion[] = cards
    .map(([passcode, c]) => ({
      passcode, decks: c.decks, inclusion: ratio(c.decks, decks), averageCopies: c.copies / c.decks,
      topCutInclusion: ratio(c.topCut, topCutDecks),
    }))
    .sort((x, y) => y.decks - x.decks || y.averageCopies - x.averageCopies || x.passcode - y.passcode);
  return { decks, topCutDecks, archetypes: shares, cards: inclusions };
}
