import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import * as SeriesRepository from './series-repository.ts';

export function registerSeriesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/series/summaries', async () => SeriesRepository.listSummaries(db));
}
