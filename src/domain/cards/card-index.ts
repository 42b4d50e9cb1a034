// The card search's in-memory index (issue 32 §1): every card once, its facts in typed arrays (a query is a
// tight pass over numbers, not over 25,000 objects), its name and text normalised, and its orders by name,
// level, ATK, DEF and name length worked out when it is built.
import { normalizeCardName } from '../banlists/card-search.ts';
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

/** A card of the index: the source row as read (a result row is made from it). */
export type IndexedCard = CardSource;

/** The value of a stat the card does not have (a spell's ATK, a Link monster's DEF). */
export const NO_STAT = -3;
/** How many archetype codes a card holds (EDOPro's setcode: 4 × 16 bits). */
export const SETCODES = 4;

export interface CardIndex {
  /** the cards in name order; every array below is indexed alike */
  readonly cards: readonly IndexedCard[];
  readonly type: Uint32Array;
  /** a printed value, -2 for "?", NO_STAT without one */
  readonly atk: Int32Array;
  readonly def: Int32Array;
  /** level, rank or link rating of a monster, else NO_STAT */
  readonly level: Int32Array;
  /** a monster's attribute bits, else 0 */
  readonly attribute: Int32Array;
  /** a monster's race field as two 32-bit halves (Yokai is bit 62), else 0 */
  readonly raceLow: Uint32Array;
  readonly raceHigh: Uint32Array;
  /** SETCODES codes per card, 0 where none */
  readonly setcodes: Uint16Array;
  /** normalised names (normalizeCardName): what q compares and ranks */
  readonly searchName: readonly string[];
  /** normalised texts */
  readonly searchText: readonly string[];
  /** every normalised name, and every normalised text, as one string each (see containing) */
  readonly names: TextColumn;
  readonly texts: TextColumn;
  /** positions, highest first (cards without the stat last), ties by name */
  readonly byLevel: Int32Array;
  readonly byAtk: Int32Array;
  readonly byDef: Int32Array;
  /** positions by name length, ties by name: the order of equally good name matches */
  readonly byLength: Int32Array;
}

/**
 * Strings of every card joined by a line break (which no normalised string holds), with where each starts: one
 * indexOf over megabytes finds a word far faster than 25,000 calls of includes.
 */
export interface TextColumn {
  readonly all: string;
  /** position of each card's string in `all`, and its length at the end */
  readonly starts: Int32Array;
}

function textColumn(strings: readonly string[]): TextColumn {
  const starts = new Int32Array(strings.length + 1);
  let at = 0;
  strings.forEach((s, i) => {
    starts[i] = at;
    at += s.length + 1;
  });
  starts[strings.length] = at;
  return { all: strings.join('\n'), starts };
}

/** Marks (1) the cards whose string holds `word` (not empty, no line break). */
export function containing(column: TextColumn, word: string): Uint8Array {
  const { all, starts } = column;
  const marks = new Uint8Array(starts.length - 1);
  let from = 0;
  for (;;) {
    const at = all.indexOf(word, from);
    if (at < 0) return marks;
    // the card whose string holds position `at`: the last start at or before it
    let lo = 0, hi = starts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    marks[lo] = 1;
    from = starts[lo + 1]!;
  }
}

const isMonster = (type: number) => (type & TYPE.MONSTER) !== 0;
const isLink = (type: number) => isMonster(type) && (type & TYPE.LINK) !== 0;

/** Positions sorted by a key, highest first; ties keep name order. */
function orderBy(keys: ArrayLike<number>, ascending = false): Int32Array {
  const order = Int32Array.from({ length: keys.length }, (_, i) => i);
  return order.sort((a, b) => (ascending ? keys[a]! - keys[b]! : keys[b]! - keys[a]!) || a - b);
}

const compareNames = (a: { key: string; s: CardSource }, b: typeof a) =>
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.s.name < b.s.name ? -1 : a.s.name > b.s.name ? 1 : 0) || a.s.id - b.s.id;

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
  const sorted = [...byName.values()].map((s) => ({ key: normalizeCardName(s.name), s })).sort(compareNames);
  const n = sorted.length;
  const index = {
    cards: sorted.map((x) => x.s),
    type: new Uint32Array(n), atk: new Int32Array(n), def: new Int32Array(n), level: new Int32Array(n), attribute: new Int32Array(n),
    raceLow: new Uint32Array(n), raceHigh: new Uint32Array(n), setcodes: new Uint16Array(n * SETCODES),
    searchName: sorted.map((x) => x.key),
  };
  sorted.forEach(({ s }, i) => {
    const monster = isMonster(s.type);
    index.type[i] = s.type >>> 0;
    index.atk[i] = monster && s.atk !== null ? Math.max(s.atk, -2) : NO_STAT;
    index.def[i] = monster && !isLink(s.type) && s.def !== null ? Math.max(s.def, -2) : NO_STAT;
    index.level[i] = monster && s.level !== null ? s.level : NO_STAT;
    index.attribute[i] = monster ? (s.attribute ?? 0) : 0;
    const race = monster && s.race !== null ? BigInt(s.race) : 0n;
    index.raceLow[i] = Number(race & 0xffffffffn);
    index.raceHigh[i] = Number((race >> 32n) & 0xffffffffn);
    (s.setcodes ?? []).slice(0, SETCODES).forEach((code, k) => { index.setcodes[i * SETCODES + k] = code; });
  });
  const searchText = sorted.map((x) => normalizeCardName(x.s.description));
  return {
    ...index,
    searchText,
    names: textColumn(index.searchName),
    texts: textColumn(searchText),
    byLevel: orderBy(index.level), byAtk: orderBy(index.atk), byDef: orderBy(index.def),
    byLength: orderBy(index.cards.map((c) => c.name.length), true),
  };
}
