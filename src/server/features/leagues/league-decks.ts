// A run's deck against the league's list and its series' deck checks (rules.md "Decks", as event
// decks are checked): refused with every problem, or accepted as EDOPro loads it.
import { parseDeckText } from '../../../domain/decks/deck-text.ts';
import { deckBanlistFromLflist, validateDeck, type DeckBanlist } from '../../../domain/decks/validate-deck.ts';
import { classifyDeck } from '../../../domain/decks/classify-deck.ts';
import type { LeagueDeck } from '../../../domain/api/leagues.ts';
import { badRequest } from '../../errors.ts';
import { Lru } from '../../http/http-cache.ts';
import { idMappings, type CardIndex } from '../cards/card-index.ts';
import { DeckRefusedError, type CheckedDeck } from '../tournaments/decks/deck-checks.ts';
import type { LeagueRow, RunRow } from './leagues-repository.ts';
import { leagueList } from './league-views.ts';

/** A league's list never changes: parsed once per league. */
const lists = new Lru<string, DeckBanlist | null>(100);

function banlistOf(l: LeagueRow): DeckBanlist | null {
  let list = lists.get(l.id);
  if (list === undefined) {
    const parsed = leagueList(l);
    list = parsed ? deckBanlistFromLflist(parsed) : null;
    lists.set(l.id, list);
  }
  return list;
}

/** The deck of `{ ydk }` or `{ ydke }`, checked: a 400 naming the field for text that is no deck, a DeckRefusedError for a deck the rules refuse. */
export async function checkRunDeck(body: { ydk?: string; ydke?: string }, l: LeagueRow, cards: CardIndex): Promise<CheckedDeck> {
  const field = body.ydk !== undefined ? 'ydk' : 'ydke';
  const parsed = parseDeckText(body.ydk ?? body.ydke ?? '');
  if (!parsed.ok) throw badRequest(`${field}: ${parsed.error}`);
  const card = await cards.lookup();
  const s = l.settings;
  const deck = classifyDeck(parsed.deck, card, { ritualsInExtraDeck: s.ruleOptions.includes('RITUALS_IN_EXTRA_DECK'), idMappings: idMappings() });
  const problems = validateDeck(deck, { card, idMappings: idMappings(), banlist: banlistOf(l), settings: s });
  const checked: CheckedDeck = { deck, problems, name: (id) => card(id)?.name ?? `Card ${id}` };
  if (problems.length > 0) throw new DeckRefusedError(checked);
  return checked;
}

/** A stored run's cards with their names. */
export async function deckOf(r: RunRow, cards: CardIndex): Promise<LeagueDeck> {
  const card = await cards.lookup();
  const named = (ids: number[]) => ids.map((cardId) => ({ cardId, cardName: card(cardId)?.name ?? `Card ${cardId}` }));
  return { mainDeck: named(r.mainDeck), extraDeck: named(r.extraDeck), sideDeck: named(r.sideDeck) };
}
