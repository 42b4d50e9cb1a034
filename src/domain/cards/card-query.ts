// A card search (issue 32 §1) over the in-memory index: the filters, the order and the page. Pure; the
// route resolves the archetype words, the chosen list and the meta's shares before it calls this.
// A match test reads the index's typed arrays by position; only the page's cards become objects.
import { normalizeCardName, searchRank } from '../banlists/card-search.ts';
import type { CardStatus } from '../banlists/statuses.ts';
import { SETCODES, containing, type CardIndex, type IndexedCard } from './card-index.ts';
import {
  ATTRIBUTES, KIND_BIT, RACES, STATUS_OF_FILTER, matchesSubtype,
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
  /** each card's status on the chosen list, by position in the index (statusesOn); without it a status filter matches nothing */
  statuses?: readonly CardStatus[];
  /** the meta's share of decks playing each card (sort=meta); cards absent from it are not played */
  play?: ReadonlyMap<number, number>;
}

export interface CardPage {
  total: number;
  cards: IndexedCard[];
}

/** A test of the card at a position of the index. */
type Test = (i: number) => boolean;

/** One test per filter given; a stat range leaves out cards without that stat and "?" ones. */
function tests(index: CardIndex, query: CardQuery, ctx: QueryContext): Test[] {
  // the narrow tests first (a word of text rules out most cards at once), then the cheap ones, then lookups
  const first: Test[] = [];
  const out: Test[] = [];
  const last: Test[] = [];
  const { type, atk, def, level, attribute, raceLow, raceHigh, setcodes } = index;
  const { kind, subtypes, race, archetype, status } = query;
  if (kind) {
    const bit = KIND_BIT[kind];
    out.push((i) => (type[i]! & bit) !== 0);
  }
  for (const s of subtypes ?? []) out.push((i) => matchesSubtype(type[i]!, s));
  if (query.attribute) {
    const bit = ATTRIBUTES[query.attribute].bit;
    out.push((i) => (attribute[i]! & bit) !== 0);
  }
  if (race) {
    const { bit } = RACES[race];
    out.push(bit < 32 ? (i) => ((raceLow[i]! >>> bit) & 1) === 1 : (i) => ((raceHigh[i]! >>> (bit - 32)) & 1) === 1);
  }
  if (query.level !== undefined) {
    const wanted = query.level;
    out.push((i) => level[i] === wanted);
  }
  for (const [stat, min, max] of [[atk, query.atkMin, query.atkMax], [def, query.defMin, query.defMax]] as const) {
    if (min === undefined && max === undefined) continue;
    const [lo, hi] = [Math.max(min ?? 0, 0), max ?? Infinity];
    out.push((i) => stat[i]! >= lo && stat[i]! <= hi);
  }
  if (archetype) {
    out.push((i) => {
      for (let k = i * SETCODES; k < (i + 1) * SETCODES; k++) {
        const c = setcodes[k]!;
        if (c === 0) return false;
        for (const code of archetype) if ((c & 0xfff) === (code & 0xfff) && (c & code) === code) return true;
      }
      return false;
    });
  }
  if (status) {
    const wanted = STATUS_OF_FILTER[status];
    const statuses = ctx.statuses;
    out.push(statuses ? (i) => statuses[i] === wanted : () => false);
  }
  if (query.text) {
    // each word on its own: "banish graveyard" finds texts with both, wherever they are. The longest (likely
    // the rarest) is looked for in every text at once; the others only in the texts that hold it, last.
    const words = [...new Set(normalizeCardName(query.text).split(' ').filter(Boolean))].sort((a, b) => b.length - a.length);
    const { searchText } = index;
    for (const word of words.slice(1)) last.push((i) => searchText[i]!.includes(word));
    if (words[0]) {
      const marks = containing(index.texts, words[0]);
      first.push((i) => marks[i] === 1);
    }
  }
  return [...first, ...out, ...last];
}

/** The cards a query finds, in its order, and the asked page of them. */
export function queryCards(index: CardIndex, query: CardQuery, ctx: QueryContext = {}): CardPage {
  const checks = tests(index, query, ctx);
  const q = query.q ? normalizeCardName(query.q) : '';
  const named = q === '' ? undefined : containing(index.names, q);
  const { cards, searchName } = index;
  const matches = (i: number) => {
    if (named && named[i] !== 1) return false;
    for (const test of checks) if (!test(i)) return false;
    return true;
  };
  const start = (query.page - 1) * query.limit;
  const pageOf = (found: readonly number[]): CardPage => ({ total: found.length, cards: found.slice(start, start + query.limit).map((i) => cards[i]!) });

  const sort = query.sort ?? (q ? undefined : 'name');
  if (sort === 'name' || sort === 'level' || sort === 'atk' || sort === 'def') {
    // walk a ready-made order: count every match, keep only the page's
    const order = sort === 'level' ? index.byLevel : sort === 'atk' ? index.byAtk : sort === 'def' ? index.byDef : undefined;
    const page: IndexedCard[] = [];
    let total = 0;
    for (let k = 0; k < cards.length; k++) {
      const i = order ? order[k]! : k;
      if (!matches(i)) continue;
      if (total >= start && page.length < query.limit) page.push(cards[i]!);
      total++;
    }
    return { total, cards: page };
  }

  if (sort === 'meta') {
    const play = ctx.play ?? new Map<number, number>();
    const played: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < cards.length; i++) if (matches(i)) (play.has(cards[i]!.id) ? played : rest).push(i);
    played.sort((a, b) => play.get(cards[b]!.id)! - play.get(cards[a]!.id)! || a - b);
    return pageOf([...played, ...rest]);
  }

  // best name match: exact, prefix, word prefix, substring, each shorter names first (as the name search)
  const ranks: number[][] = [[], [], [], []];
  for (const i of index.byLength) if (matches(i)) ranks[searchRank(searchName[i]!, q)!]!.push(i);
  return pageOf(ranks.flat());
}

/** Each card's status on a list, by position in the index: made once per list and index, read by every search. */
export function statusesOn(index: CardIndex, statusOf: (card: IndexedCard) => CardStatus): CardStatus[] {
  return index.cards.map(statusOf);
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
