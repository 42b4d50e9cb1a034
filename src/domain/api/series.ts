import { z } from 'zod';

/** One row of GET /api/series/summaries. */
export const seriesSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  picture: z.string().nullable(),
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;
