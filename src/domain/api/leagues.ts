// The league (issue 41): a month-long competition anyone joins at any time with one deck, playing
// matchesPerRun matches against different opponents found through a queue, with a leaderboard and a
// top 8 at the end. Every request and reply of the league routes, the constants and the sentences
// people read: one schema, three uses (route validation and docs, the web client's types, the forms).
import { z } from 'zod';
import { resultChoices, type ResultChoice } from '../tournaments/result-choices.ts';
import { banlistDateSchema } from './banlists.ts';
import { roomSchema } from './event-night.ts';
import { deckPrivacySchema } from './records.ts';
import { duelSettingsReply } from './series.ts';
import { deckCardSchema } from './decks.ts';
import { discordIdSchema } from './users.ts';

// ---- constants ---------------------------------------------------------------------------------

/** Matches a run plays unless the league says otherwise, and the bounds a host may choose. */
export const LEAGUE_MATCHES_PER_RUN = 5;
export const LEAGUE_MATCHES_PER_RUN_MIN = 1;
export const LEAGUE_MATCHES_PER_RUN_MAX = 20;
/** Every league match is a best of three, played to a winner (no draws: there is no round clock). */
export const LEAGUE_BEST_OF = 3;
/** Hours the opponent has to confirm or dispute a report; unanswered, the report stands. */
export const LEAGUE_CONFIRM_HOURS = 24;
export const LEAGUE_CONFIRM_HOURS_MIN = 1;
export const LEAGUE_CONFIRM_HOURS_MAX = 168;
/** Minutes a queue entry lasts ('Find a match' again renews it). */
export const LEAGUE_QUEUE_MINUTES = 15;
/** The leaderboard's top at the end. */
export const LEAGUE_TOP = 8;
/** Hours after the end in which the hosts decide the matches left open; then the leaderboard is final. */
export const LEAGUE_DECIDE_HOURS = 24;
/** The longest league, start to end. */
export const LEAGUE_DAYS_MAX = 92;
export const LEAGUE_NAME_MAX = 100;
export const DISPUTE_REASON_MAX = 500;
/** The longest deck text a run takes (deck-text.ts refuses longer with its own sentence). */
export const LEAGUE_DECK_TEXT_MAX = 100_000;

/** The results a player taps: 2–0, 2–1, 1–2, 0–2 (seen from the reporter). */
export const LEAGUE_RESULT_CHOICES: readonly ResultChoice[] = resultChoices(LEAGUE_BEST_OF, false);

/**
 * Where a league is in its life, by the clock: before its start; running (runs, queue, reports);
 * deciding (after the end: the hosts decide the matches left open, for at most LEAGUE_DECIDE_HOURS);
 * final (the leaderboard and its top 8 no longer change).
 */
export const LEAGUE_PHASES = ['upcoming', 'running', 'deciding', 'final'] as const;
export type LeaguePhase = (typeof LEAGUE_PHASES)[number];
export const LEAGUE_PHASE_LABEL: Record<LeaguePhase, string> = {
  upcoming: 'Starts soon',
  running: 'Running',
  deciding: 'Ended: the hosts decide the last matches',
  final: 'Final',
};

/** A run: playing (active), played all its matches (complete), retired by its player, or closed by the league's end. */
export const RUN_STATUSES = ['active', 'complete', 'retired', 'closed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABEL: Record<RunStatus, string> = {
  active: 'Playing', complete: 'Complete', retired: 'Retired', closed: 'Closed at the league’s end',
};

/**
 * A match: being played (no report yet); reported (waiting for the opponent's Confirm or Dispute);
 * disputed (waiting for the hosts); complete (confirmed, stood or decided); void (left open at the
 * end and not decided in the hosts' day: no result).
 */
