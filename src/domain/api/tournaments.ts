import { z } from 'zod';

export const TOURNAMENT_FORMATS = ['DEFAULT', 'ROUND_ROBIN', 'DOUBLE_ELIM'] as const;
export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS);
export type TournamentFormat = z.infer<typeof tournamentFormatSchema>;

export const FORMAT_LABEL: Record<TournamentFormat, string> = {
  DEFAULT: 'Swiss → Top Cut',
  ROUND_ROBIN: 'Round Robin',
  DOUBLE_ELIM: 'Double Elimination',
};

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
