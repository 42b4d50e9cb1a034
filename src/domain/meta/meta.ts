// The meta of a set of published decks (issue 20): each archetype's share of the decks and of the
// top cuts and its conversion into the cut, and the cards by inclusion. Pure and linear in the
// cards listed: the API runs it over up to 1,000 events of 64 decks (64,000 decks).

export interface MetaDeck {
  archetype: string;
  /** the deck's team reached the top cut (or the top 8 where there was no cut) */
  topCut: boolean;
  /** Main and Extra Deck, one entry per passcode (copies summed); the Side Deck does not count */
  cards: readonly { passcode: number; count: number }[];
}

export interface ArchetypeShare {
  archetype: string;
  decks: number;
  /** decks / all decks, 0..1 */
  share: number;
  topCut: number;
  /** top-cut decks of this archetype / all top-cut decks, 0..1 (0 when no deck reached a cut) */
  topCutShare: number;
  /** topCut / decks, 0..1: how often the archetype made the cut */
  conversion: number;
}

export interface CardInclusion {
  passcode: number;
  /** decks that play it */
  decks: number;
  /** decks / all decks, 0..1 */
  inclusion: number;
  /** copies per deck that plays it */
  averageCopies: number;
  /** top-cut decks that play it / all top-cut decks, 0..1 */
  topCutInclusion: number;
}

export interface Meta {
  decks: number;
  topCutDecks: number;
  archetypes: ArchetypeShare[];
  cards: CardInclusion[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** The meta of these decks: archetypes by decks (then name), cards by inclusion (then copies, then passcode). */
export function metaOf(decks: readonly MetaDeck[]): Meta {
  const archetypes = new Map<string, { decks: number; topCut: number }>();
  // `last`: the index of the last deck counted for the card, so a passcode listed twice in one deck
  // is one deck playing it (no set per deck: 64,000 of them cost more than the counting)
  const cards = new Map<number, { decks: number; copies: number; topCut: number; last: number }>();
  let topCutDecks = 0;
  for (const [index, deck] of decks.entries()) {
    if (deck.topCut) topCutDecks++;
    const a = archetypes.get(deck.archetype) ?? { decks: 0, topCut: 0 };
    a.decks++;
    if (deck.topCut) a.topCut++;
    archetypes.set(deck.archetype, a);
    for (const { passcode, count } of deck.cards) {
      if (!(count > 0)) continue;
      let entry = cards.get(passcode);
      if (!entry) cards.set(passcode, (entry = { decks: 0, copies: 0, topCut: 0, last: -1 }));
      entry.copies += count;
      if (entry.last === index) continue;
      entry.last = index;
      entry.decks++;
      if (deck.topCut) entry.topCut++;
    }
  }
  return {
    decks: decks.length,
    topCutDecks,
    archetypes: [...archetypes]
      .map(([archetype, a]) => ({
        archetype, decks: a.decks, share: ratio(a.decks, decks.length), topCut: a.topCut,
        topCutShare: ratio(a.topCut, topCutDecks), conversion: ratio(a.topCut, a.decks),
      }))
      .sort((x, y) => y.decks - x.decks || y.topCut - x.topCut || x.archetype.localeCompare(y.archetype)),
    cards: [...cards]
      .map(([passcode, c]) => ({
        passcode, decks: c.decks, inclusion: ratio(c.decks, decks.length), averageCopies: c.copies / c.decks,
        topCutInclusion: ratio(c.topCut, topCutDecks),
      }))
      .sort((x, y) => y.decks - x.decks || y.averageCopies - x.averageCopies || x.passcode - y.passcode),
  };
}
