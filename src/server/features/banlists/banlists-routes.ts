import type { FastifyInstance } from 'fastify';
import { banlistDateSchema } from '../../../domain/api/banlists.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFoundIfMissing } from '../../errors.ts';
import * as BanlistsRepository from './banlists-repository.ts';

export function parseDate(value: unknown): string {
  const r = banlistDateSchema.safeParse(value);
  if (!r.success) throw badRequest(`date: ${r.error.issues[0]?.message}`);
  return r.data;
}

export function registerBanlistsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/banlists/dates', async () => BanlistsRepository.listDates(db));

  app.get<{ Params: { date: string } }>('/api/banlists/:date', async (req) => {
    const date = parseDate(req.params.date);
    return notFoundIfMissing(await BanlistsRepository.findEntries(db, date), 'Banlist not found');
  });
}
