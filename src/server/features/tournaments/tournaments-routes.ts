import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import * as TournamentsRepository from './tournaments-repository.ts';

export function registerTournamentsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/tournaments', async () => TournamentsRepository.listSummaries(db));
}