export const LEAGUE_MATCH_STATES = ['playing', 'reported', 'disputed', 'complete', 'void'] as const;
export type LeagueMatchState = (typeof LEAGUE_MATCH_STATES)[number];
export const LEAGUE_MATCH_STATE_LABEL: Record<LeagueMatchState, string> = {
  playing: 'Playing', reported: 'Waiting for confirmation', disputed: 'Disputed: the hosts decide', complete: 'Complete', void: 'No result',
};
/** How a complete match got its result. */
export const MATCH_RESOLUTIONS = ['confirmed', 'stood', 'decided'] as const;
export type MatchResolution = (typeof MATCH_RESOLUTIONS)[number];

// ---- the sentences people read -----------------------------------------------------------------

export const LEAGUE_MESSAGES = {
  notFound: 'League not found',
  matchNotFound: 'Match not found in this league',
  runNotFound: 'Run not found in this league',
  seriesNotFound: 'seriesId: there is no such series',
  noBanlist: (date: string) => `banlistDate: there is no banlist dated ${date}`,
  createdBy: 'Only curators (auth level 1 or more) and admins create leagues',
  endsBeforeStart: 'endsAt: the league must end after it starts',
  endsInPast: 'endsAt: the league must end in the future',
  tooLong: `endsAt: a league lasts at most ${LEAGUE_DAYS_MAX} days`,
  deckBody: 'Send the deck as ydk (a .ydk file’s text) or ydke (a ydke:// link): one of them',
  notStarted: (startsAt: string) => `The league starts at ${startsAt}: runs and the queue open then`,
  over: 'The league is over: its queue, runs and reports are closed',
  final: 'The league is final: its results no longer change',
  activeRun: 'You already have an active run in this league: finish or retire it before starting another',
  noActiveRun: 'You have no active run in this league: start one with a deck',
  notYourRun: 'Only the run’s player can do this',
  runEnded: 'This run has ended',
  unreported: (matchId: number) => `Your match #${matchId} is not reported yet: report it first`,
  notYourMatch: 'This is not your match: only its two players report, confirm or dispute it',
  reportedAlready: 'This match was reported already: the opponent confirms or disputes the report',
  hasResult: 'This match has a result already',
  ownReport: 'You reported this match: your opponent confirms or disputes it',
  nothingToAnswer: 'This match has no report waiting for an answer',
  reportStands: 'The report stands: the time to confirm or dispute it is over',
  draw: `gamesWon: a league match is played to a winner (a best of ${LEAGUE_BEST_OF} has no draw)`,
  notHost: 'Only the league’s hosts (its creator and the admins) decide matches',
  ownMatch: 'You cannot decide a match you play in: another host decides it',
  winnerNotPlayer: 'winnerDiscordId: must be one of the match’s two players',
  winnerGames: 'gamesWon: the winner’s games come first and must be more than the loser’s',
} as const;

// ---- requests ----------------------------------------------------------------------------------

/** The sentence of a body that is no JSON object (other issues keep their own, unknown fields named). */
const objectOnly = (issue: { code: string }) => (issue.code === 'invalid_type' ? 'The body must be a JSON object' : undefined);

