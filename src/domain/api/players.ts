// Player profiles and the leaderboard of the record (issue 20, decision 020; league records, issue 41):
// the schemas GET /api/players/{discordId} and the series' leaderboard answer with.
import { z } from 'zod';
import { discordIdSchema } from './users.ts';


export const playerEventSchema = z.object({
  tournamentUid: z.string(),
  name: z.string(),
  seriesUid: z.string().nullable(),
  seriesName: z.string().nullable(),
  date: z.string(),
  placement: z.string(),
  rank: z.number().int(),
  teams: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  champion: z.boolean(),
  /** the event counts toward its series' ratings */
  rated: z.boolean(),
  /** the published deck's archetype and id (null where the deck was not published) */
  archetype: z.string().nullable(),
  deckId: z.number().int().nullable(),
});

export const playerRatingSchema = z.object({
  seriesUid: z.string(),
  seriesName: z.string(),
  rating: z.number(),
  rd: z.number(),
  events: z.number().int(),
  /** rated leagues of the series the player had a match in */
  leagues: z.number().int(),
  /** place on the series' leaderboard */
  rank: z.number().int(),
});

const bestRunSchema = z.object({ leagueId: z.string(), runId: z.number().int(), wins: z.number().int(), losses: z.number().int() });

/** A league of a profile: the player's runs in it, their matches (complete ones), and the best run. */
export const playerLeagueSchema = z.object({
  leagueId: z.string(),
  name: z.string(),
  seriesId: z.string(),
  seriesName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** running, deciding (ended, the hosts decide the last matches) or final */
  phase: z.enum(['running', 'deciding', 'final']),
  rated: z.boolean(),
  runs: z.number().int(),
  /** runs that won every match */
  perfectRuns: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** the best run with a result (more wins, then fewer losses); null before any result */
  bestRun: bestRunSchema.nullable(),
  /** the player's place on the final leaderboard, of `players` (null until final, or without a result) */
  place: z.number().int().nullable(),
  players: z.number().int(),
  /** the best run's archetype where its deck is published (a final league's) */
  archetype: z.string().nullable(),
});
export type PlayerLeague = z.infer<typeof playerLeagueSchema>;

export const leagueRecordSchema = z.object({
  leagues: z.number().int(),
  runs: z.number().int(),
  perfectRuns: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  bestRun: bestRunSchema.nullable(),
});

/** GET /api/players/{discordId} */
export const playerProfileSchema = z.object({
  discordId: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  events: z.array(playerEventSchema),
  ratings: z.array(playerRatingSchema),
  headToHead: z.array(z.object({ discordId: z.string(), displayName: z.string(), wins: z.number().int(), losses: z.number().int(), ties: z.number().int() })),
  /** the leagues the player ran in, the newest first */
  leagues: z.array(playerLeagueSchema),
  /** every league run together */
  leagueRecord: leagueRecordSchema,
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;
export const playerParamsSchema = z.object({ discordId: discordIdSchema });

export const LEADERBOARD_LIMIT_DEFAULT = 50;
export const LEADERBOARD_LIMIT_MAX = 200;
export const leaderboardQuerySchema = z.object({
  series: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number({ error: 'limit: must be a whole number' }).int('limit: must be a whole number').min(1, 'limit: at least 1')
    .max(LEADERBOARD_LIMIT_MAX, `limit: at most ${LEADERBOARD_LIMIT_MAX}`).default(LEADERBOARD_LIMIT_DEFAULT),
});

/** GET /api/players?series=&limit= */
export const leaderboardSchema = z.object({
  series: z.object({ uid: z.string(), name: z.string() }).nullable(),
  seriesOptions: z.array(z.object({ uid: z.string(), name: z.string() })),
  players: z.array(z.object({
    rank: z.number().int(),
    discordId: z.string(),
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    /** null without a series: the board is by events won, then played */
    rating: z.number().nullable(),
    rd: z.number().nullable(),
    events: z.number().int(),
    /** rated leagues played (a series' board; 0 without a series) */
    leagues: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    ties: z.number().int(),
    titles: z.number().int(),
  })),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
