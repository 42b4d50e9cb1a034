import { z } from 'zod';

import { TOURNAMENT_FORMATS } from '../tournament/formats.ts';

export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS);

/** One row of GET /api/tournaments (the fields the home page and the list use). */
export const tournamentSummarySchema = z.object({
  uid: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  iteration: z.number().int().nullable(),
  imageUri: z.string().nullable(),
  seriesUid: z.string().nullable(),
  hostDiscordId: z.string(),
  format: tournamentFormatSchema,
  bestOf: z.number().int(),
  inProgress: z.boolean(),
  completed: z.boolean(),
  currentRound: z.number().int(),
  roundCount: z.number().int(),
  teamCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;
