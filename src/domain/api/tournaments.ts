// Every request and reply of the tournament routes (spec 2 §3, §7): one schema, three uses
// (route validation and docs, the web client's types, the forms). A deck's shapes are in decks.ts,
// the standings' in standings.ts.
import { z } from 'zod';
import { TOURNAMENT_FORMATS } from '../tournaments/formats.ts';
import {
  DECK_LABEL_MAX, DECK_STATUSES, FLAG_MESSAGE_MAX, MATCH_STATUSES, REJECTION_REASON_MAX, TEAM_NAME_MAX, deckStatus, type DeckStatus,
} from '../tournaments/limits.ts';
import { banlistDateSchema } from './banlists.ts';
import { deckSummarySchema } from './decks.ts';
import { deckBoundChecks, duelSettingsFields, duelSettingsReply, optionalText, pictureSchema, UPLOADED } from './series.ts';

const DISCORD_AVATAR = /^https:\/\/cdn\.discordapp\.com\/(avatars|embed\/avatars)\/[\w./-]+(\?[\w=&.-]*)?$/;
import { discordIdSchema } from './users.ts';
import { eventNightMatchReply, eventNightReply, eventNightTeamReply, eventSettingsFields } from './event-night.ts';

export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS, { error: `must be one of ${TOURNAMENT_FORMATS.join(', ')}` });

const NAME_MAX = 100;
const SUBTITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
export { TEAM_NAME_MAX, DECK_LABEL_MAX, REJECTION_REASON_MAX, FLAG_MESSAGE_MAX, DECK_STATUSES, deckStatus, MATCH_STATUSES };
export type { DeckStatus };

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
  /** teams that signed up; after Close (which removes the teams) the teams of the final standings */
  teamCount: z.number().int(),
  /** Close removed the teams, matches and decks; the final standings stay */
  closed: z.boolean(),
  /** when play starts (null: not said); upcoming events are listed by it */
  startsAt: z.string().nullable(),
  /** spec 2 §4's notification dot: a flagged current-round match, a round ready to move on, or teams waiting for the start */
  needsAttention: z.boolean(),
  /** a completed event's record: when its winner was marked, and the champion (the card links its report) */
  completedAt: z.string().nullable(),
  championName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

// ---- host --------------------------------------------------------------------------------------

/**
 * Body of POST /api/tournaments/host (spec 2 §3 "Host payload", §5 defaults and minimums). With
 * `seriesUid`, fields left out are copied from the series (a snapshot: later series edits do not
 * reach the tournament). The banlist is the text of an .lflist.conf, or `banlistDate`: the site's
 * list of that date; `banlistDate: null` is no list, on purpose. Naming none gets the current list
 * (domain/tournaments/host-banlist.ts).
 */
export const hostBodySchema = z
  .object(
    {
      discordId: z.union([z.string(), z.number()]).transform(String).optional(),
      name: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string({ error: 'Name is required' }).min(1, 'Name is required').max(NAME_MAX, `must be at most ${NAME_MAX} characters`),
      ),
      subtitle: optionalText(SUBTITLE_MAX),
      description: optionalText(DESCRIPTION_MAX),
      imageUri: pictureSchema,
      ...duelSettingsFields,
      banlistDate: banlistDateSchema.nullable().optional(),
      decksAllowedPerPlayer: z.preprocess(
        (v) => (v === null || v === undefined ? undefined : typeof v === 'string' && /^\s*-?\d{1,6}\s*$/.test(v) ? Number(v) : v),
        z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(1),
      ),
      openSubmissions: z.preprocess(
        (v) => (v === 'true' ? true : v === 'false' ? false : v ?? undefined),
        z.boolean({ error: 'must be true or false' }).default(true),
      ),
      format: z.preprocess((v) => v ?? undefined, tournamentFormatSchema.default('DEFAULT')),
      seriesUid: z.string().max(64).nullish(),
      ...eventSettingsFields,
    },
    { error: 'The body must be a JSON object' },
  )
  .refine(...deckBoundChecks[0])
  .refine(...deckBoundChecks[1])
  .refine(...deckBoundChecks[2]);
export type HostBody = z.input<typeof hostBodySchema>;
export type HostValues = z.output<typeof hostBodySchema>;

export const hostResponseSchema = z.object({ uid: z.string() });

// ---- people and teams --------------------------------------------------------------------------

/** A member of a team (spec 2 §3 "Member/participant"). */
export const memberSchema = z.object({
  id: z.number().int(),
  discordId: z.string(),
  displayName: z.string(),
  username: z.string().nullable(),
  image: z.string(),
  dropped: z.boolean(),
  captain: z.boolean(),
  submittedDecks: z.array(deckSummarySchema),
});
export type Member = z.infer<typeof memberSchema>;

