/**
 * Deck validation for tournaments (rules.md "Tournaments" > Decks), after EDOPro's CheckDeckSize and
 * CheckDeckContent (design/edopro.md §1.4, §3.2). Unlike EDOPro, which stops at the first error, every
 * problem is returned, each with a sentence for the player.
 *
 * Which check each switch turns off, as EDOPro's host options do (generic_duel.cpp PlayerReady):
 * - `dontCheckDeckSize`: the Main (Skills not counted), Extra and Side Deck size bounds. Nothing else. (EDOPro
 *   has no such switch, its room always checks sizes; this one is the site's.)
 * - `dontCheckDeckContents` ("Don't check deck", `no_check_deck_content`): everything that is not a size:
 *   unknown passcodes, Tokens, Extra Deck card types in the wrong section, card type filters, the banlist
 *   (Forbidden / Limited / Semi-Limited, whitelist membership) and the 3-copies rule.
 * The sanity limits on deck text (deck-text.ts) apply whatever the switches say. Not checked (no setting asks
 * for them): EDOPro's one-Legend / one-Skill rules and its OCG/TCG card-scope option.
 *
 * Same card, several passcodes. Copies are counted per card over Main + Extra + Side. A passcode with an
 * alias is the same card as its alias when it is an alternate artwork (|id - alias| < 10, EDOPro's
 * CARD_ARTWORK_VERSIONS_OFFSET) or another printing of it: its name is the alias's name, alone or followed by
 * a "(...)" tag. That tag catches the 191 GOAT-era versions ("Sangan (GOAT)", 5047xxxxx, cards-goat-entries
 * .json) and the "(Pre-Errata)" cards the GOAT list names (e.g. Big Shield Gardna 65240394 -> 65240384, a
 * distance of exactly 10). Cards that are only *treated as* another (A Legendary Ocean -> Umi, Harpie Lady 1
 * -> Harpie Lady) have other names and stay separate cards, as in the official rules. EDOPro counts by alias
 * whatever the distance, so 3 Umi + 1 A Legendary Ocean pass here but not in an EDOPro room: a known gap.
 *
 * Limit lookup, as EDOPro's GetLimitationIterator: the card's own passcode; then its alias (a blacklist
 * always, a whitelist only for an alternate artwork). If neither is listed, the list may still name the
 * same card under another passcode, and that entry is used rather than calling the card unlimited or
 * unknown to the list:
 * - an older passcode the id mappings renumbered to this card (old prerelease ids): the same card, accepted;
 * - another version (GOAT / Pre-Errata / modern): its limit applies, so "Witch of the Black Forest" under its
 *   modern passcode is Forbidden on 2005.4 GOAT because the list forbids "Witch of the Black Forest (GOAT)",
 *   and copies of both passcodes count together. On a whitelist the passcode itself is still refused, with
 *   the passcode to use: EDOPro's GOAT list names only the GOAT ids (all 191 goat entries are on it, none of
 *   their modern ids), EDOPro rejects the modern id (MANIFEST.json agrees), and the two texts differ (GOAT
 *   is played with pre-errata texts). Accepting it would pass decks the players' own client then refuses.
 */
import { CARD_TYPE_LABEL, cardTypeFromBits } from '../banlists/card-types.ts';
import type { Lflist } from '../banlists/lflist.ts';
import { STATUS_LABEL, statusOfCount } from '../banlists/statuses.ts';
import { FILTER_TYPES, isFilterCode } from '../series/rules.ts';
import { has, isExtraDeckType, makeResolve, TYPE, type CardLookup, type DeckCard, type Resolve } from './classify-deck.ts';
import { DECK_SECTIONS, SECTION_LABEL, type Deck, type DeckSection } from './deck.ts';

/** A banlist as a limit per passcode; `null` in the context means no list (every card unlimited). */
export interface DeckBanlist {
  name: string;
  whitelist: boolean;
  entries: ReadonlyMap<number, number>;
}

