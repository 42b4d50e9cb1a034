// One schema for PGlite and PostgreSQL; migrations are generated from it (npm run db:generate).
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  discordId: text('discord_id').primaryKey(),
  username: text('username'),
  displayName: text('display_name'),
  discordUsername: text('discord_username'),
  preferredName: text('preferred_name'),
  avatarUrl: text('avatar_url'),
  email: text('email'),
  auth: integer('auth').notNull().default(0),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** sign-in, and each day a session of theirs is used (when it slides): /admin/people's last seen */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  // ---- a suspension (issue 39): set while one is in force, or until it ends by itself ----
  /** when an admin suspended them; null: not suspended */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /** when it ends by itself; null: until an admin lifts it */
  suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  suspendedBy: text('suspended_by'),
});

/** Sessions store sha256(token), never the token itself. */
export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  discordId: text('discord_id').notNull().references(() => users.discordId, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_discord_id_idx').on(t.discordId)]);

/** Passcodes are uint32 and type bits reach 2^31 (edopro.md §4): both need 64-bit columns. */
const passcode = (name: string) => bigint(name, { mode: 'number' });

export const cards = pgTable('cards', {
  id: passcode('id').primaryKey(),
  alias: passcode('alias').notNull().default(0),
  name: text('name').notNull(),
  /** lower-case, accents stripped: what name search compares against */
  searchName: text('search_name').notNull(),
  type: bigint('type', { mode: 'number' }).notNull(),
  cardType: text('card_type').notNull(),
  ot: integer('ot').notNull().default(0),
  atk: integer('atk'),
  def: integer('def'),
  level: integer('level'),
  lscale: integer('lscale'),
  rscale: integer('rscale'),
  linkMarkers: integer('link_markers'),
  race: bigint('race', { mode: 'bigint' }),
  attribute: integer('attribute'),
  setcodes: jsonb('setcodes').$type<number[]>(),
  description: text('description').notNull().default(''),
}, (t) => [index('cards_search_name_idx').on(t.searchName)]);

/** A dated list: the format's own banlists, or the Advanced reference lists (kind 'reference'). */
export const banlists = pgTable('banlists', {
  id: serial('id').primaryKey(),
  date: text('date').notNull(),
  kind: text('kind', { enum: ['format', 'reference'] }).notNull().default('format'),
  name: text('name').notNull(),
  whitelist: boolean('whitelist').notNull().default(false),
  /** a `$genesys` points list: its entries' counts are point values (decision 027) */
  genesys: boolean('genesys').notNull().default(false),
  /** [code, count] of the lines a later line of the same card overrides, in file order: EDOPro's hash counts them (decision 027) */
  shadowedLines: jsonb('shadowed_lines').$type<[number, number][]>().notNull().default(sql`'[]'::jsonb`),
  createdBy: text('created_by'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('banlists_kind_date_idx').on(t.kind, t.date)]);

export const banlistEntries = pgTable('banlist_entries', {
  id: serial('id').primaryKey(),
  banlistId: integer('banlist_id').notNull().references(() => banlists.id, { onDelete: 'cascade' }),
  cardId: passcode('card_id').notNull(),
  /** EDOPro copy count as imported (0..3; other values kept for exact export) */
  count: integer('count').notNull(),
  position: integer('position').notNull(),
  reason: text('reason'),
  posterDiscordId: text('poster_discord_id'),
}, (t) => [uniqueIndex('banlist_entries_list_card_idx').on(t.banlistId, t.cardId)]);

export const judgementEntries = pgTable('judgement_entries', {
  id: serial('id').primaryKey(),
  cardId: passcode('card_id').notNull(),
  cardName: text('card_name').notNull(),
  posterDiscordId: text('poster_discord_id').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const judgementVotes = pgTable('judgement_votes', {
  entryId: integer('entry_id').notNull().references(() => judgementEntries.id, { onDelete: 'cascade' }),
  adminDiscordId: text('admin_discord_id').notNull(),
  vote: text('vote').notNull(),
}, (t) => [primaryKey({ columns: [t.entryId, t.adminDiscordId] })]);

/** Board-wide send-off state: one row (id 1) for the date, one row per admin who pressed. */
export const judgementSendoff = pgTable('judgement_sendoff', {
  id: integer('id').primaryKey().default(1),
  sendoffDate: text('sendoff_date'),
});
export const judgementSendoffPressed = pgTable('judgement_sendoff_pressed', {
  adminDiscordId: text('admin_discord_id').primaryKey(),
  pressedAt: createdAt(),
});

/**
 * A judgement entry a send-off published, with each admin's vote as it stood (issue 32, decision 032):
 * the board forgets the row, a card's history keeps it. By the list's date, so a re-import keeps it.
 */
export const judgementDecisions = pgTable('judgement_decisions', {
  id: serial('id').primaryKey(),
  banlistDate: text('banlist_date').notNull(),
  cardId: passcode('card_id').notNull(),
  cardName: text('card_name').notNull(),
  posterDiscordId: text('poster_discord_id').notNull(),
  reason: text('reason').notNull(),
  /** the combined opinion that decided it: '0'..'3' */
  opinion: text('opinion').notNull(),
  /** [admin's Discord id, vote] in the admins' order at the send-off */
  votes: jsonb('votes').$type<[string, string][]>().notNull(),
  proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('judgement_decisions_card_idx').on(t.cardId)]);

/** Duel settings shared by series and tournaments (spec 2 §3). */
const duelSettings = () => ({
  manualDeckChecking: boolean('manual_deck_checking').notNull().default(true),
  banlistName: text('banlist_name'),
  banlist: text('banlist'),
  playersTeam1: integer('players_team1').notNull().default(1),
  playersTeam2: integer('players_team2').notNull().default(1),
  bestOf: integer('best_of').notNull().default(3),
  relay: boolean('relay').notNull().default(false),
  dontShuffleDeck: boolean('dont_shuffle_deck').notNull().default(false),
  dontCheckDeckContents: boolean('dont_check_deck_contents').notNull().default(false),
  dontCheckDeckSize: boolean('dont_check_deck_size').notNull().default(false),
  tcgSegocRulings: boolean('tcg_segoc_rulings').notNull().default(false),
  startingLp: integer('starting_lp').notNull().default(8000),
  startingHand: integer('starting_hand').notNull().default(5),
  cardsPerDraw: integer('cards_per_draw').notNull().default(1),
  minMainDeckSize: integer('min_main_deck_size').notNull().default(40),
  maxMainDeckSize: integer('max_main_deck_size').notNull().default(60),
  minExtraDeckSize: integer('min_extra_deck_size').notNull().default(0),
  maxExtraDeckSize: integer('max_extra_deck_size').notNull().default(15),
  minSideDeckSize: integer('min_side_deck_size').notNull().default(0),
  maxSideDeckSize: integer('max_side_deck_size').notNull().default(15),
  ruleOptions: jsonb('rule_options').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  cardTypeFilters: jsonb('card_type_filters').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
});

export const series = pgTable('series', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  picture: text('picture'),
  ...duelSettings(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tournaments = pgTable('tournaments', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  subtitle: text('subtitle'),
  iteration: integer('iteration'),
  description: text('description'),
  imageUri: text('image_uri'),
  seriesUid: text('series_uid'),
  hostDiscordId: text('host_discord_id').notNull(),
  format: text('format', { enum: ['DEFAULT', 'ROUND_ROBIN', 'DOUBLE_ELIM'] }).notNull().default('DEFAULT'),
  ...duelSettings(),
  decksAllowedPerPlayer: integer('decks_allowed_per_player').notNull().default(1),
  signupsOpen: boolean('signups_open').notNull().default(true),
  deckSubmissionOpen: boolean('deck_submission_open').notNull().default(true),
  currentRound: integer('current_round').notNull().default(0),
  roundCount: integer('round_count').notNull().default(0),
  inProgress: boolean('in_progress').notNull().default(false),
  completed: boolean('completed').notNull().default(false),
  cancelled: boolean('cancelled').notNull().default(false),
  closed: boolean('closed').notNull().default(false),
  roundStartDates: jsonb('round_start_dates').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  winnerTeamUid: text('winner_team_uid'),
  /** seed of the round-1 shuffle, stored so pairings are reproducible */
  pairingSeed: integer('pairing_seed'),
  /** standings kept when Close removes teams and matches */
  finalStandings: jsonb('final_standings'),
  /** grows with every change of the tournament, its teams, decks or matches (live messages, caches) */
  version: integer('version').notNull().default(0),
  // ---- the event night (issue 19) ----
  /** when play starts (shown in the viewer's time zone; upcoming events are listed by it) */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  /** teams must check in before the start; Start drops those who did not */
  checkIn: boolean('check_in').notNull().default(false),
  checkInOpen: boolean('check_in_open').notNull().default(false),
  /** the host's top cut (0, 2, 4, ... 32) and Swiss rounds; null: the rule of rules.md for the number of teams */
  topCut: integer('top_cut'),
  swissRounds: integer('swiss_rounds'),
  /** minutes a round lasts (0: untimed), and a top-cut round */
  roundMinutes: integer('round_minutes').notNull().default(50),
  topCutRoundMinutes: integer('top_cut_round_minutes').notNull().default(0),
  /** sign-ups stay open through this round: late teams play from the next one, a loss for each round missed */
  lateEntryRounds: integer('late_entry_rounds').notNull().default(0),
  /** the host's Discord webhook (privileged readers only) */
  discordWebhookUrl: text('discord_webhook_url'),
  /** iCalendar SEQUENCE: raised when what a calendar shows changes (name, start, description, cancelled) */
  calendarSequence: integer('calendar_sequence').notNull().default(0),
  // ---- the record after the event (issue 20) ----
  /** which approved decks become public when the winner is marked: closed, top-cut or all */
  deckPrivacy: text('deck_privacy', { enum: ['closed', 'top-cut', 'all'] }).notNull().default('top-cut'),
  /** round 1 is seeded by the players' ratings in the event's series */
  seedByRating: boolean('seed_by_rating').notNull().default(false),
  /** counts toward its series' ratings: only an admin (auth 2) marks an event rated (issue 29) */
  rated: boolean('rated').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('tournaments_series_idx').on(t.seriesUid), index('tournaments_starts_at_idx').on(t.startsAt),
  // the events a user hosted (/admin/people)
  index('tournaments_host_idx').on(t.hostDiscordId),
]);

export const teams = pgTable('teams', {
  uid: text('uid').primaryKey(),
  tournamentUid: text('tournament_uid').notNull().references(() => tournaments.uid, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  captainDiscordId: text('captain_discord_id').notNull(),
  dropped: boolean('dropped').notNull().default(false),
  wins: integer('wins').notNull().default(0),
  losses: integer('losses').notNull().default(0),
  ties: integer('ties').notNull().default(0),
  /** 1 for the first sign-up: the engine's seed when nothing better is known */
  seed: integer('seed').notNull().default(0),
  /** checked in before the start (when the event asks for it) */
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  /** a late entry: the round during which it signed up (0: before the start); it plays from the next */
  lateEntryRound: integer('late_entry_round').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [index('teams_tournament_idx').on(t.tournamentUid)]);

export const members = pgTable('members', {
  id: serial('id').primaryKey(),
  teamUid: text('team_uid').notNull().references(() => teams.uid, { onDelete: 'cascade' }),
  tournamentUid: text('tournament_uid').notNull().references(() => tournaments.uid, { onDelete: 'cascade' }),
  discordId: text('discord_id').notNull(),
  image: text('image'),
  dropped: boolean('dropped').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index('members_team_idx').on(t.teamUid),
  // a tournament's members, and whether someone plays in it (dropped members included: decision 013)
  index('members_tournament_player_idx').on(t.tournamentUid, t.discordId),
  // a user is in at most one active team per tournament
  uniqueIndex('members_active_idx').on(t.tournamentUid, t.discordId).where(sql`dropped = false`),
  // the events a user played (/admin/people)
  index('members_player_idx').on(t.discordId),
]);

export interface ScoreReport { reporterDiscordId: string; gamesWon: number; gamesLost: number; at: string }

export const matches = pgTable('matches', {
  id: serial('id').primaryKey(),
  tournamentUid: text('tournament_uid').notNull().references(() => tournaments.uid, { onDelete: 'cascade' }),
  roundNumber: integer('round_number').notNull(),
  /** swiss, top, winners, losers, grand, rr */
  bracket: text('bracket').notNull().default('swiss'),
  position: integer('position').notNull().default(0),
  team1Uid: text('team1_uid'),
  team2Uid: text('team2_uid'),
  /** a bye: no opponent (Swiss: a 2-0 win; round robin: no match) */
  bye: boolean('bye').notNull().default(false),
  complete: boolean('complete').notNull().default(false),
  /**
   * The score: the agreed, the overridden or the only report's games. Two reports that disagree
   * leave it null (the match is disputed: the API's finalScore is null and the page says
   * 'Disputed') until a report agrees or an admin overrides; the reports keep both sides' claims.
   */
  team1Wins: integer('team1_wins'),
  team2Wins: integer('team2_wins'),
  winnerTeamUid: text('winner_team_uid'),
  reportFromTeam1: jsonb('report_from_team1').$type<ScoreReport>(),
  reportFromTeam2: jsonb('report_from_team2').$type<ScoreReport>(),
  /** an admin's override set this result: the reports (if any) are superseded; a reset of the match clears it */
  overridden: boolean('overridden').notNull().default(false),
  flaggedForReview: boolean('flagged_for_review').notNull().default(false),
  flaggedMessage: text('flagged_message'),
  /** the table of this round (1: the top of the standings); null for a bye and a missed round */
  tableNumber: integer('table_number'),
  /** time the host added to this table's clock */
  extraMinutes: integer('extra_minutes').notNull().default(0),
  /** the EDOPro room's password, for its players, the host and admins only */
  roomPassword: text('room_password'),
  /** a late entry's round before it joined: a loss with no opponent */
  missed: boolean('missed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('matches_tournament_round_idx').on(t.tournamentUid, t.roundNumber),
  // a team's matches (its W-L-T is recounted after every result)
  index('matches_team1_idx').on(t.tournamentUid, t.team1Uid),
  index('matches_team2_idx').on(t.tournamentUid, t.team2Uid),
  // one match per bracket slot: two hosts pressing Next Round at once cannot make two rounds
  uniqueIndex('matches_slot_idx').on(t.tournamentUid, t.bracket, t.roundNumber, t.position),
]);

export const decks = pgTable('decks', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  tournamentUid: text('tournament_uid').notNull().references(() => tournaments.uid, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  mainDeck: jsonb('main_deck').$type<number[]>().notNull(),
  extraDeck: jsonb('extra_deck').$type<number[]>().notNull(),
  sideDeck: jsonb('side_deck').$type<number[]>().notNull(),
  approved: boolean('approved').notNull().default(false),
  reviewerDiscordId: text('reviewer_discord_id'),
  rejectionReason: text('rejection_reason'),
  createdAt: createdAt(),
}, (t) => [index('decks_member_idx').on(t.memberId)]);

/** Uploaded images; the bytes live in DATA_DIR/uploads (or object storage). */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  ownerDiscordId: text('owner_discord_id').notNull(),
  kind: text('kind', { enum: ['temporary', 'permanent'] }).notNull(),
  mime: text('mime').notNull(),
  width: integer('width'),
  height: integer('height'),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

/** Who did what to a tournament, with the state before and after. */
export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  tournamentUid: text('tournament_uid').notNull(),
  actorDiscordId: text('actor_discord_id').notNull(),
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  at: createdAt(),
}, (t) => [index('audit_log_tournament_idx').on(t.tournamentUid)]);

/**
 * Discord messages waiting to go out (an outbox): written in the transaction of the action they tell
 * of, sent after commit, retried with backoff, so a restart or a Discord outage loses none.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').primaryKey(),
  /** the event it tells of; null for the site's own posts (a published banlist, issue 38) */
  tournamentUid: text('tournament_uid').references(() => tournaments.uid, { onDelete: 'cascade' }),
  /** what it tells of: check-in, pairings, champion, test, banlist */
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  /** exactly what is posted */
  body: jsonb('body').notNull(),
  /** the round a pairings message is about: dropped once a later round is paired */
  round: integer('round'),
  /** pending, held (restored from a backup: never sent until released, decision 026), sent, failed (gave up) or dropped (its round was over, issue 30) */
  status: text('status', { enum: ['pending', 'held', 'sent', 'failed', 'dropped'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** claimed by a sender until then: later messages of its webhook wait (one request at a time) */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  lastError: text('last_error'),
  /** Discord's JSON error code of a final refusal (10015: the webhook is gone) */
  errorCode: integer('error_code'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)]);

// ---- the public record of completed events (issue 20, decision 020) ----------------------------
// Written when the winner is marked (and rewritten by a correction), kept by Close: no foreign key
// to teams, matches or decks, which Close deletes.

export interface RecordMember { discordId: string; displayName: string; avatarUrl: string | null }
export interface RecordPlacement {
  teamId: string; teamName: string; rank: number; placement: string;
  wins: number; losses: number; ties: number; points: number; topCut: boolean; dropped: boolean;
  /** the Swiss tie-breakers (0..1); records written before issue 30 have none */
  omw?: number; oomw?: number;
  members: RecordMember[];
}
export interface RecordArchetypeCount { archetype: string; topCut: boolean; decks: number }
export interface RecordMatch {
  round: number; bracket: string; team1: string | null; team2: string | null;
  team1Wins: number | null; team2Wins: number | null; winner: string | null; bye: boolean; missed: boolean; complete: boolean;
}

export const eventRecords = pgTable('event_records', {
  tournamentUid: text('tournament_uid').primaryKey().references(() => tournaments.uid, { onDelete: 'cascade' }),
  seriesUid: text('series_uid'),
  banlistName: text('banlist_name'),
  name: text('name').notNull(),
  format: text('format').notNull(),
  deckPrivacy: text('deck_privacy').notNull(),
  championTeamUid: text('champion_team_uid'),
  /** when the winner was marked: the event's date in the meta, profiles and ratings */
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  /** teams in the top cut (or the top 8 where there was no cut) */
  topCutSize: integer('top_cut_size').notNull(),
  placements: jsonb('placements').$type<RecordPlacement[]>().notNull(),
  /** every complete match: ratings and head-to-head read them after Close */
  matches: jsonb('matches').$type<RecordMatch[]>().notNull(),
  /** grows with each rewrite (a correction) and each archetype change: the report's cache key */
  version: integer('version').notNull().default(1),
  /**
   * grows only when the decks' cards or finishes are rewritten (a correction), not when an
   * archetype is renamed: the meta's card counts of the event are kept in memory under it
   */
  decksVersion: integer('decks_version').notNull().default(1),
  /** the number of teams placed (a profile shows "3rd of 32" without reading the placements) */
  teamCount: integer('team_count').notNull().default(0),
  /**
   * the recorded decks by archetype and top cut (RecordArchetypeCount[] as JSON text), kept with the
   * decks (written with them, and again with the version when an archetype is renamed): the meta
   * reads 1,000 of these, not 64,000 decks. Text, not jsonb: PGlite turns 1,000 jsonb values back
   * into text five times slower than it hands over the same text.
   */
  archetypeCounts: text('archetype_counts').notNull().default('[]'),
  updatedAt: updatedAt(),
}, (t) => [index('event_records_series_idx').on(t.seriesUid, t.completedAt), index('event_records_completed_idx').on(t.completedAt)]);

/** One row per player per completed event: profiles and the leaderboard. */
export const recordPlayers = pgTable('record_players', {
  tournamentUid: text('tournament_uid').notNull().references(() => eventRecords.tournamentUid, { onDelete: 'cascade' }),
  discordId: text('discord_id').notNull(),
  teamUid: text('team_uid').notNull(),
  seriesUid: text('series_uid'),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  rank: integer('rank').notNull(),
  placement: text('placement').notNull(),
  wins: integer('wins').notNull(),
  losses: integer('losses').notNull(),
  ties: integer('ties').notNull(),
  champion: boolean('champion').notNull().default(false),
  topCut: boolean('top_cut').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.tournamentUid, t.discordId] }), index('record_players_player_idx').on(t.discordId, t.completedAt)]);

/**
 * Each rated match of a completed event, once from each player's side (byes, missed rounds,
 * unplayed and incomplete matches left out, as ratings leave them out): a profile's head-to-head
 * is one indexed aggregate instead of a walk through the placements and matches of every event.
 */
export const recordMeetings = pgTable('record_meetings', {
  tournamentUid: text('tournament_uid').notNull().references(() => eventRecords.tournamentUid, { onDelete: 'cascade' }),
  discordId: text('discord_id').notNull(),
  opponentId: text('opponent_id').notNull(),
  /** the opponent's name as this record has it (players who never signed in) */
  opponentName: text('opponent_name').notNull(),
  /** 1 the player won, 0 a tie, -1 a loss */
  result: smallint('result').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
}, (t) => [index('record_meetings_player_idx').on(t.discordId, t.opponentId), index('record_meetings_tournament_idx').on(t.tournamentUid)]);

/**
 * The approved decks of a completed event. A published deck keeps its cards, team and player; an
 * unpublished one only its archetype and whether it reached the cut (the event's archetype shares),
 * with no cards and no owner. deckPrivacy 'closed' writes none.
 */
export const recordDecks = pgTable('record_decks', {
  id: serial('id').primaryKey(),
  tournamentUid: text('tournament_uid').notNull().references(() => eventRecords.tournamentUid, { onDelete: 'cascade' }),
  published: boolean('published').notNull(),
  teamUid: text('team_uid'),
  discordId: text('discord_id'),
  label: text('label'),
  rank: integer('rank').notNull(),
  placement: text('placement').notNull(),
  topCut: boolean('top_cut').notNull(),
  /** the archetype shown: the rule's, or the host's or an admin's correction */
  archetype: text('archetype').notNull(),
  /** the rule's name (kept so a correction can be undone) */
  archetypeAuto: text('archetype_auto').notNull(),
  correctedBy: text('corrected_by'),
  mainDeck: jsonb('main_deck').$type<number[]>().notNull(),
  extraDeck: jsonb('extra_deck').$type<number[]>().notNull(),
  sideDeck: jsonb('side_deck').$type<number[]>().notNull(),
}, (t) => [index('record_decks_tournament_idx').on(t.tournamentUid), index('record_decks_player_idx').on(t.discordId)]);

/** Ratings per series, recomputed from every event of the series when one is recorded or corrected. */
export const playerRatings = pgTable('player_ratings', {
  seriesUid: text('series_uid').notNull(),
  discordId: text('discord_id').notNull(),
  rating: doublePrecision('rating').notNull(),
  rd: doublePrecision('rd').notNull(),
  vol: doublePrecision('vol').notNull(),
  events: integer('events').notNull(),
  /** rated leagues in which the player had a complete match (their matches move the rating too) */
  leagues: integer('leagues').notNull().default(0),
  wins: integer('wins').notNull().default(0),
  losses: integer('losses').notNull().default(0),
  ties: integer('ties').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.seriesUid, t.discordId] }), index('player_ratings_board_idx').on(t.seriesUid, t.rating)]);

/** Admins' named signatures for decks no archetype names (Goat Control, Chaos, Warrior). */
export const archetypeSignatures = pgTable('archetype_signatures', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cards: jsonb('cards').$type<number[]>().notNull(),
  /** how many different marking cards a deck must hold (null: all) */
  min: integer('min'),
  /** the table's order: the first signature a deck matches names it */
  position: integer('position').notNull().default(0),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('archetype_signatures_name_idx').on(t.name)]);

