// A submitted deck against the tournament's list and settings (rules.md "Decks"), with the card
// names the pages show.
import { parseDeckText } from '../../../../domain/decks/deck-text.ts';
import type { Deck } from '../../../../domain/decks/deck.ts';
import { deckBanlistFromLflist, validateDeck, type DeckProblem } from '../../../../domain/decks/validate-deck.ts';
import { classifyDeck } from '../../../../domain/decks/classify-deck.ts';
import type { DeckCard } from '../../../../domain/api/decks.ts';
import { HttpError } from '../../../errors.ts';
import { idMappings, type CardIndex } from '../../cards/card-index.ts';
import type { TournamentRow } from '../events-repository.ts';
import { tournamentList } from '../tournament-views.ts';

export type CardName = (id: number) => string;

export interface CheckedDeck {
  deck: Deck;
  problems: DeckProblem[];
  name: CardName;
}

/** The tournament's rules as validation wants them. */
function contextOf(t: TournamentRow) {
  const list = tournamentList(t);
  return {
    banlist: list ? deckBanlistFromLflist(list) : null,
    settings: {
      minMainDeckSize: t.minMainDeckSize, maxMainDeckSize: t.maxMainDeckSize, minExtraDeckSize: t.minExtraDeckSize,
      maxExtraDeckSize: t.maxExtraDeckSize, minSideDeckSize: t.minSideDeckSize, maxSideDeckSize: t.maxSideDeckSize,
      cardTypeFilters: t.cardTypeFilters, ruleOptions: t.ruleOptions,
      dontCheckDeckContents: t.dontCheckDeckContents, dontCheckDeckSize: t.dontCheckDeckSize,
    },
  };
}

/** Names by passcode ('Card {id}' for an unknown one, spec 2 §2). */
export async function cardNames(cards: CardIndex): Promise<CardName> {
  const card = await cards.lookup();
  return (id) => card(id)?.name ?? `Card ${id}`;
}

/** Problems of a stored deck under the tournament's rules as they are now. */
export async function checkStoredDeck(deck: Deck, t: TournamentRow, cards: CardIndex): Promise<CheckedDeck> {
  const card = await cards.lookup();
  const problems = validateDeck(deck, { card, idMappings: idMappings(), ...contextOf(t) });
  return { deck, problems, name: (id) => card(id)?.name ?? `Card ${id}` };
}

/**
 * Reads .ydk or ydke:// text; Extra Deck monsters found in the Main Deck move to the Extra Deck as
 * EDOPro does when it loads a deck for a duel. 400 for text that is no deck.
 */
export async function readDeck(text: string, t: TournamentRow, cards: CardIndex): Promise<CheckedDeck> {
  const parsed = parseDeckText(text);
  if (!parsed.ok) throw new HttpError(400, `deck: ${parsed.error}`);
  const card = await cards.lookup();
  const deck = classifyDeck(parsed.deck, card, { ritualsInExtraDeck: t.ruleOptions.includes('RITUALS_IN_EXTRA_DECK'), idMappings: idMappings() });
  return checkStoredDeck(deck, t, cards);
}

/** A deck upload refused for its problems: the sentence, every problem, and the cards to show them beside. */
export class DeckRefusedError extends HttpError {
  constructor(checked: CheckedDeck) {
    const n = checked.problems.length;
    const cards = (ids: number[]): DeckCard[] => ids.map((cardId) => ({ cardId, cardName: checked.name(cardId) }));
    super(400, `deck: ${n === 1 ? 'the deck has a problem' : `the deck has ${n} problems`}: ${checked.problems[0]!.message}${n > 1 ? ' …' : ''}`, {
      problems: checked.problems,
      deck: { mainDeck: cards(checked.deck.main), extraDeck: cards(checked.deck.extra), sideDeck: cards(checked.deck.side) },
    });
  }
}
