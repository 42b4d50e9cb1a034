// A report's decklist as text (issue 30 §8): '3x Card Name' lines, Main / Extra / Side, the Main
// Deck in monsters, spells and traps, and the compact pictures in the same order.
import type { DeckCard, PublishedDeck } from '../../../domain/api/records.ts';

export type DeckPart = 'main' | 'extra' | 'side';

export const PART_TITLE: Record<DeckPart, string> = { main: 'Main Deck', extra: 'Extra Deck', side: 'Side Deck' };

type Kind = NonNullable<DeckCard['kind']> | 'other';
const KIND_ORDER: readonly Kind[] = ['monster', 'spell', 'trap', 'other'];
const KIND_TITLE: Record<Kind, string> = { monster: 'Monsters', spell: 'Spells', trap: 'Traps', other: 'Other cards' };
const kindOf = (c: DeckCard): Kind => c.kind ?? 'other';

/** A line of the list: a card's name and its copies (alternate arts of one name are one line). */
/** A line of the list; `passcode` is its first copy's (alternate arts of a name share the line). */
export interface ListLine { name: string; count: number; passcode: number }

export interface ListGroup {
  /** 'Monsters', 'Spells', 'Traps', 'Other cards'; null when the part is not split (Extra, Side, or no card types known) */
  title: string | null;
  count: number;
  lines: ListLine[];
}

export interface ListPart { part: DeckPart; title: string; count: number; groups: ListGroup[] }

const total = (cards: readonly { count: number }[]) => cards.reduce((n, c) => n + c.count, 0);

/** The part's cards, monsters before spells before traps, each kind in the deck's own order (a stable sort). */
export function byKind(cards: readonly DeckCard[]): DeckCard[] {
  return cards.map((c, i) => ({ c, i })).sort((a, b) => KIND_ORDER.indexOf(kindOf(a.c)) - KIND_ORDER.indexOf(kindOf(b.c)) || a.i - b.i).map((x) => x.c);
}

/** One line per name, at the place of its first copy. */
export function linesOf(cards: readonly DeckCard[]): ListLine[] {
  const lines = new Map<string, ListLine>();
  for (const c of cards) {
    const line = lines.get(c.name);
    if (line) line.count += c.count;
    else lines.set(c.name, { name: c.name, count: c.count, passcode: c.passcode });
  }
  return [...lines.values()];
}

function groupsOf(part: DeckPart, cards: readonly DeckCard[]): ListGroup[] {
  const sorted = byKind(cards);
  // the Main Deck under Monsters / Spells / Traps; the others (short, or all monsters) in one run
  if (part !== 'main' || cards.every((c) => c.kind === undefined)) return [{ title: null, count: total(cards), lines: linesOf(sorted) }];
  return KIND_ORDER.map((kind) => sorted.filter((c) => kindOf(c) === kind))
    .filter((run) => run.length > 0)
    .map((run) => ({ title: KIND_TITLE[kindOf(run[0]!)], count: total(run), lines: linesOf(run) }));
}

/** The deck's parts that hold cards (the Main Deck always), as the text list shows them. */
export function deckList(deck: Pick<PublishedDeck, DeckPart>): ListPart[] {
  return (['main', 'extra', 'side'] as const)
    .filter((part) => part === 'main' || deck[part].length > 0)
    .map((part) => ({ part, title: PART_TITLE[part], count: total(deck[part]), groups: groupsOf(part, deck[part]) }));
}

/** A line as decklists are written: '3x Ash Blossom & Joyous Spring'. */
export const lineText = (l: ListLine): string => `${l.count}x ${l.name}`;

