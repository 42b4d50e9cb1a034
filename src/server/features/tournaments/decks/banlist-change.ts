// The event's banlist changed in its settings (issue 30 §8, decision 030): which list a date names,
// whether the event holds it already, and the decks checked again against the new one.
import { serializeLflist } from '../../../../domain/banlists/lflist.ts';
import { banlistRejection } from '../../../../domain/tournaments/banlist-change.ts';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import * as BanlistsRepository from '../../banlists/banlists-repository.ts';
import type { CardIndex } from '../../cards/card-index.ts';
import { checkStoredDeck } from './deck-checks.ts';
import * as Decks from './decks-repository.ts';
import type * as Events from '../events-repository.ts';

/** A list as an event holds it: the .lflist.conf text and the name decks are checked by. */
export interface HeldList {
  banlist: string | null;
  banlistName: string | null;
}

/** What settingValues says an event holds when its list is not one of the site's (no date equals it). */
export const OWN_LIST = 'its own list';

/**
 * The site's list of that date as hosting copies it (`banlistDate` of POST .../host): the exported
 * text, which keeps the list's EDOPro hash (decision 027), and the list's name. null: no list.
 */
export async function siteList(tx: Tx, date: string | null): Promise<HeldList> {
  if (date === null) return { banlist: null, banlistName: null };
  const key = await BanlistsRepository.findListKey(tx, date);
  const list = key && (await BanlistsRepository.listForExport(tx, key.id));
  if (!key || !list) throw notFound(`banlistDate: there is no banlist dated ${date}`);
  return { banlist: serializeLflist(list), banlistName: key.name };
}

/** Whether the event already holds this list (sending it again is no change). */
export const holds = (t: HeldList, list: HeldList) =>
  list.banlist === null ? t.banlist === null : t.banlist === list.banlist && t.banlistName === list.banlistName;

/**
 * Every deck not already rejected, checked with the validator a submission uses against the event
 * as it is now (its new list): a deck the list refuses is rejected, reviewed by whoever changed the
 * list, with a reason naming the list and the cards. Answers the rejected decks.
 */
export async function recheckDecks(tx: Tx, t: Events.TournamentRow, cards: CardIndex, reviewerDiscordId: string) {
  const rows = await Decks.listDecks(tx, t.uid);
  const rejected: { deckId: number; label: string; wasApproved: boolean }[] = [];
  for (const d of rows) {
    if (!d.approved && d.reviewerDiscordId) continue; // rejected already: its player resubmits anyway
    const checked = await checkStoredDeck({ main: d.mainDeck, extra: d.extraDeck, side: d.sideDeck }, t, cards);
    const reason = banlistRejection(t.banlistName, checked.problems);
    if (!reason) continue;
    await Decks.reviewDeck(tx, d.id, { approved: false, reviewerDiscordId, rejectionReason: reason });
    rejected.push({ deckId: d.id, label: d.label, wasApproved: d.approved });
  }
  return rejected;
}
