// /card name: a card's status on the current format list, its picture and its page, from the site's
// card search (GET /api/cards, the newest list's statuses); its autocomplete offers card names.
import type { APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import type { CardSearchItem, CardSearchPage } from '../../../../domain/api/card-search.ts';
import { cardImageUrl } from '../../../../domain/api/cards.ts';
import { cardAnswer, noCardCalled, PICK_A_CARD } from '../../../../domain/discord/play-answers.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';

const CHOICES = 25;

const search = (api: BotApi, q: string, limit: number) =>
  api.get<CardSearchPage>(`/api/cards?q=${encodeURIComponent(q.slice(0, 100))}&limit=${limit}`);

/** Autocomplete of `name`: the cards whose name matches, best first; the value is the passcode. */
export async function cardChoices(api: BotApi, typed: string): Promise<APIApplicationCommandOptionChoice<string>[]> {
  if (!typed.trim()) return [];
  const page = await search(api, typed.trim(), CHOICES);
  return page.cards.map((c) => ({ name: c.name.slice(0, 100), value: String(c.passcode) }));
}

export async function cardCommand(api: BotApi, value: string | undefined, origin: string) {
  const typed = value?.trim() ?? '';
  if (!typed) throw new ApiRefusal(400, PICK_A_CARD);
  let page: CardSearchPage;
  let card: CardSearchItem | undefined;
  if (/^\d{1,10}$/.test(typed)) {
    // a choice of the autocomplete: the passcode; its name finds it on the list's search
    const { name } = await api.get<{ name: string }>(`/api/cards/${typed}`);
    page = await search(api, name, 10);
    card = page.cards.find((c) => String(c.passcode) === typed) ?? page.cards[0];
  } else {
    page = await search(api, typed, 1);
    card = page.cards[0];
  }
  if (!card) throw new ApiRefusal(404, noCardCalled(typed));
  // the full picture (the search answers with thumbnails); the route redirects to the image base when there is one
  return cardAnswer(card, page.banlist, { page: `${origin}/cards/${card.passcode}`, image: `${origin}${cardImageUrl(card.passcode)}` });
}