export interface DeckSettings {
  minMainDeckSize: number;
  maxMainDeckSize: number;
  minExtraDeckSize: number;
  maxExtraDeckSize: number;
  minSideDeckSize: number;
  maxSideDeckSize: number;
  /** Filter codes (NO_XYZ, ...); unknown codes are ignored. */
  cardTypeFilters: readonly string[];
  /** Rule codes; only RITUALS_IN_EXTRA_DECK matters here. */
  ruleOptions: readonly string[];
  dontCheckDeckContents: boolean;
  dontCheckDeckSize: boolean;
}

export interface DeckContext {
  card: CardLookup;
  banlist: DeckBanlist | null;
  settings: DeckSettings;
  /** Old passcode -> current passcode (data/cards/mappings-*.json), used for ids the lookup does not know. */
  idMappings?: ReadonlyMap<number, number>;
}

export type DeckProblemCode =
  | 'MAIN_DECK_SIZE'
  | 'EXTRA_DECK_SIZE'
  | 'SIDE_DECK_SIZE'
  | 'UNKNOWN_CARD'
  | 'TOKEN'
  | 'EXTRA_DECK_CARD_IN_MAIN'
  | 'NOT_EXTRA_DECK_CARD'
  | 'FORBIDDEN_TYPE'
  | 'FORBIDDEN'
  | 'NOT_ON_LIST'
  | 'LIMIT_EXCEEDED'
  | 'TOO_MANY_COPIES';

export interface DeckProblem {
  code: DeckProblemCode;
  message: string;
  /** The passcodes concerned, as written in the deck. */
  cardIds?: number[];
}

/** The problem codes that mean "not allowed by the banlist" (EDOPro's LFLIST error). */
export const BANLIST_PROBLEM_CODES: ReadonlySet<DeckProblemCode> = new Set(['FORBIDDEN', 'NOT_ON_LIST', 'LIMIT_EXCEEDED']);

const MAX_COPIES = 3;
const ARTWORK_OFFSET = 10;
const RITUALS_IN_EXTRA_DECK = 'RITUALS_IN_EXTRA_DECK';

/** A parsed `.lflist.conf` list as validation wants it. */
export function deckBanlistFromLflist(list: Lflist): DeckBanlist {
  return { name: list.name, whitelist: list.whitelist, entries: new Map(list.entries.map((e) => [e.code, e.count])) };
}

const VERSION_TAG = /^(.*) \([^()]*\)$/;

// Key shared by every passcode of one card (see the header comment).
function sameCardKey(c: DeckCard, resolve: Resolve): number {
  if (!c.alias) return c.id;
  if (Math.abs(c.id - c.alias) < ARTWORK_OFFSET) return c.alias;
  const original = resolve(c.alias);
  if (original && (c.name === original.name || VERSION_TAG.exec(c.name)?.[1] === original.name)) return c.alias;
  return c.id;
}

interface CardInfo {
  /** As written in the deck. */
  id: number;
  card: DeckCard | undefined;
  /** The passcode EDOPro checks: the mapped one when the deck's id was translated. */
  code: number;
  key: number;
  label: string;
}

interface Limit {
  count: number;
  /** Set when only another version of the card is on the list: the passcodes the list uses. */
  listedAs?: number[];
}