/** A user's Discord bot settings (issue 31): direct messages off, and later their DM channel. */
export const discordUsers = pgTable('discord_users', {
  discordId: text('discord_id').primaryKey().references(() => users.discordId, { onDelete: 'cascade' }),
  /** the player turned the bot's direct messages off (/notifications off) */
  dmOff: boolean('dm_off').notNull().default(false),
  /** the DM channel with the bot, once opened: a round costs one call per player after the first */
  dmChannelId: text('dm_channel_id'),
  updatedAt: updatedAt(),
});

/**
 * The bot's direct messages (issue 31), an outbox like webhook_deliveries: written in the action's
 * transaction, sent by a worker, retried with backoff; 'failed' is final (error_code 50007: the
 * user takes no direct messages, which the host sees).
 */
export const discordDms = pgTable('discord_dms', {
  id: serial('id').primaryKey(),
  discordId: text('discord_id').notNull().references(() => users.discordId, { onDelete: 'cascade' }),
  /** the event it tells of; null for what the site tells of a person (a new level, a suspension, a request to host: issue 39) */
  tournamentUid: text('tournament_uid').references(() => tournaments.uid, { onDelete: 'cascade' }),
  /** what it tells of: pairing, opponent-report, check-in-open, no-show, top-cut, dispute-settled, final-result, level, suspended, suspension-lifted, host-request */
  kind: text('kind').notNull(),
  body: jsonb('body').notNull(),
  /** as webhook_deliveries: 'held' is a restored backup's, never sent until released (decision 026) */
  status: text('status', { enum: ['pending', 'held', 'sent', 'failed'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  lastError: text('last_error'),
  /** Discord's JSON error code of a final refusal (50007) */
  errorCode: integer('error_code'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
}, (t) => [index('discord_dms_due_idx').on(t.status, t.nextAttemptAt), index('discord_dms_tournament_idx').on(t.tournamentUid)]);

/**
 * Interactions the bot has acted on (issue 38 §2): a second delivery of the same signed interaction
 * is answered with the first answer, not acted on again. Kept until its signature's timestamp can no
 * longer pass the five-minute check, then deleted.
 */
export const discordInteractions = pgTable('discord_interactions', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** the answer given, once there is one */
  response: jsonb('response'),
}, (t) => [index('discord_interactions_expires_idx').on(t.expiresAt)]);

/** A player's request to host (issue 39): at most one open per user; admins approve (curator) or decline with a reason. */
export const hostRequests = pgTable('host_requests', {
  id: serial('id').primaryKey(),
  discordId: text('discord_id').notNull().references(() => users.discordId, { onDelete: 'cascade' }),
  note: text('note').notNull().default(''),
  status: text('status', { enum: ['open', 'approved', 'declined'] }).notNull().default('open'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: text('decided_by'),
  /** why it was declined */
  reason: text('reason'),
}, (t) => [
  // one open request per user: a second insert loses (409)
  uniqueIndex('host_requests_open_idx').on(t.discordId).where(sql`status = 'open'`),
  index('host_requests_user_idx').on(t.discordId),
]);

/**
 * Every admin action of the site (issue 39): levels, suspensions, requests to host, banlist imports
 * and deletes, send-offs, rated marks, events cancelled. Newest first by id. The subject's name is
 * kept as it was, so a deleted list or a renamed user still reads.
 */
export const adminLog = pgTable('admin_log', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** null: the operator's CLI */
  actorDiscordId: text('actor_discord_id'),
  action: text('action').notNull(),
  /** user, banlist, tournament, host-request */
  subjectKind: text('subject_kind').notNull(),
  subjectId: text('subject_id').notNull(),
  subjectName: text('subject_name'),
  /** what changed: from and to, the reason, the end of a suspension, a list's name */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
}, (t) => [index('admin_log_actor_idx').on(t.actorDiscordId, t.id), index('admin_log_subject_idx').on(t.subjectKind, t.subjectId, t.id)]);

// ---- the league (issue 41, decision 042) -------------------------------------------------------

/** The duel settings and deck checks a league copied from its series when it was created. */
export interface LeagueSettings {
  relay: boolean; dontShuffleDeck: boolean; dontCheckDeckContents: boolean; dontCheckDeckSize: boolean; tcgSegocRulings: boolean;
  startingLp: number; startingHand: number; cardsPerDraw: number;
  minMainDeckSize: number; maxMainDeckSize: number; minExtraDeckSize: number; maxExtraDeckSize: number; minSideDeckSize: number; maxSideDeckSize: number;
  ruleOptions: string[]; cardTypeFilters: string[];
}

/**
 * A league: a series' rules and one banlist from a start to an end. Every write locks its row and
 * moves `version` on (the queue pairs under that lock); `leaderboard_version` moves with results and runs.
 */
export const leagues = pgTable('leagues', {
  id: text('id').primaryKey(),
  /** the series it belongs to, and its name then (the series may be renamed or deleted later) */
  seriesId: text('series_id').notNull(),
  seriesName: text('series_name').notNull(),
  name: text('name').notNull(),
  /** the site's list it runs on, by date (null: the series' own list, or none on purpose) */
  banlistDate: text('banlist_date'),
  banlistName: text('banlist_name'),
  /** the .lflist.conf text the decks are checked against (null: no list) */
  banlist: text('banlist'),
  settings: jsonb('settings').$type<LeagueSettings>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  matchesPerRun: integer('matches_per_run').notNull(),
  bestOf: integer('best_of').notNull(),
  confirmHours: integer('confirm_hours').notNull(),
  /** which runs' decks become public once final: closed, top-cut (the top 8) or all */
  deckPrivacy: text('deck_privacy', { enum: ['closed', 'top-cut', 'all'] }).notNull(),
  /** its matches move ratings: only an admin marks a league rated (as events, decision 028) */
  rated: boolean('rated').notNull().default(false),
  createdBy: text('created_by').notNull(),
  version: integer('version').notNull().default(1),
  leaderboardVersion: integer('leaderboard_version').notNull().default(1),
  /** the end was settled: reports stood, runs closed, the queue emptied */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** the leaderboard became final (the end with nothing open, or the hosts' day over) */
  finalAt: timestamp('final_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('leagues_series_idx').on(t.seriesId), index('leagues_ends_at_idx').on(t.endsAt)]);

/**
 * A run: one player and one deck (fixed for the run), up to matchesPerRun matches. Its counts are
 * made again from its complete matches after every result (the profiles and the meta read them).
 */
export const leagueRuns = pgTable('league_runs', {
  id: serial('id').primaryKey(),
  leagueId: text('league_id').notNull().references(() => leagues.id, { onDelete: 'cascade' }),
  discordId: text('discord_id').notNull(),
  /** active, complete (played all its matches), retired, closed (by the league's end) */
  status: text('status', { enum: ['active', 'complete', 'retired', 'closed'] }).notNull().default('active'),
  mainDeck: jsonb('main_deck').$type<number[]>().notNull(),
  extraDeck: jsonb('extra_deck').$type<number[]>().notNull(),
  sideDeck: jsonb('side_deck').$type<number[]>().notNull(),
  /** matches paired, and played (reported or decided) */
  matchCount: integer('match_count').notNull().default(0),
  played: integer('played').notNull().default(0),
  /** the match it is playing (paired, not reported yet): a run plays one at a time */
  currentMatchId: integer('current_match_id'),
  wins: integer('wins').notNull().default(0),
  losses: integer('losses').notNull().default(0),
  gamesWon: integer('games_won').notNull().default(0),
  gamesLost: integer('games_lost').notNull().default(0),
  /** the time of the result that gave it its last point: "who got there first" */
  pointsAt: timestamp('points_at', { withTimezone: true }),
  /** in the queue since, and until (an entry lasts 15 minutes); null: not in it */
  queuedAt: timestamp('queued_at', { withTimezone: true }),
  queuedUntil: timestamp('queued_until', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** the league version of the write that last changed its counts: a leaderboard kept in memory reads only the runs past its own */
  boardVersion: integer('board_version').notNull().default(0),
}, (t) => [
  index('league_runs_league_player_idx').on(t.leagueId, t.discordId),
  index('league_runs_board_idx').on(t.leagueId, t.boardVersion),
  // at most one active run per player per league: a second insert loses (409)
  uniqueIndex('league_runs_active_idx').on(t.leagueId, t.discordId).where(sql`status = 'active'`),
  // the queue: entries of a league by when they lapse
  index('league_runs_queue_idx').on(t.leagueId, t.queuedUntil).where(sql`queued_until is not null`),
  // a player's runs in every league (profiles)
  index('league_runs_player_idx').on(t.discordId),
]);

/**
 * A league match between two runs, the lower run id first: the unique pair is the database's own
 * "two runs meet at most once". The result is each side's games and the winning run.
 */
export const leagueMatches = pgTable('league_matches', {
  id: serial('id').primaryKey(),
  leagueId: text('league_id').notNull().references(() => leagues.id, { onDelete: 'cascade' }),
  run1Id: integer('run1_id').notNull().references(() => leagueRuns.id, { onDelete: 'cascade' }),
  run2Id: integer('run2_id').notNull().references(() => leagueRuns.id, { onDelete: 'cascade' }),
  player1Id: text('player1_id').notNull(),
  player2Id: text('player2_id').notNull(),
  /** playing, reported, disputed, complete, void */
  state: text('state', { enum: ['playing', 'reported', 'disputed', 'complete', 'void'] }).notNull().default('playing'),
  roomPassword: text('room_password').notNull(),
  /** run 1's and run 2's games: the report's claim, then the result */
  games1: integer('games1'),
  games2: integer('games2'),
  winnerRunId: integer('winner_run_id'),
  reportedBy: text('reported_by'),
  /** the report as made (run 1's and run 2's games): a host's decision replaces the result, not what was reported */
  reportGames1: integer('report_games1'),
  reportGames2: integer('report_games2'),
  reportedAt: timestamp('reported_at', { withTimezone: true }),
  confirmBy: timestamp('confirm_by', { withTimezone: true }),
  disputedBy: text('disputed_by'),
  disputedAt: timestamp('disputed_at', { withTimezone: true }),
  disputeReason: text('dispute_reason'),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** confirmed, stood or decided */
  resolution: text('resolution', { enum: ['confirmed', 'stood', 'decided'] }),
  /** when the result was played: its report, else its decision (the leaderboard's "first") */
  resultAt: timestamp('result_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('league_matches_pair_idx').on(t.run1Id, t.run2Id),
  index('league_matches_run2_idx').on(t.run2Id),
  index('league_matches_league_idx').on(t.leagueId, t.state),
  // reports waiting for an answer, by when they stand
  index('league_matches_confirm_idx').on(t.leagueId, t.confirmBy).where(sql`state = 'reported'`),
  index('league_matches_player1_idx').on(t.player1Id),
  index('league_matches_player2_idx').on(t.player2Id),
]);

// ---- the league's record (issue 41, decision 042's "The record") -------------------------------
// Written when a league's leaderboard becomes final, in that transaction: what the meta, the card
// pages, profiles and ratings read of a league, as event_records is of an event. A league keeps its
// runs (their decks) and matches: the record adds what the end decided, the places, which runs are
// published, each run's archetype.

/** One row per final league. */
export const leagueRecords = pgTable('league_records', {
  leagueId: text('league_id').primaryKey().references(() => leagues.id, { onDelete: 'cascade' }),
  seriesId: text('series_id').notNull(),
  /** the list's name the runs were checked against (null: none), as the meta's banlist filter reads it */
  banlistName: text('banlist_name'),
  /** when the leaderboard became final: the league's date in the meta, card pages and ratings */
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  deckPrivacy: text('deck_privacy', { enum: ['closed', 'top-cut', 'all'] }).notNull(),
  /** grows when what the report shows changes without a rewrite (the rated mark, a reclassification): the caches' key */
  version: integer('version').notNull().default(1),
  /** grows only when the runs' cards or places are written again: the meta keeps the league's card counts under it */
  decksVersion: integer('decks_version').notNull().default(1),
  /** the counted runs by archetype and top 8 (RecordArchetypeCount[] as JSON text), as event_records.archetype_counts */
  archetypeCounts: text('archetype_counts').notNull().default('[]'),
  updatedAt: updatedAt(),
}, (t) => [index('league_records_series_idx').on(t.seriesId, t.completedAt), index('league_records_completed_idx').on(t.completedAt)]);

/**
 * The runs a final league counts (those with a complete match): the player's place, whether the
 * player made the top 8, whether the deck is published, and the archetype the rule named. The cards
 * stay in league_runs; an unpublished run is only counted by its archetype, never shown.
 */
export const leagueRecordRuns = pgTable('league_record_runs', {
  runId: integer('run_id').primaryKey().references(() => leagueRuns.id, { onDelete: 'cascade' }),
  leagueId: text('league_id').notNull().references(() => leagueRecords.leagueId, { onDelete: 'cascade' }),
  /** the player's place on the final leaderboard */
  place: integer('place').notNull(),
  topCut: boolean('top_cut').notNull(),
  published: boolean('published').notNull(),
  archetype: text('archetype').notNull(),
  archetypeAuto: text('archetype_auto').notNull(),
}, (t) => [index('league_record_runs_league_idx').on(t.leagueId, t.place)]);
