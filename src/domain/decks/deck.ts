/** A deck as EDOPro stores it: passcodes (uint32) per section, one entry per copy, in file order. */
export interface Deck {
  main: number[];
  extra: number[];
  side: number[];
}

export const DECK_SECTIONS = ['main', 'extra', 'side'] as const;
export type DeckSection = (typeof DECK_SECTIONS)[number];

export const SECTION_LABEL: Record<DeckSection, string> = {
  main: 'Main Deck',
  extra: 'Extra Deck',
  side: 'Side Deck',
};

/** Result of reading deck text: the deck, or a sentence for the person who sent it. */
export type DeckParseResult = { ok: true; deck: Deck } | { ok: false; error: string };

export const UINT32_MAX = 0xffffffff;

/** Whether a number is a passcode EDOPro can store: an integer from 0 to 2^32 - 1. */
export const isPasscode = (id: number): boolean => Number.isInteger(id) && id >= 0 && id <= UINT32_MAX;

/** Throws RangeError unless every id is a uint32, so writers never emit a deck EDOPro would read differently. */
export function assertPasscodes(deck: Deck): void {
  for (const section of DECK_SECTIONS) {
    for (const id of deck[section]) {
      if (!isPasscode(id)) throw new RangeError(`Invalid card passcode in ${SECTION_LABEL[section]}: ${id}`);
    }
  }
}

/** Number of cards in all three sections. */
export const deckCardCount = (deck: Deck): number => deck.main.length + deck.extra.length + deck.side.length;
