// A card search (issue 32 §1) over the in-memory index: the filters, the order and the page. Pure; the
// route resolves the archetype words, the chosen list and the meta's shares before it calls this.
import { normalizeCardName, searchRank } from '../banlist/card-search.ts';
import type { CardStatus } from '../banlist/statuses.ts';
import { inArchetype } from './archetypes.ts';
import type { CardIndex, IndexedCard } from './card-index.ts';
import {
  ATTRIBUTES, KIND_BIT, RACES, STATUS_OF_FILTER, TYPE, matchesSubtype,
  type AttributeSlug, type CardKind, type CardSort, type RaceSlug, type StatusFilter, type Subtype,
} from './card-vocabulary.ts';

export interface CardQuery {
  /** name: exact, prefix, word prefix or substring (as GET /api/cards/search) */
  q?: string;
  /** card text: every word of it, anywhere in the text */
  text?: string;
  kind?: CardKind;
  /** every one of them */
  subtypes?: readonly Subtype[];
  attribute?: AttributeSlug;
  race?: RaceSlug;
  /** level, rank or link rating */
  level?: number;
  atkMin?: number;
  atkMax?: number;
  defMin?: number;
  defMax?: number;
  /** archetype codes (any of them: one name may have several) */
  archetype?: readonly number[];
  /** on the list statusOf reads */
  status?: StatusFilter;
  /** absent: best name match first when q is given, else name */
  sort?: CardSort;
  /** from 1 */
  page: number;
  limit: number;
}

export interface QueryContext {
  /** the status on the chosen list; without it a status filter matches nothing */
  statusOf?: (card: IndexedCard) => CardStatus;
  /** the meta's share of decks playing each card (sort=meta); cards absent from it are not played */
  play?: ReadonlyMap<number, number>;
}

export interface CardPage {
  total: number;
  cards: IndexedCard[];
}

type Test = (c: IndexedCard) => boolean;

/** One test per filter given; a stat range leaves out cards without that stat and "?" ones. */
function tests(query: CardQuery, ctx: QueryContext): Test[] {
  const out: Test[] = [];
  const { kind, subtypes, attribute, race, level, atkMin, atkMax, defMin, defMax, archetype, status } = query;
  if (kind) {
    const bit = KIND_BIT[kind];
    out.push((c) => (c.type & bit) !== 0);
  }
  for (const s of subtypes ?? []) out.push((c) => matchesSubtype(c.type, s));
  if (attribute) {
    const bit = ATTRIBUTES[attribute].bit;
    out.push((c) => c.monster && ((c.attribute ?? 0) & bit) !== 0);
  }
  if (race) {
    const bit = RACES[race].bit;
    out.push(bit < 32 ? (c) => c.monster && ((c.raceLow >>> bit) & 1) === 1 : (c) => c.monster && ((c.raceHigh >>> (bit - 32)) & 1) === 1);
  }
  if (level !== undefined) out.push((c) => c.monster && c.level === level);
  if (atkMin !== undefined || atkMax !== undefined) {
    const [lo, hi] = [atkMin ?? 0, atkMax ?? Infinity];
    out.push((c) => c.monster && c.atk !== null && c.atk >= 0 && c.atk >= lo && c.atk <= hi);
  }
  if (defMin !== undefined || defMax !== undefined) {
    const [lo, hi] = [defMin ?? 0, defMax ?? Infinity];
    out.push((c) => c.monster && (c.type & TYPE.LINK) === 0 && c.def !== null && c.def >= 0 && c.def >= lo && c.def <= hi);
  }
  if (archetype) out.push((c) => archetype.some((code) => inArchetype(c.setcodes!, code)));
  if (status) {
    const wanted = STATUS_OF_FILTER[status];
    const statusOf = ctx.statusOf;
    out.push(statusOf ? (c) => statusOf(c) === wanted : () => false);
  }
  if (query.text) {
    // each word on its own: "banish graveyard" finds texts with both, wherever they are
    const words = normalizeCardName(query.text).split(' ').filter(Boolean);
    if (words.length) out.push((c) => words.every((w) => c.searchText.includes(w)));
  }
  return out;
}

/** The cards a query finds, in its order, and the asked page of them. */
export function queryCards(index: CardIndex, query: CardQuery, ctx: QueryContext = {}): CardPage {
  const checks = tests(query, ctx);
  const q = query.q ? normalizeCardName(query.q) : '';
  const matches = (c: IndexedCard) => (q === '' || c.searchName.includes(q)) && checks.every((t) => t(c));
  const start = (query.page - 1) * query.limit;
  const { cards } = index;

  const sort = query.sort ?? (q ? undefined : 'name');
  if (sort === 'name' || sort === 'level' || sort === 'atk' || sort === 'def') {
    // walk a ready-made order: count every match, keep only the page's
    const order = sort === 'level' ? index.byLevel : sort === 'atk' ? index.byAtk : sort === 'def' ? index.byDef : undefined;
    const page: IndexedCard[] = [];
    let total = 0;
    for (let i = 0; i < cards.length; i++) {
      const c = cards[order ? order[i]! : i]!;
      if (!matches(c)) continue;
      if (total >= start && page.length < query.limit) page.push(c);
      total++;
    }
    return { total, cards: page };
  }

  const found = cards.filter(matches);
  if (sort === 'meta') {
    const play = ctx.play ?? new Map<number, number>();
    const share = (c: IndexedCard) => play.get(c.id) ?? 0;
    found.sort((a, b) => share(b) - share(a) || a.nameOrder - b.nameOrder);
  } else {
    // best name match: exact, prefix, word prefix, substring, then shorter names (as the name search)
    const rank = new Map(found.map((c) => [c, searchRank(c.searchName, q)!]));
    found.sort((a, b) => rank.get(a)! - rank.get(b)! || a.name.length - b.name.length || a.nameOrder - b.nameOrder);
  }
  return { total: found.length, cards: found.slice(start, start + query.limit) };
}

/**
 * A card's status on a list, as EDOPro looks it up: its own entry; else its alias's (on a whitelist only an
 * alternate artwork's); else an alternate artwork's entry (as the meta reads it); else unlimited, or
 * 'NONE' (not playable) on a whitelist.
 */
export function listStatusOf(list: { whitelist: boolean; statuses: ReadonlyMap<number, CardStatus>; artworkStatuses: ReadonlyMap<number, CardStatus> }) {
  return (c: { id: number; alias: number }): CardStatus => {
    const own = list.statuses.get(c.id);
    if (own) return own;
    if (c.alias !== 0 && (!list.whitelist || Math.abs(c.id - c.alias) < 10)) {
      const viaAlias = list.statuses.get(c.alias);
      if (viaAlias) return viaAlias;
    }
    return list.artworkStatuses.get(c.id) ?? (list.whitelist ? 'NONE' : 'UNLIMITED');
  };
}
