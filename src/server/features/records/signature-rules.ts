// Pure checks of the signatures' routes: an order of the table, and the deck a preview names.
import type { ArchetypePreviewBody } from '../../../domain/api/records.ts';
import { parseDeckText } from '../../../domain/decks/deck-text.ts';
import { badRequest, conflict } from '../../errors.ts';

/** An order must name every signature once (a stale page would otherwise drop or duplicate one). */
export function checkOrder(ids: readonly number[], existing: readonly number[]): void {
  const wanted = new Set(existing);
  const seen = new Set<number>();
  for (const id of ids) {
    if (!wanted.has(id)) throw conflict(`ids: no signature has the id ${id}; reload the list and try again`);
    if (seen.has(id)) throw badRequest(`ids: ${id} is listed twice`);
    seen.add(id);
  }
  if (seen.size !== wanted.size) throw conflict(`ids: name every signature once (there are ${wanted.size}); reload the list and try again`);
}

/** The Main+Extra Deck of a preview body: passcodes, or the text of a .ydk / ydke:// link. */
export function previewDeck(body: ArchetypePreviewBody): { main: number[]; extra: number[] } {
  const cards = body.main !== undefined || body.extra !== undefined;
  if (body.deck !== undefined && cards) throw badRequest('Send either main and extra, or deck: not both');
  if (body.deck !== undefined) {
    const parsed = parseDeckText(body.deck);
    if (!parsed.ok) throw badRequest(`deck: ${parsed.error}`);
    return { main: parsed.deck.main, extra: parsed.deck.extra };
  }
  if (!cards) throw badRequest('Send the deck: main and extra passcodes, or deck (a .ydk file’s text or a ydke:// link)');
  const main = body.main ?? [];
  const extra = body.extra ?? [];
  if (main.length + extra.length === 0) throw badRequest('main: the deck has no cards');
  return { main, extra };
}
