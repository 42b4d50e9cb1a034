// GET /api/banlists/compare?from=&to= (issue 32 §3): every change between two format lists, each
// card with both effective statuses. Kept per pair of list revisions (a re-import or a reason edit
// moves a revision), so a repeated comparison is a buffer send.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareQuerySchema, listComparisonSchema, type ListComparison } from '../../../domain/api/card-pages.ts';
import { CHANGE_GROUPS, compareLists, type ComparedList } from '../../../domain/banlists/compare.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { errors } from '../../http/route-schemas.ts';
import * as CardsRepository from '../cards/cards-repository.ts';
import * as BanlistsRepository from './banlists-repository.ts';
import { sendCached } from '../../http/http-cache.ts';

export const noListMessage = (date: string) => `There is no format banlist of ${date}.`;

/** The comparison of two lists by their keys; undefined when one was deleted meanwhile. */
export async function compareByKeys(db: Db, from: BanlistsRepository.ListKey, to: BanlistsRepository.ListKey): Promise<ListComparison | undefined> {
  const [a, b] = [await BanlistsRepository.listForExport(db, from.id), await BanlistsRepository.listForExport(db, to.id)];
  if (!a || !b) return undefined;
  const names = new Map<number, string>();
  const compared = (l: BanlistsRepository.ListForExport): ComparedList => {
    for (const e of l.entries) if (e.name) names.set(e.code, e.name);
    return { whitelist: l.whitelist, genesys: l.genesys, counts: new Map(l.entries.map((e) => [e.code, e.count])) };
  };
  const listed = compareLists(compared(a), compared(b));
  // an alternate passcode is named by its card, and said to be one: a list may give it and its card different statuses
  const others = await CardsRepository.otherPasscodesOf(db, listed.map((c) => c.passcode));
  const changes = listed.map((c) => ({
    passcode: c.passcode, name: names.get(c.passcode) ?? `Card ${c.passcode}`, alternateOf: others.get(c.passcode) ?? null, group: c.group,
    fromStatus: c.from.status, toStatus: c.to.status, fromPoints: c.from.points, toPoints: c.to.points,
  }));
  // within a group by name: what a reader scans for
  changes.sort((x, y) => CHANGE_GROUPS.indexOf(x.group) - CHANGE_GROUPS.indexOf(y.group) || x.name.localeCompare(y.name));
  const side = (k: BanlistsRepository.ListKey) => ({ date: k.date, name: k.name, whitelist: k.whitelist, points: k.genesys });
  return { from: side(from), to: side(to), changes };
}

export function registerBanlistCompareRoute(server: FastifyInstance, { db }: { db: Db }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache(64);
  app.get('/api/banlists/compare', {
    config: CACHED_READ,
    schema: {
      tags: ['banlists'],
      summary: 'Every change between two format lists, grouped: newly Forbidden to Unlimited, off the whitelist, on it (ETag)',
      querystring: compareQuerySchema,
      response: { 200: listComparisonSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const { from, to } = req.query;
    const [a, b] = [await BanlistsRepository.findListKey(db, from), await BanlistsRepository.findListKey(db, to)];
    if (!a) throw notFound(noListMessage(from));
    if (!b) throw notFound(noListMessage(to));
    const body = await cache.json('compare', `${a.id}.${a.revision}|${b.id}.${b.revision}`, () => compareByKeys(db, a, b));
    if (!body) throw notFound(noListMessage(from));
    return sendCached(req, reply, body);
  });
}
