// The event night (issue 19): the host's event settings (start time, check-in, top cut and Swiss
// rounds, round timers, late entry, Discord webhook), and the requests of check-in, the round
// timer, pairing fixes and exports. One schema, three uses, as the rest of src/domain/api.
import { z } from 'zod';
import { banlistDateSchema } from './banlists.ts';
import { deckPrivacySchema } from './records.ts';

/** Top cut sizes a host may choose (0: no cut). */
export const TOP_CUT_SIZES = [0, 2, 4, 8, 16, 32] as const;
export const SWISS_ROUNDS_MAX = 20;
export const ROUND_MINUTES_MAX = 240;
export const LATE_ENTRY_ROUNDS_MAX = 3;
export const EXTEND_MINUTES_MAX = 30;
export const DEFAULT_ROUND_MINUTES = 50;

/** Discord's own webhook addresses only: a host cannot make the server post elsewhere. */
export const DISCORD_WEBHOOK_URL = /^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\/\d{1,25}\/[\w-]{1,100}$/;

const whole = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,6}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${field}: must be a whole number` }).int(`${field}: must be a whole number`)
      .min(min, `${field}: must be at least ${min}`).max(max, `${field}: must be at most ${max}`),
  );

const startsAt = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso.datetime({ offset: true, error: 'startsAt: must be a date and time such as 2026-12-05T19:00:00Z' })
    .transform((s) => new Date(s).toISOString())
    .nullable(),
);
const checkInLike = (field: string) => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: `${field}: must be true or false` }));
const checkIn = checkInLike('checkIn');
const topCut = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.union(TOP_CUT_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]], {
    error: `topCut: must be one of ${TOP_CUT_SIZES.join(', ')}`,
  }).nullable(),
);
const discordWebhookUrl = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
  z.string().max(300, 'discordWebhookUrl: is too long')
    .regex(DISCORD_WEBHOOK_URL, 'discordWebhookUrl: must be a Discord webhook URL (https://discord.com/api/webhooks/…)')
    .nullable(),
);

/**
 * The Event tab's fields, as POST /api/tournaments/host takes them (with defaults) and
 * PATCH /api/tournaments/{id}/settings changes them (a field left out stays; null clears).
 * `topCut` and `swissRounds` null mean the rule of rules.md for the number of teams at the start.
 */
export const eventSettingsFields = {
  startsAt: startsAt.optional(),
  checkIn: checkIn.optional(),
  topCut: topCut.optional(),
  swissRounds: whole('swissRounds', 1, SWISS_ROUNDS_MAX).nullable().optional(),
  roundMinutes: whole('roundMinutes', 0, ROUND_MINUTES_MAX).optional(),
  topCutRoundMinutes: whole('topCutRoundMinutes', 0, ROUND_MINUTES_MAX).optional(),
  lateEntryRounds: whole('lateEntryRounds', 0, LATE_ENTRY_ROUNDS_MAX).optional(),
  discordWebhookUrl: discordWebhookUrl.optional(),
  /** which approved decks become public when the winner is marked (issue 20) */
  deckPrivacy: deckPrivacySchema.optional(),
  /** round 1 is seeded by the players' ratings in the event's series */
  seedByRating: checkInLike('seedByRating').optional(),
};

/**
 * PATCH /api/tournaments/{id}/settings (host or privileged): the Event tab's fields and, before the
 * start, the banlist: `banlistDate` the site's list of that date (the host form's key), null none.
 */
export const eventSettingsBodySchema = z.object(
  { ...eventSettingsFields, banlistDate: banlistDateSchema.nullable().optional() },
  { error: 'The body must be a JSON object' },
).strict();
export type EventSettingsBody = z.input<typeof eventSettingsBodySchema>;

/** What every tournament read carries of the event night. */
export const eventNightReply = {
  startsAt: z.string().nullable(),
  checkIn: z.boolean(),
  /** check-in: open, and how many active teams have checked in of how many */
  checkInStatus: z.object({ open: z.boolean(), checkedIn: z.number().int(), total: z.number().int() }),
  topCut: z.number().int().nullable(),
  swissRounds: z.number().int().nullable(),
  roundMinutes: z.number().int(),
  topCutRoundMinutes: z.number().int(),
  lateEntryRounds: z.number().int(),
  /** sign-ups are open now as late entries (the event started, within lateEntryRounds) */
  lateEntryOpen: z.boolean(),
  /** when the current round's clock reaches zero (null: untimed, or no round running) */
  roundEndsAt: z.string().nullable(),
  /** the host's webhook: present only in an admin's or the host's read */
  discordWebhookUrl: z.string().nullable().optional(),
  deckPrivacy: deckPrivacySchema,
  seedByRating: z.boolean(),
};

/** What a team carries of the event night. */
export const eventNightTeamReply = {
  checkedIn: z.boolean(),
  /** 0: signed up before the start; n: a late entry during round n, playing from round n + 1 */
  lateEntryRound: z.number().int(),
};

export const roomSchema = z.object({ name: z.string(), password: z.string() });
export type Room = z.infer<typeof roomSchema>;

/** What a match carries of the event night. */
export const eventNightMatchReply = {
  /** the table of its round (1: the top of the standings); null for a bye or a missed round */
  table: z.number().int().nullable(),
  /** time the host added to this table */
  extraMinutes: z.number().int(),
  /** when this table's clock reaches zero: the round's end plus its extra minutes (null: untimed) */
  endsAt: z.string().nullable(),
  /** a late entry's round before it joined: a loss with no opponent */
  missed: z.boolean(),
  /** the EDOPro room: only in GET .../matches/{mid} to its players, the host and admins */
  room: roomSchema.optional(),
};

/** POST .../matches/{mid}/extend */
export const extendBodySchema = z.object({ minutes: whole('minutes', 1, EXTEND_MINUTES_MAX) }, { error: 'The body must be a JSON object' });

const swapSide = z.object({
  matchId: z.number({ error: 'matchId: must be a match id' }).int().min(1),
  teamId: z.string({ error: 'teamId: must be a team id' }).min(1).max(64),
});
/** POST .../matches/swap: the two teams change places between two matches of the current round. */
export const swapBodySchema = z.object({ a: swapSide, b: swapSide }, { error: 'The body must be a JSON object' });
export type SwapBody = z.infer<typeof swapBodySchema>;

/** ?round= of the pairings exports (the current round when left out). */
export const roundQuerySchema = z.object({ round: z.coerce.number().int().min(1).max(10_000).optional() });
