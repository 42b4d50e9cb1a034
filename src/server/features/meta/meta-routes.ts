// Issue 20: the format's meta (GET /api/meta) and a card's footprint on the current list's events
// (GET /api/meta/cards/{passcode}), public reads answered from memory until a record changes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardIdSchema } from '../../../domain/api/cards.ts';
import { cardFootprintSchema, footprintQuerySchema, metaQuerySchema, metaSchema } from '../../../domain/api/records.ts';
import type { Db } from '../../db/client.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { errors } from '../../http/route-schemas.ts';
import { sendCached } from '../../http/http-cache.ts';
import { MetaReads } from './meta-reads.ts';

const tags = ['event records'];

/** Registers the routes; returns the reads (a reclassification refreshes them). */
export function registerMetaRoutes(server: FastifyInstance, { db }: { db: Db }): MetaReads {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const reads = new MetaReads(db);
  // not awaited: the server answers at once, the meta's first answer waits for the reading
  server.addHook('onReady', async () => reads.warm());

  app.get('/api/meta', {
    config: CACHED_READ,
    schema: {
      tags, summary: 'The format’s meta: archetypes’ shares of decks and top cuts, and the cards by inclusion in the published decks',
      description: 'Events filtered by banlist name (absent: the current list’s events; banlist=all: every event), series and completion date (whole UTC days, from and to included). Archetypes count every approved deck; cards only the published ones, each with its status on the events’ list (on the current list for every event). A final league counts as an event does, each of its runs with a result one deck (kind=events or kind=leagues takes one of the two).',
      querystring: metaQuerySchema, response: { 200: metaSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => sendCached(req, reply, await reads.meta(req.query)));

  app.get('/api/meta/cards/:passcode', {
    config: CACHED_READ,
    schema: {
      tags, summary: 'A card’s footprint over the last days of events on the current list: the published decks that play it, its top-cut share and the archetypes a ban would hit',
      description: 'The current list’s events by default; banlist=all counts every event of the window. The published runs of the leagues final in the window count beside the events’ decks.',
      params: z.object({ passcode: cardIdSchema }), querystring: footprintQuerySchema,
      response: { 200: cardFootprintSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => sendCached(req, reply, await reads.footprint(req.params.passcode, req.query)));
  return reads;
}
