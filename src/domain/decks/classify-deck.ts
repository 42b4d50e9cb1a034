// Where EDOPro puts a card, as its LoadDeck does on every load: the Extra Deck types, and Extra
// Deck cards found in the Main Deck moved out of it (validate-deck.ts then checks the deck).
import type { Deck } from './deck.ts';

/** What validation needs of a card: EDOPro's `datas.id`, `alias`, `type` (a uint32, may exceed 2^31) and name. */
export interface DeckCard {
  id: number;
  alias: number;
  type: number;
  name: string;
}

export type CardLookup = (id: number) => DeckCard | undefined;

export const TYPE = {
  MONSTER: 0x1,
  FUSION: 0x40,
  RITUAL: 0x80,
  SYNCHRO: 0x2000,
  TOKEN: 0x4000,
  XYZ: 0x800000,
  PENDULUM: 0x1000000,
  LINK: 0x4000000,
  SKILL: 0x8000000,
} as const;
// `&` works on the low 32 bits, so any type below 2^32 tests right against these (all below 2^31) bits.
export const has = (type: number, bits: number): boolean => (type & bits) !== 0;

/** Whether EDOPro puts a card of this type in the Extra Deck (Ritual Monsters only under RITUALS_IN_EXTRA_DECK). */
export function isExtraDeckType(type: number, ritualsInExtraDeck: boolean): boolean {
  if (has(type, TYPE.FUSION | TYPE.SYNCHRO | TYPE.XYZ)) return true;
  if (!has(type, TYPE.MONSTER)) return false;
  return has(type, TYPE.LINK) || (ritualsInExtraDeck && has(type, TYPE.RITUAL));
}

export type Resolve = (id: number) => DeckCard | undefined;

// EDOPro's LoadDeck: the database first, the mappings only for an id it does not know (GetMappedCardData).
export function makeResolve(card: CardLookup, idMappings: ReadonlyMap<number, number> | undefined): Resolve {
  return (id) => {
    const found = card(id);
    if (found || !idMappings) return found;
    const mapped = idMappings.get(id);
    return mapped === undefined ? undefined : card(mapped);
  };
}

/**
 * Moves Extra Deck cards found in the Main Deck to the Extra Deck, as EDOPro's LoadDeck does on every load
 * (moved cards go first, like there). Unknown ids stay where they are.
 */
export function classifyDeck(
  deck: Deck,
  card: CardLookup,
  options: { ritualsInExtraDeck?: boolean; idMappings?: ReadonlyMap<number, number> } = {},
): Deck {
  const resolve = makeResolve(card, options.idMappings);
  const main: number[] = [];
  const moved: number[] = [];
  for (const id of deck.main) {
    const c = resolve(id);
    (c && isExtraDeckType(c.type, options.ritualsInExtraDeck ?? false) ? moved : main).push(id);
  }
  return { main, extra: [...moved, ...deck.extra], side: [...deck.side] };
}