interface ListedCard {
  id: number;
  code: number;
  count: number;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const article = (word: string): string => (/^[AEIOUX]/.test(word) ? 'an' : 'a');

function typeLabel(type: number): string {
  const label = CARD_TYPE_LABEL[cardTypeFromBits(type)];
  return `${article(label)} ${label}`;
}

const FILTER_KIND: Record<keyof typeof FILTER_TYPES, string> = {
  NO_FUSION: 'Fusion',
  NO_SYNCHRO: 'Synchro',
  NO_XYZ: 'Xyz',
  NO_PENDULUM: 'Pendulum',
  NO_LINK: 'Link',
};

function sizeProblems(deck: Deck, settings: DeckSettings, resolve: Resolve): DeckProblem[] {
  // EDOPro's CheckDeckSize does not count Speed Duel Skill cards in the Main Deck.
  const skills = deck.main.filter((id) => has(resolve(id)?.type ?? 0, TYPE.SKILL)).length;
  const sections: [DeckSection, DeckProblemCode, number, number, number][] = [
    ['main', 'MAIN_DECK_SIZE', deck.main.length - skills, settings.minMainDeckSize, settings.maxMainDeckSize],
    ['extra', 'EXTRA_DECK_SIZE', deck.extra.length, settings.minExtraDeckSize, settings.maxExtraDeckSize],
    ['side', 'SIDE_DECK_SIZE', deck.side.length, settings.minSideDeckSize, settings.maxSideDeckSize],
  ];
  const problems: DeckProblem[] = [];
  for (const [section, code, count, min, max] of sections) {
    const head = `${SECTION_LABEL[section]} has ${plural(count, 'card')}`;
    if (count < min) problems.push({ code, message: `${head}; at least ${min} ${min === 1 ? 'is' : 'are'} required` });
    else if (count > max) problems.push({ code, message: `${head}; at most ${max} ${max === 1 ? 'is' : 'are'} allowed` });
  }
  return problems;
}

/** Every problem of the deck under the context's banlist and settings; empty when the deck is valid. */
export function validateDeck(deck: Deck, context: DeckContext): DeckProblem[] {
  const { settings, banlist } = context;
  const resolve = makeResolve(context.card, context.idMappings);
  const problems = settings.dontCheckDeckSize ? [] : sizeProblems(deck, settings, resolve);
  if (settings.dontCheckDeckContents) return problems;

  const infos = new Map<number, CardInfo>();
  const info = (id: number): CardInfo => {
    let i = infos.get(id);
    if (!i) {
      const card = resolve(id);
      i = {
        id,
        card,
        code: card?.id ?? id,
        key: card ? sameCardKey(card, resolve) : id,
        label: card ? `${card.name} (${id})` : `Card ${id}`,
      };
      infos.set(id, i);
    }
    return i;
  };

  // Distinct passcodes per section and overall, in order of first appearance; copies per same-card key.
  const seen: Record<DeckSection, Set<number>> = { main: new Set(), extra: new Set(), side: new Set() };
  const groups = new Map<number, { ids: number[]; total: number }>();
  for (const section of DECK_SECTIONS) {
    for (const id of deck[section]) {
      seen[section].add(id);
      const { key } = info(id);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { ids: [], total: 0 }));
      if (!g.ids.includes(id)) g.ids.push(id);
      g.total++;
    }
  }
  const allIds = [...new Set(DECK_SECTIONS.flatMap((s) => [...seen[s]]))];

  for (const id of allIds) {
    if (!info(id).card) problems.push({ code: 'UNKNOWN_CARD', message: `Card ${id} is not in the card database`, cardIds: [id] });
  }
  for (const id of allIds) {
    const { card, label } = info(id);
    if (card && has(card.type, TYPE.TOKEN)) {
      problems.push({ code: 'TOKEN', message: `${label} is a Token; Tokens cannot be put in a deck`, cardIds: [id] });
    }
  }

  const rituals = settings.ruleOptions.includes(RITUALS_IN_EXTRA_DECK);
  for (const id of seen.main) {
    const { card, label } = info(id);
    if (!card || has(card.type, TYPE.TOKEN) || !isExtraDeckType(card.type, rituals)) continue;
    problems.push({
      code: 'EXTRA_DECK_CARD_IN_MAIN',
      message: `${label} is ${typeLabel(card.type)} and belongs in the Extra Deck, not the Main Deck`,
      cardIds: [id],
    });
  }
  for (const id of seen.extra) {
    const { card, label } = info(id);
    if (!card || has(card.type, TYPE.TOKEN) || isExtraDeckType(card.type, rituals)) continue;
    const ritual = has(card.type, TYPE.MONSTER) && has(card.type, TYPE.RITUAL);
    problems.push({
      code: 'NOT_EXTRA_DECK_CARD',
      message: ritual
        ? `${label} is a Ritual Monster; Ritual Monsters go in the Extra Deck only under the rule "Rituals placed in the Extra Deck"`
        : `${label} is ${typeLabel(card.type)} and cannot be in the Extra Deck`,
      cardIds: [id],
    });
  }

  const filters = settings.cardTypeFilters.filter(isFilterCode);
  for (const id of allIds) {
    const { card, label } = info(id);
    if (!card) continue;
    const kinds = filters.filter((f) => has(card.type, FILTER_TYPES[f])).map((f) => FILTER_KIND[f]);
    if (kinds.length === 0) continue;
    problems.push({
      code: 'FORBIDDEN_TYPE',
      message: `${label} is not allowed: this tournament forbids ${kinds.join(' and ')} cards`,
      cardIds: [id],
    });
  }

  // Banlist entries by same-card key, built only when a card is on the list under no passcode EDOPro tries.
  let listedByKey: Map<number, ListedCard[]> | undefined;
  const listedVersions = (key: number): ListedCard[] => {
    if (!banlist) return [];
    if (!listedByKey) {
      listedByKey = new Map();
      for (const [id, count] of banlist.entries) {
        const card = resolve(id);
        const k = card ? sameCardKey(card, resolve) : id;
        let list = listedByKey.get(k);
        if (!list) listedByKey.set(k, (list = []));
        list.push({ id, code: card?.id ?? id, count });
      }
    }
    return listedByKey.get(key) ?? [];
  };
  const limitOf = (i: CardInfo): Limit | undefined => {
    if (!banlist) return undefined;
    const own = banlist.entries.get(i.code) ?? banlist.entries.get(i.id);
    if (own !== undefined) return { count: own };
    const alias = i.card?.alias;
    if (alias && (!banlist.whitelist || Math.abs(i.code - alias) < ARTWORK_OFFSET)) {
      const count = banlist.entries.get(alias);
      if (count !== undefined) return { count };
    }
    const others = listedVersions(i.key).filter((e) => e.id !== i.id && e.id !== i.code);
    if (others.length === 0) return undefined;
    const renumbered = others.filter((e) => e.code === i.code);
    if (renumbered.length > 0) return { count: Math.min(...renumbered.map((e) => e.count)) };
    return { count: Math.min(...others.map((e) => e.count)), listedAs: others.map((e) => e.id) };
  };

  const listName = banlist?.name ?? '';
  const copyProblems: DeckProblem[] = [];
  for (const { ids, total } of groups.values()) {
    let allowed = MAX_COPIES;
    let strictest: number | undefined;
    let refused = 0;
    for (const id of ids) {
      const i = info(id);
      const limit = limitOf(i);
      const listedAs = limit?.listedAs?.map((other) => info(other).label).join(' or ');
      if (!limit) {
        if (banlist?.whitelist) {
          problems.push({ code: 'NOT_ON_LIST', message: `${i.label} is not on the ${listName} list`, cardIds: [id] });
          refused++;
        }
        continue;
      }
      if (limit.count <= 0) {
        const suffix = listedAs ? ` (listed as ${listedAs})` : '';
        problems.push({ code: 'FORBIDDEN', message: `${i.label} is Forbidden on ${listName}${suffix}`, cardIds: [id] });
        refused++;
        continue;
      }
      if (listedAs && banlist?.whitelist) {
        problems.push({
          code: 'NOT_ON_LIST',
          message: `${i.label} is not on the ${listName} list, which has this card only as ${listedAs}; use that passcode`,
          cardIds: [id],
        });
      }
      if (limit.count < allowed) {
        allowed = limit.count;
        strictest = id;
      }
    }
    // A card refused outright needs no copy count on top; total >= 2 past this point, hence "copies".
    if (refused === ids.length || total <= allowed) continue;
    const together = ids.length > 1 ? ' (alternate artworks and versions counted together)' : '';
    if (strictest !== undefined) {
      const status = STATUS_LABEL[statusOfCount(allowed)];
      copyProblems.push({
        code: 'LIMIT_EXCEEDED',
        message: `${info(strictest).label} is ${status} on ${listName}: the deck has ${total} copies${together}; at most ${allowed} ${allowed === 1 ? 'is' : 'are'} allowed`,
        cardIds: ids,
      });
    } else {
      copyProblems.push({
        code: 'TOO_MANY_COPIES',
        message: `${info(ids[0]!).label}: the deck has ${total} copies${together}; at most ${MAX_COPIES} are allowed`,
        cardIds: ids,
      });
    }
  }
  return [...problems, ...copyProblems];
}