export const teamSchema = z.object({
  uid: z.string(),
  name: z.string(),
  captainDiscordId: z.string(),
  members: z.array(memberSchema),
  dropped: z.boolean(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  seed: z.number().int(),
  ...eventNightTeamReply,
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET .../participants: every member with their team. */
export const participantSchema = memberSchema.extend({ teamUid: z.string(), teamName: z.string(), teamDropped: z.boolean() });
export type Participant = z.infer<typeof participantSchema>;

/** GET .../entry: the signed-in player's own entry, and their match of the current round (the bot's commands, a phone). */
export const ownEntrySchema = z.object({
  teamUid: z.string(),
  teamName: z.string(),
  memberId: z.number().int(),
  captain: z.boolean(),
  checkedIn: z.boolean(),
  /** the current round's match (null before the start, after the end, or without one this round) */
  matchId: z.number().int().nullable(),
  bye: z.boolean(),
});
export type OwnEntry = z.infer<typeof ownEntrySchema>;

/**
 * Body of POST .../signup (spec 2 §3 "Signup team body"). The signed-in user is the captain and the
 * sole member: a captainDiscordId or a member naming anyone else is refused.
 */
export const signupBodySchema = z.object(
  {
    // empty or left out: in a 1-vs-1 event the player's own name; a team event refuses it (teams-routes.ts)
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') || undefined : v ?? undefined),
      z.string({ error: 'must be text' }).max(TEAM_NAME_MAX, `must be at most ${TEAM_NAME_MAX} characters`).optional(),
    ),
    captainDiscordId: discordIdSchema.optional(),
    members: z
      .array(
        z.object({
          discordId: z.union([z.string(), z.number()]).transform(String),
          // the player's Discord avatar, or a picture uploaded here: the only images the page's CSP shows
          image: z
            .string()
            .max(2048, 'must be at most 2048 characters')
            .refine((v) => v === '' || UPLOADED.test(v) || DISCORD_AVATAR.test(v), 'must be your Discord avatar or an image uploaded to this site')
            .nullish(),
          dropped: z.boolean().optional(),
          submittedDecks: z.array(z.unknown()).max(0, 'a new member has no decks yet').optional(),
        }),
      )
      .max(1, 'a sign-up is one player: the signed-in user')
      .optional(),
  },
  { error: 'The body must be a JSON object' },
);
export type SignupBody = z.input<typeof signupBodySchema>;

// ---- the tournament ----------------------------------------------------------------------------

export const hostUserSchema = z.object({ discordId: z.string(), displayName: z.string(), avatarUrl: z.string() });

/** POST /api/tournaments/{id}/rated */
export const ratedBodySchema = z.object({ rated: z.boolean({ error: 'rated: must be true or false' }) }, { error: 'The body must be a JSON object' }).strict();

/** GET /api/tournaments/{id}: every field of spec 2 §3 Tournament with its teams and the EDOPro numbers. */
export const tournamentSchema = z.object({
  uid: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  iteration: z.number().int().nullable(),
  description: z.string().nullable(),
  imageUri: z.string().nullable(),
  seriesUid: z.string().nullable(),
  hostDiscordId: z.string(),
  host: hostUserSchema,
  format: tournamentFormatSchema,
  bestOf: z.number().int(),
  banlistName: z.string().nullable(),
  /** a list is attached (GET .../banlist downloads it) */
  hasBanlist: z.boolean(),
  banlistWhitelist: z.boolean(),
  manualDeckChecking: z.boolean(),
  playersTeam1: z.number().int(),
  playersTeam2: z.number().int(),
  ...duelSettingsReply,
  decksAllowedPerPlayer: z.number().int(),
  signupsOpen: z.boolean(),
  deckSubmissionOpen: z.boolean(),
  currentRound: z.number().int(),
  roundCount: z.number().int(),
  inProgress: z.boolean(),
  completed: z.boolean(),
  cancelled: z.boolean(),
  closed: z.boolean(),
  roundStartDates: z.array(z.string()),
  winnerTeamUid: z.string().nullable(),
  /** the engine's champion once decided (the bracket's or, after the last round, the standings'); Mark Winner defaults to it */
  championTeamUid: z.string().nullable(),
  teams: z.array(teamSchema),
  /** teams that signed up; after Close (which removes the teams) the teams of the final standings */
  teamCount: z.number().int(),
  /** counts toward its series' ratings (an admin marks it: POST .../rated) */
  rated: z.boolean(),
  /** this site offers 'Seed Test Data' (a demo site, or TEST_DATA=1; decision 037): real events never do */
  testData: z.boolean(),
  ...eventNightReply,
  /** grows by one with every change: live messages and caches carry it */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

// ---- matches, the live scoreboard (part 2 fills these) -----------------------------------------

export const BRACKETS = ['swiss', 'top', 'winners', 'losers', 'grand', 'rr'] as const;
export const scoreReportSchema = z.object({ reporterDiscordId: z.string(), gamesWon: z.number().int(), gamesLost: z.number().int(), at: z.string() });


export const matchSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  roundNumber: z.number().int(),
  bracket: z.enum(BRACKETS),
  position: z.number().int(),
  team1Id: z.string().nullable(),
  team2Id: z.string().nullable(),
  team1Name: z.string().nullable(),
  team2Name: z.string().nullable(),
  bye: z.boolean(),
  complete: z.boolean(),
  status: z.enum(MATCH_STATUSES),
  finalScore: z.object({ team1Wins: z.number().int(), team2Wins: z.number().int() }).nullable(),
  outcome: z.object({ winnerTeamId: z.string().nullable() }).nullable(),
  reportFromTeam1: scoreReportSchema.nullable(),
  reportFromTeam2: scoreReportSchema.nullable(),
  flaggedForReview: z.boolean(),
  flaggedMessage: z.string().nullable(),
  /** both teams reported and their reports disagree, and nobody has decided yet: the public score is 'Disputed' */
  disputed: z.boolean(),
  /** an admin set this result: the teams' reports (if any) are superseded */
  overridden: z.boolean(),
  ...eventNightMatchReply,
  updatedAt: z.string(),
});
export type Match = z.infer<typeof matchSchema>;

/**
 * The state every live message and the scoreboard carry: what play changes. The host's settings
 * (topCut, swissRounds, deckPrivacy…) are in GET /api/tournaments/{id} only, which a client reads again on a change.
 */
export const tournamentStateSchema = tournamentSchema.pick({
  uid: true, version: true, format: true, signupsOpen: true, deckSubmissionOpen: true, currentRound: true, roundCount: true,
  inProgress: true, completed: true, cancelled: true, closed: true, roundStartDates: true, winnerTeamUid: true, championTeamUid: true,
  updatedAt: true, startsAt: true, checkIn: true, checkInStatus: true, lateEntryOpen: true, roundMinutes: true, roundEndsAt: true,
}).extend({
  teamCount: z.number().int(),
  activeTeamCount: z.number().int(),
  /** every match of the current round is complete: Next Round (or Mark Winner) may be pressed */
  roundComplete: z.boolean(),
});
export type TournamentState = z.infer<typeof tournamentStateSchema>;

/**
 * GET .../scoreboard and every message on /topic/tournaments/{uid}/scoreboard. `full`: matches are
 * every match of the current round (the GET, the answer to request-scoreboard, and a message of a
 * change that names no matches: a sign-up, a start, a new round, a drop); otherwise only the matches
 * this change touched (a report, an override, a flag). `change` says what happened.
 */
export const scoreboardSchema = z.object({
  uid: z.string(),
  version: z.number().int(),
  full: z.boolean(),
  change: z.string(),
  state: tournamentStateSchema,
  matches: z.array(matchSchema),
});
export type Scoreboard = z.infer<typeof scoreboardSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorDiscordId: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---- queries -----------------------------------------------------------------------------------

const boolQuery = (field: string) =>
  z.enum(['true', 'false'], { error: `${field}: true or false` }).transform((v) => v === 'true');

export const deckUploadQuerySchema = z.object({
  participantDiscordId: discordIdSchema.optional(),
  label: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(DECK_LABEL_MAX, `must be at most ${DECK_LABEL_MAX} characters`).optional()),
});
export const validateDeckQuerySchema = z.object({
  approved: boolQuery('approved'),
  reviewerDiscordId: discordIdSchema.optional(),
  reason: z.string().max(REJECTION_REASON_MAX, `must be at most ${REJECTION_REASON_MAX} characters`).optional(),
});
/** POST .../decks/approve-passing: the decks approved, and those left waiting for their problems. */
export const approvePassingReplySchema = z.object({
  approved: z.number().int().describe('decks that passed the checks and are now approved'),
  left: z.number().int().describe('decks still waiting: each has a problem the host decides on'),
});
export type ApprovePassingReply = z.infer<typeof approvePassingReplySchema>;
export const toggleQuerySchema = z.object({ open: boolQuery('open') });
export const formatQuerySchema = z.object({ format: tournamentFormatSchema });
export const participantIdsQuerySchema = z.object({
  participantIds: z.string().max(5000).regex(/^\d{1,9}(,\d{1,9})*$/, 'a comma-separated list of participant ids'),
});
export const reportScoreQuerySchema = z.object({ fromTeam1: boolQuery('fromTeam1').optional() });
export const reportScoreBodySchema = z.object({
  gamesWon: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0'),
  gamesLost: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0'),
  reporterDiscordId: discordIdSchema.optional(),
});
export const overrideQuerySchema = z.object({
  winnerTeamId: z.string().max(64).optional(),
  force: boolQuery('force').optional(),
});
export const overrideBodySchema = z.object({
  team1Wins: z.number().int().min(0, 'must be at least 0'),
  team2Wins: z.number().int().min(0, 'must be at least 0'),
});
export const flagQuerySchema = z.object({
  message: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'a message is required' }).min(1, 'a message is required').max(FLAG_MESSAGE_MAX)),
});
export const winnerQuerySchema = z.object({ winnerTeamUid: z.string().max(64).optional() });
