// The league's place in the record (issue 41, "The end"; decision 042's "The record"): its report once
// final, and the admins' rated mark. One schema, three uses, as the rest of src/domain/api.
import { z } from 'zod';
import { leaderboardRowSchema, leaguePersonSchema } from './leagues.ts';
import { deckCardSchema, deckPrivacySchema, eventMetaSchema, metaCardSchema } from './records.ts';

export const LEAGUE_RECORD_MESSAGES = {
  reportNotYet: 'The report is published once the league is final',
  ratedAdminsOnly: 'Only an admin can mark a league rated or unrated',
} as const;

/** POST /api/leagues/{id}/rated (admins): whether its matches move the series' ratings. */
export const leagueRatedBodySchema = z.object({ rated: z.boolean({ error: 'rated: must be true or false' }) }, { error: 'The body must be a JSON object' }).strict();
export type LeagueRatedBody = z.infer<typeof leagueRatedBodySchema>;

/** A published run of the report: its player, place, record and archetype, and its cards as an event's published deck has them. */
export const leagueReportDeckSchema = z.object({
  runId: z.number().int(),
  discordId: z.string(),
  player: z.string(),
  /** the player's place on the final leaderboard, and as a report writes it ('1st') */
  place: z.number().int(),
  placement: z.string(),
  topCut: z.boolean(),
  wins: z.number().int(),
  losses: z.number().int(),
  points: z.number().int(),
  /** won every one of its matches */
  perfect: z.boolean(),
  archetype: z.string(),
  /** the rule's name (a league's archetypes are not corrected by hand: the same as archetype) */
  archetypeAuto: z.string(),
  main: z.array(deckCardSchema),
  extra: z.array(deckCardSchema),
  side: z.array(deckCardSchema),
});
export type LeagueReportDeck = z.infer<typeof leagueReportDeckSchema>;

/**
 * GET /api/leagues/{id}/report: public once the league is final (409 before). The final leaderboard
 * with its top 8, the published runs' decks (the league's deckPrivacy: the top 8's runs, every run, or
 * none), and the meta of every run with a result: archetypes over all of them (an unpublished run only
 * as its archetype), cards over the published ones.
 */
export const leagueReportSchema = z.object({
  league: z.object({
    id: z.string(),
    name: z.string(),
    seriesId: z.string(),
    seriesName: z.string(),
    banlistName: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** when the leaderboard became final */
    completedAt: z.string(),
    deckPrivacy: deckPrivacySchema,
    /** its matches move the series' ratings (an admin marked it) */
    rated: z.boolean(),
    matchesPerRun: z.number().int(),
    runs: z.number().int(),
    players: z.number().int(),
    createdBy: leaguePersonSchema,
  }),
  /** grows when what the report shows changes (the rated mark): the cache's key */
  version: z.number().int(),
  leaderboard: z.array(leaderboardRowSchema),
  decks: z.array(leagueReportDeckSchema),
  meta: eventMetaSchema.extend({
    /** runs with a result whose deck is published */
    publishedDecks: z.number().int(),
    /** the cards by inclusion in the published runs, at most META_CARDS_MAX, each with its status on the league's list */
    cards: z.array(metaCardSchema),
  }),
});
export type LeagueReport = z.infer<typeof leagueReportSchema>;
