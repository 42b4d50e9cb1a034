// GET /api/cards (issue 32 §1): every card the filters find, from memory. The index holds every card of the
// cards table (official and unofficial); the statuses come from the banlist reads' cached entries and the
// meta's shares from the meta's cached default answer, so a search makes no query of its own but a key check.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  archetypeNamesSchema, cardSearchPageSchema, cardSearchQuerySchema, type CardSearchPage, type CardSearchQuery,
} from '../../../domain/api/card-search.ts';
import type { BanlistEntry, BanlistSummary } from '../../../domain/api/banlists.ts';
import type { MetaBody } from '../../../domain/api/records.ts';
import type { CardStatus } from '../../../domain/banlists/statuses.ts';
import { archetypeCodes } from '../../../domain/cards/archetypes.ts';
import { buildCardIndex, type CardIndex, type IndexedCard } from '../../../domain/cards/card-index.ts';
import { cardSearchItem } from '../../../domain/cards/card-item.ts';
import { listStatusOf, queryCards, statusesOn } from '../../../domain/cards/card-query.ts';
import { DEFAULT_CARD_PAGE_SIZE } from '../../../domain/cards/card-vocabulary.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { errors } from '../../http/route-schemas.ts';
import { CachedBody, sendCached } from '../../http/http-cache.ts';
import type { MetaReads } from '../meta/meta-reads.ts';
import { edoproSetnames } from './edopro-setnames.ts';
import { cardRows } from './card-rows.ts';

/** What a cached body parses to, parsed once per body (the caches hand out the same body until their data changes). */
function parsedOnce<T>(make: (body: CachedBody) => T): (body: CachedBody) => T {
  const parsed = new WeakMap<CachedBody, T>();
  return (body) => {
    let value = parsed.get(body);
    if (value === undefined) parsed.set(body, (value = make(body)));
    return value;
  };
}

const json = (body: CachedBody): unknown => JSON.parse(body.body.toString('utf8'));

const entryStatuses = parsedOnce((body) => {
  const statuses = new Map<number, CardStatus>();
  const artworkStatuses = new Map<number, CardStatus>();
  for (const e of json(body) as BanlistEntry[]) {
    statuses.set(e.cardId, e.formatStatus);
    // the original of an alternate artwork that the list names alone
    if (e.alias !== 0 && !artworkStatuses.has(e.alias)) artworkStatuses.set(e.alias, e.formatStatus);
  }
  return { statuses, artworkStatuses };
});
const summaryOf = parsedOnce((body) => json(body) as BanlistSummary);
const datesOf = parsedOnce((body) => json(body) as string[]);
const playOf = parsedOnce((body) => new Map((json(body) as MetaBody).cards.map((c) => [c.passcode, c.inclusion])));

/**
 * What the search needs of the format lists: their dates and a list's entries and summary, as the cached
 * bodies their own routes send (undefined: no such list). The banlists' reads (BanlistReads) are it; the
 * search names its needs here so that cards does not import banlists, which imports cards.
 */
export interface FormatListReads {
  dates(kind: 'format'): Promise<CachedBody>;
  entries(date: string): Promise<CachedBody | undefined>;
  summary(date: string): Promise<CachedBody | undefined>;
}

export interface CardSearchRoutesOptions {
  db: Db;
  banlistReads: FormatListReads;
  meta: MetaReads;
}

export function registerCardSearchRoutes(server: FastifyInstance, { db, banlistReads, meta }: CardSearchRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // every card, indexed once per read of the card rows (about a second for 25,000 cards, which the first search waits for)
  const searchIndex = cardRows(db).derived(buildCardIndex);

  /** Each card's status on a list by position, made once per version of the list and of the index. */
  const listStatuses = new WeakMap<CachedBody, { cards: CardIndex; statuses: CardStatus[] }>();
  const statusesOf = (entries: CachedBody, cards: CardIndex, statusOf: (c: IndexedCard) => CardStatus) => {
    let held = listStatuses.get(entries);
    if (held?.cards !== cards) listStatuses.set(entries, (held = { cards, statuses: statusesOn(cards, statusOf) }));
    return held.statuses;
  };

  /** The list asked for (else the newest format list) with each card's status on it; null when the site has none. */
  async function chosenList(date: string | undefined, cards: CardIndex) {
    const listDate = date ?? datesOf(await banlistReads.dates('format'))[0];
    if (listDate === undefined) return null;
    const [entries, summary] = await Promise.all([banlistReads.entries(listDate), banlistReads.summary(listDate)]);
    if (!entries || !summary) {
      if (date === undefined) return null; // deleted since the dates were read
      throw badRequest(`banlist: there is no format list of ${date}`);
    }
    const { whitelist, name } = summaryOf(summary);
    const statusOf = listStatusOf({ whitelist, ...entryStatuses(entries) });
    return { date: listDate, name, whitelist, statusOf, statuses: statusesOf(entries, cards, statusOf) };
  }

  app.get('/api/cards', {
    schema: {
      tags: ['cards'],
      summary: 'Every card the filters find (official and unofficial, one per name), a page of them and their count',
      description: 'Filters combine (all must hold). Each card carries its status on the list asked for (banlist, else the newest format list). Unknown filters are refused.',
      querystring: cardSearchQuerySchema,
      response: { 200: cardSearchPageSchema, ...errors(400) },
    },
  }, async (req): Promise<CardSearchPage> => {
    const q: CardSearchQuery = req.query;
    const archetype = q.archetype === undefined ? undefined : archetypeCodes(q.archetype, edoproSetnames());
    if (q.archetype !== undefined && !archetype) throw badRequest(`archetype: EDOPro knows no archetype named '${q.archetype}' (a name such as HERO, or a code such as 0x8)`);
    const cardIndex = await searchIndex();
    const [list, play] = await Promise.all([
      chosenList(q.banlist, cardIndex),
      q.sort === 'meta' ? meta.meta({}).then(playOf) : undefined,
    ]);
    const page = q.page ?? 1;
    const limit = q.limit ?? DEFAULT_CARD_PAGE_SIZE;
    const found = queryCards(cardIndex, {
      q: q.q, text: q.text, kind: q.kind, subtypes: q.subtype, attribute: q.attribute, race: q.race, level: q.level,
      atkMin: q.atkMin, atkMax: q.atkMax, defMin: q.defMin, defMax: q.defMax, archetype, status: q.status, sort: q.sort, page, limit,
    }, { statuses: list?.statuses, play });
    return {
      total: found.total,
      page,
      limit,
      banlist: list && { date: list.date, name: list.name, whitelist: list.whitelist },
      cards: found.cards.map((c) => cardSearchItem(c, list ? list.statusOf(c) : null, play ? (play.get(c.id) ?? 0) : null)),
    };
  });

  // EDOPro's names, A to Z (one per name: a name given to two codes finds both); the file changes only with a deploy
  let archetypes: CachedBody | undefined;
  app.get('/api/cards/archetypes', {
    config: CACHED_READ,
    schema: {
      tags: ['cards'],
      summary: 'EDOPro’s archetype names (its strings.conf setnames): what the archetype filter of GET /api/cards takes',
      response: { 200: archetypeNamesSchema },
    },
  }, async (req, reply) => {
    if (!archetypes) {
      const byName = new Map<string, number>();
      for (const [code, name] of edoproSetnames()) if (!byName.has(name)) byName.set(name, code);
      const names = [...byName].map(([name, code]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
      archetypes = new CachedBody(Buffer.from(JSON.stringify(names)), 'application/json; charset=utf-8');
    }
    return sendCached(req, reply, archetypes);
  });
}
