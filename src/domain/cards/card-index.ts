// The card search's in-memory index (issue 32 §1): every card once, its name and text normalised and its
// orders by name, level, ATK and DEF worked out when it is built, so a query is one pass over an array.
import { normalizeCardName } from '../banlist/card-search.ts';
import { TYPE } from './card-vocabulary.ts';

/** A card as the cards table holds it (what the index needs of it). */
export interface CardSource {
  id: number;
  alias: number;
  name: string;
  type: number;
  atk: number | null;
  def: number | null;
  level: number | null;
  race: bigint | number | null;
  attribute: number | null;
  setcodes: readonly number[] | null;
  description: string;
}

export interface IndexedCard extends CardSource {
  /** normalised name and text (normalizeCardName): what q and text compare */
  searchName: string;
  searchText: string;
  /** the race field's two 32-bit halves (Yokai is bit 62) */
  raceLow: number;
  raceHigh: number;
  monster: boolean;
  /** position in name order */
  nameOrder: number;
}

export interface CardIndex {
  /** in name order */
  readonly cards: readonly IndexedCard[];
  /** positions in `cards`, highest first (cards without the stat last), ties by name */
  readonly byLevel: Int32Array;
  readonly byAtk: Int32Array;
  readonly byDef: Int32Array;
}

const isMonster = (type: number) => (type & TYPE.MONSTER) !== 0;
const isLink = (type: number) => isMonster(type) && (type & TYPE.LINK) !== 0;

/** The stat a sort reads: a printed value, else below every value ("?" above a card without the stat). */
function sortValue(c: IndexedCard, stat: 'level' | 'atk' | 'def'): number {
  if (!c.monster) return -3;
  const v = stat === 'def' && isLink(c.type) ? null : c[stat];
  if (v === null) return -3;
  return v < 0 ? -2 : v;
}

function orderBy(cards: readonly IndexedCard[], stat: 'level' | 'atk' | 'def'): Int32Array {
  const values = cards.map((c) => sortValue(c, stat));
  const order = Int32Array.from(cards.keys());
  // cards are in name order already: ties keep it
  return order.sort((a, b) => values[b]! - values[a]! || a - b);
}

const nameOrder = (a: { searchName: string; name: string; id: number }, b: typeof a) =>
  (a.searchName < b.searchName ? -1 : a.searchName > b.searchName ? 1 : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;

/** Of two cards of one name, the one the search shows: the original (alias 0), then the lowest passcode. */
const preferred = (a: CardSource, b: CardSource) => ((a.alias !== 0) === (b.alias !== 0) ? a.id < b.id : a.alias === 0);

/**
 * Builds the index: one card per name, as the name search has it (alternate artworks, and the anime or Deck
 * Master versions named as the card, stand behind the original).
 */
export function buildCardIndex(sources: Iterable<CardSource>): CardIndex {
  const byName = new Map<string, CardSource>();
  for (const s of sources) {
    const held = byName.get(s.name);
    if (!held || preferred(s, held)) byName.set(s.name, s);
  }
  const cards: IndexedCard[] = [];
  for (const s of byName.values()) {
    const race = s.race === null ? 0n : BigInt(s.race);
    cards.push({
      ...s,
      setcodes: s.setcodes ?? [],
      searchName: normalizeCardName(s.name),
      searchText: normalizeCardName(s.description),
      raceLow: Number(race & 0xffffffffn),
      raceHigh: Number((race >> 32n) & 0xffffffffn),
      monster: isMonster(s.type),
      nameOrder: 0,
    });
  }
  cards.sort(nameOrder);
  cards.forEach((c, i) => { c.nameOrder = i; });
  return { cards, byLevel: orderBy(cards, 'level'), byAtk: orderBy(cards, 'atk'), byDef: orderBy(cards, 'def') };
}
