/**
 * A deck's archetype name (../shared/data/PROVENANCE.md, strings/): the EDOPro archetype whose cards dominate its
 * Main and Extra Deck, else the first admin signature it matches, else "Other".
 */
import type { Deck } from './deck.ts';

/**
 * "Dominates" means at least this many Main+Extra copies AND at least this share of Main+Extra. 8 copies is more
 * than two playsets of an engine or a handful of staples that happen to carry a setcode (a GOAT Chaos deck has 3
 * Chaos Sorcerer and 3 Cyber Dragon; the Eldlich Tactical-Try deck 7 Eldlixir spells); a fifth of the deck keeps a
 * splashed engine (8 Kaiju in a 55-card Zoodiac deck, 15%) from naming it, while the leanest real archetype decks
 * in ../shared/data/decks (Qliphort, HERO Beat) still carry 22%.
 */
export const MIN_ARCHETYPE_COPIES = 8;
export const MIN_ARCHETYPE_SHARE = 0.2;

export const OTHER_ARCHETYPE = 'Other';

/** What the rule needs of a card: its setcodes (up to four uint16) and the passcode it is an alternate art of. */
export interface CardSetcodes {
  setcodes: readonly number[];
  alias?: number;
}

export type CardSetcodesLookup = (passcode: number) => CardSetcodes | undefined;

/** An admin's named deck for decks without an archetype (Goat Control, Chaos, Warrior). */
export interface DeckSignature {
  name: string;
  /** The cards that mark it; a deck card counts as the card it is an alternate art of. */
  cards: readonly number[];
  /** How many different marking cards the Main+Extra Deck must hold; all of them when absent. */
  min?: number;
}

export interface DeckArchetype {
  name: string;
  /** The EDOPro archetype code when named by setcodes. */
  code: number | null;
  /** Main+Extra copies of the archetype's cards, or of the signature's cards. */
  copies: number;
  source: 'setcode' | 'signature' | 'other';
}

const LOW_BITS = 0xfff;
const HIGH_BITS = 0xf000;

/** EDOPro's rule: a card setcode `code` belongs to archetype `q` (0x3008 Elemental HERO belongs to 0x8 HERO too). */
export const isInArchetype = (code: number, q: number): boolean =>
  (code & LOW_BITS) === (q & LOW_BITS) && (code & q) === q;

const isSetcode = (code: number): boolean => Number.isInteger(code) && code > 0 && code <= 0xffff;

/** The named archetypes a setcode belongs to: its low 12 bits with every subset of its high 4 bits. */
function namedArchetypes(code: number, setnames: ReadonlyMap<number, string>, into: Set<number>): void {
  const low = code & LOW_BITS;
  const high = code & HIGH_BITS;
  for (let sub = high; ; sub = (sub - 1) & high) {
    if (setnames.has(low | sub)) into.add(low | sub);
    if (sub === 0) break;
  }
}

/**
 * Names a deck. Precedence: a dominating archetype first, then signatures in table order, then "Other". Setcodes
 * go first because a signature exists to name what setcodes cannot; a signature built on a widely played card
 * must not rename an archetype deck that also plays it.
 */
export function archetypeOf(
  deck: Pick<Deck, 'main' | 'extra'>,
  lookup: CardSetcodesLookup,
  setnames: ReadonlyMap<number, string>,
  signatures: readonly DeckSignature[] = [],
): DeckArchetype {
  const cards = [...deck.main, ...deck.extra];
  const bySetcode = dominantArchetype(cards, lookup, setnames);
  if (bySetcode) return bySetcode;
  for (const signature of signatures) {
    const copies = signatureCopies(cards, lookup, signature);
    if (copies > 0) return { name: signature.name, code: null, copies, source: 'signature' };
  }
  return { name: OTHER_ARCHETYPE, code: null, copies: 0, source: 'other' };
}

function dominantArchetype(
  cards: readonly number[],
  lookup: CardSetcodesLookup,
  setnames: ReadonlyMap<number, string>,
): DeckArchetype | undefined {
  const archetypesOf = new Map<number, Set<number>>();
  const counts = new Map<number, number>();
  for (const passcode of cards) {
    let archetypes = archetypesOf.get(passcode);
    if (!archetypes) {
      archetypes = new Set();
      const card = lookup(passcode);
      const own = card?.setcodes ?? [];
      // An alternate art with no setcodes of its own counts as its original.
      const setcodes = own.length === 0 && card?.alias ? (lookup(card.alias)?.setcodes ?? []) : own;
      for (const code of setcodes) if (isSetcode(code)) namedArchetypes(code, setnames, archetypes);
      archetypesOf.set(passcode, archetypes);
    }
    // A set, so a card with two setcodes of one archetype counts once.
    for (const q of archetypes) counts.set(q, (counts.get(q) ?? 0) + 1);
  }
  let best = 0;
  for (const n of counts.values()) best = Math.max(best, n);
  if (best < MIN_ARCHETYPE_COPIES || best < MIN_ARCHETYPE_SHARE * cards.length) return undefined;
  const tied = [...counts].filter(([, n]) => n === best).map(([q]) => q);
  // A parent tied with its sub-archetype: every copy is of the sub-archetype, so its name is the more precise one.
  const leaves = tied.filter((q) => !tied.some((r) => r !== q && isInArchetype(r, q)));
  // Two unrelated archetypes with the same count: neither dominates.
  if (leaves.length !== 1) return undefined;
  const code = leaves[0]!;
  return { name: setnames.get(code)!, code, copies: best, source: 'setcode' };
}

/** Main+Extra copies of the signature's cards when the deck holds enough different ones, else 0. */
function signatureCopies(cards: readonly number[], lookup: CardSetcodesLookup, signature: DeckSignature): number {
  const marks = new Set(signature.cards);
  const required = Math.max(1, signature.min ?? marks.size);
  const present = new Set<number>();
  let copies = 0;
  for (const passcode of cards) {
    const mark = marks.has(passcode) ? passcode : lookup(passcode)?.alias;
    if (mark === undefined || !marks.has(mark)) continue;
    present.add(mark);
    copies++;
  }
  return present.size >= required ? copies : 0;
}