const whole = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,6}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${field}: must be a whole number` }).int(`${field}: must be a whole number`)
      .min(min, `${field}: must be at least ${min}`).max(max, `${field}: must be at most ${max}`),
  );

const instant = (field: string) => z.iso.datetime({ offset: true, error: `${field}: must be a date and time such as 2026-12-01T00:00:00Z` })
  .transform((s) => new Date(s).toISOString());

/**
 * POST /api/leagues (curators and admins). The league takes its series' duel settings and deck
 * checks as they are now (a snapshot, as hosting an event does) and one banlist for its whole length:
 * `banlistDate` the site's list of that date, null none on purpose; left out, the series' own list,
 * else the site's current one (the host form's rule, decision 037). `startsAt` defaults to now,
 * `endsAt` to a calendar month after the start.
 */
export const createLeagueBodySchema = z.object(
  {
    seriesId: z.string({ error: 'seriesId: name the league’s series' }).min(1, 'seriesId: name the league’s series').max(64, 'seriesId: is too long'),
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: 'name: a league needs a name' }).min(1, 'name: a league needs a name').max(LEAGUE_NAME_MAX, `name: must be at most ${LEAGUE_NAME_MAX} characters`),
    ),
    banlistDate: banlistDateSchema.nullable().optional(),
    startsAt: instant('startsAt').optional(),
    endsAt: instant('endsAt').optional(),
    matchesPerRun: whole('matchesPerRun', LEAGUE_MATCHES_PER_RUN_MIN, LEAGUE_MATCHES_PER_RUN_MAX).default(LEAGUE_MATCHES_PER_RUN),
    confirmHours: whole('confirmHours', LEAGUE_CONFIRM_HOURS_MIN, LEAGUE_CONFIRM_HOURS_MAX).default(LEAGUE_CONFIRM_HOURS),
    /** which runs' decks become public when the league is final (the top 8's by default) */
    deckPrivacy: deckPrivacySchema.default('top-cut'),
  },
  { error: objectOnly },
).strict().refine((b) => !b.startsAt || !b.endsAt || b.endsAt > b.startsAt, { path: ['endsAt'], message: LEAGUE_MESSAGES.endsBeforeStart });
export type CreateLeagueBody = z.input<typeof createLeagueBodySchema>;
export type CreateLeagueValues = z.output<typeof createLeagueBodySchema>;

/** POST /api/leagues/{id}/runs: the run's deck, as a .ydk file's text or a ydke:// link (one of them). */
export const startRunBodySchema = z.object(
  {
    ydk: z.string({ error: 'ydk: must be the text of a .ydk file' }).max(LEAGUE_DECK_TEXT_MAX, 'ydk: is too long for a deck').optional(),
    ydke: z.string({ error: 'ydke: must be a ydke:// link' }).max(LEAGUE_DECK_TEXT_MAX, 'ydke: is too long for a deck').optional(),
  },
  { error: objectOnly },
).strict().refine((b) => (b.ydk === undefined) !== (b.ydke === undefined), { message: LEAGUE_MESSAGES.deckBody });
export type StartRunBody = z.input<typeof startRunBodySchema>;

const games = (field: string) => whole(field, 0, LEAGUE_BEST_OF);

/** POST .../matches/{matchId}/report: the reporter's games first (2–1: the reporter won two games to one). */
export const reportBodySchema = z.object({ gamesWon: games('gamesWon'), gamesLost: games('gamesLost') }, { error: objectOnly }).strict();
export type ReportBody = z.input<typeof reportBodySchema>;

/** POST .../matches/{matchId}/dispute: what is wrong with the report, for the hosts (optional). */
export const disputeBodySchema = z.preprocess((v) => v ?? undefined, z.object(
  {
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v ?? undefined),
      z.string({ error: 'reason: must be text' }).max(DISPUTE_REASON_MAX, `reason: must be at most ${DISPUTE_REASON_MAX} characters`).optional(),
    ),
  },
  { error: objectOnly },
).strict().optional());
export type DisputeBody = z.input<typeof disputeBodySchema>;

/** POST .../matches/{matchId}/decide (hosts): the winner, and the winner's games first. */
export const decideBodySchema = z.object(
  { winnerDiscordId: discordIdSchema, gamesWon: games('gamesWon'), gamesLost: games('gamesLost') },
  { error: objectOnly },
).strict();
export type DecideBody = z.input<typeof decideBodySchema>;

/** GET /api/leagues: every league, or one series' (`seriesId`), or one phase's. */
export const leaguesQuerySchema = z.object({
  seriesId: z.string().min(1).max(64).optional(),
  phase: z.enum(LEAGUE_PHASES, { error: `phase: one of ${LEAGUE_PHASES.join(', ')}` }).optional(),
});

// ---- replies -----------------------------------------------------------------------------------

export const leaguePersonSchema = z.object({ discordId: z.string(), displayName: z.string() });

/** One row of GET /api/leagues (the list, a series' page, the home page). */
export const leagueSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  seriesId: z.string(),
  seriesName: z.string(),
  /** the list's name (null: no list, on purpose) */
  banlistName: z.string().nullable(),
  /** the site's list the league runs on, by its date (null: the series' own list, or none) */
  banlistDate: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  phase: z.enum(LEAGUE_PHASES),
  matchesPerRun: z.number().int(),
  bestOf: z.number().int(),
  confirmHours: z.number().int(),
  /** runs started, and the players who started them */
  runs: z.number().int(),
  players: z.number().int(),
  /** its matches move ratings (an admin marks it) */
  rated: z.boolean(),
  createdAt: z.string(),
});
export type LeagueSummary = z.infer<typeof leagueSummarySchema>;

/**
 * A leaderboard row: one player, every run of theirs counted. Points: 1 per match won, 1 more per run
 * that won every match. Ties: match wins, then game-win share, then who reached their points first.
 */
export const leaderboardRowSchema = z.object({
  place: z.number().int(),
  discordId: z.string(),
  displayName: z.string(),
  points: z.number().int(),
  matchWins: z.number().int(),
  matchLosses: z.number().int(),
  /** runs started (any status) */
  runs: z.number().int(),
  /** runs that won every one of their matchesPerRun matches */
  perfectRuns: z.number().int(),
  gamesWon: z.number().int(),
  gamesLost: z.number().int(),
  /** games won of games played, 0..1; null before any game */
  gameWinRate: z.number().nullable(),
  /** when the player reached their points (the time of their last point); null without a point */
  reachedAt: z.string().nullable(),
  /** the league is final and this player is in its top 8 */
  top8: z.boolean(),
  /** the player's runs, the first started first: each links to its page (`runs` is their count) */
  runResults: z.array(z.object({ id: z.number().int(), wins: z.number().int(), losses: z.number().int() })),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leagueMatchSideSchema = z.object({
  runId: z.number().int(),
  discordId: z.string(),
  displayName: z.string(),
  /** this side's games: the reported claim while reported or disputed, the result once complete; null before a report */
  games: z.number().int().nullable(),
});

/**
 * A league match. `room` (its EDOPro room) is only in GET .../matches/{matchId}, the queue's answer
 * and the player's own run, to its two players and the hosts, while the match is open.
 */
export const leagueMatchSchema = z.object({
  id: z.number().int(),
  leagueId: z.string(),
  state: z.enum(LEAGUE_MATCH_STATES),
  player1: leagueMatchSideSchema,
  player2: leagueMatchSideSchema,
  /** the reported winner while reported or disputed, the winner once complete; null while playing or void */
  winnerDiscordId: z.string().nullable(),
  /** the report: who, the reporter's games first, when, and until when the opponent may answer */
  report: z.object({ byDiscordId: z.string(), gamesWon: z.number().int(), gamesLost: z.number().int(), at: z.string(), confirmBy: z.string() }).nullable(),
  dispute: z.object({ byDiscordId: z.string(), at: z.string(), reason: z.string().nullable() }).nullable(),
  /** the host who decided it */
  decidedByDiscordId: z.string().nullable(),
  resolution: z.enum(MATCH_RESOLUTIONS).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  room: roomSchema.optional(),
});
export type LeagueMatch = z.infer<typeof leagueMatchSchema>;

export const leagueDeckSchema = z.object({ mainDeck: z.array(deckCardSchema), extraDeck: z.array(deckCardSchema), sideDeck: z.array(deckCardSchema) });
export type LeagueDeck = z.infer<typeof leagueDeckSchema>;

/** A run with its matches (newest last). Its deck: to its player and the hosts, to everyone once published. */
export const leagueRunSchema = z.object({
  id: z.number().int(),
  leagueId: z.string(),
  discordId: z.string(),
  displayName: z.string(),
  status: z.enum(RUN_STATUSES),
  matchesPerRun: z.number().int(),
  /** matches paired, and matches played (reported or decided) */
  matchCount: z.number().int(),
  played: z.number().int(),
  /** counted from complete matches */
  wins: z.number().int(),
  losses: z.number().int(),
  gamesWon: z.number().int(),
  gamesLost: z.number().int(),
  points: z.number().int(),
  /** won every one of its matchesPerRun matches (one more point) */
  perfect: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** in the queue now, until queuedUntil */
  waiting: z.boolean(),
  queuedUntil: z.string().nullable(),
  /** the match being played (not reported yet) */
  currentMatchId: z.number().int().nullable(),
  mainCount: z.number().int(),
  extraCount: z.number().int(),
  sideCount: z.number().int(),
  /** null: private (its player and the hosts see it; everyone once the league is final and deckPrivacy publishes it) */
  deck: leagueDeckSchema.nullable(),
  deckPublished: z.boolean(),
  matches: z.array(leagueMatchSchema),
});
export type LeagueRun = z.infer<typeof leagueRunSchema>;

/**
 * GET /api/leagues/{id}, and the answer of POST /api/leagues. The league's fields and its series'
 * duel settings (the EDOPro numbers of its rooms), the leaderboard, the matches waiting for the hosts,
 * and, last, the reader's own part: whether they host it, and their run (the active one, else their
 * latest; null without one).
 */
export const leagueSchema = leagueSummarySchema.extend({
  createdBy: leaguePersonSchema,
  hasBanlist: z.boolean(),
  banlistWhitelist: z.boolean(),
  deckPrivacy: deckPrivacySchema,
  queueMinutes: z.number().int(),
  /** the end of the hosts' day after endsAt: the leaderboard is final by then at the latest */
  decideBy: z.string(),
  ...duelSettingsReply,
  /** runs waiting in the queue now */
  queueSize: z.number().int(),
  leaderboard: z.array(leaderboardRowSchema),
  /** disputed matches, and after the end the matches never reported: the hosts' attention panel */
  toDecide: z.array(leagueMatchSchema),
  /** grows with every change: live messages carry it */
  version: z.number().int(),
  /** grows with every change of the leaderboard */
  leaderboardVersion: z.number().int(),
  updatedAt: z.string(),
  isHost: z.boolean(),
  myRun: leagueRunSchema.nullable(),
});
export type League = z.infer<typeof leagueSchema>;

/**
 * POST and DELETE /api/leagues/{id}/queue. Waiting: in the queue until expiresAt (no opponent yet).
 * Not waiting with a match: paired (at once, or before the Cancel arrived): the match with its room.
 * Not waiting and no match: out of the queue (Cancel).
 */
export const queueReplySchema = z.union([
  z.object({ waiting: z.literal(true), expiresAt: z.string(), queueSize: z.number().int() }),
  z.object({ waiting: z.literal(false), match: leagueMatchSchema.nullable() }),
]);
export type QueueReply = z.infer<typeof queueReplySchema>;

/** What a live message says happened. */
export const LEAGUE_CHANGES = [
  'created', 'run', 'queue', 'paired', 'report', 'confirm', 'dispute', 'decide', 'stood', 'retire', 'closed', 'final',
  // an admin marked it rated or unrated (POST /api/leagues/{id}/rated)
  'rated',
] as const;
export type LeagueChange = (typeof LEAGUE_CHANGES)[number];

/**
 * A message on TOPICS.league(id) after every change: the league moved to `version`. A page reads
 * GET /api/leagues/{id} again (the leaderboard when leaderboardVersion moved; its run when its
 * player is among `discordIds`, the players whose run or match changed, paired players included).
 */
export const leagueMessageSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  leaderboardVersion: z.number().int(),
  change: z.enum(LEAGUE_CHANGES),
  queueSize: z.number().int(),
  discordIds: z.array(z.string()),
  matchId: z.number().int().nullable(),
});
export type LeagueMessage = z.infer<typeof leagueMessageSchema>;
