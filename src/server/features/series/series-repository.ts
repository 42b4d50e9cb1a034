import type { Tx } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
import type { SeriesSummary } from '../../../domain/api/series.ts';

export async function listSummaries(db: Tx): Promise<SeriesSummary[]> {
  return db
    .select({ id: series.id, name: series.name, description: series.description, picture: series.picture })
    .from(series)
    .orderBy(series.name);
}
