// Issue 32 §2 and §3: a card's history (GET /api/cards/{passcode}/history) and two lists side by
// side (GET /api/banlists/compare).
import { z } from 'zod';
import { CHANGE_GROUPS } from '../banlists/compare.ts';
import { VOTE_VALUES } from '../judgement/votes.ts';
import { banlistDateSchema, cardStatusSchema } from './banlists.ts';

export const compareQuerySchema = z.object({
  from: banlistDateSchema.describe('the earlier list’s date'),
  to: banlistDateSchema.describe('the later list’s date'),
});

const comparedListSchema = z.object({ date: z.string(), name: z.string(), whitelist: z.boolean(), points: z.boolean() });

/** One change of GET /api/banlists/compare: statuses are effective ones (NONE: not on the whitelist). */
export const listChangeSchema = z.object({
  passcode: z.number().int(),
  /** the card's name (an alternate passcode's is its card's) */
  name: z.string(),
  /** for another passcode of a card by the same name (an alternate artwork, a pre-errata version): that card's passcode, else null */
  alternateOf: z.number().int().nullable(),
  group: z.enum(CHANGE_GROUPS),
  fromStatus: cardStatusSchema,
  toStatus: cardStatusSchema,
  /** point values on a `$genesys` points list, else null */
  fromPoints: z.number().int().nullable(),
  toPoints: z.number().int().nullable(),
});
export type ListChangeBody = z.infer<typeof listChangeSchema>;

export const listComparisonSchema = z.object({
  from: comparedListSchema,
  to: comparedListSchema,
  /** by group (newly Forbidden … Unlimited, off the whitelist, on it, new points), then by name */
  changes: z.array(listChangeSchema),
});
export type ListComparison = z.infer<typeof listComparisonSchema>;

const personSchema = z.object({ discordId: z.string(), displayName: z.string() });

/** A judgement entry that a send-off published, with every admin's vote as it was then. */
export const sentOffEntrySchema = z.object({
  reason: z.string(),
  poster: personSchema,
  /** the status the admins decided */
  status: cardStatusSchema,
  decidedAt: z.string(),
  votes: z.array(personSchema.extend({ vote: z.enum(VOTE_VALUES) })),
});
export type SentOffEntry = z.infer<typeof sentOffEntrySchema>;

/** The card on one format list of the site. */
export const cardStatusStepSchema = z.object({
  date: z.string(),
  name: z.string(),
  whitelist: z.boolean(),
  /** effective: NONE is not on a whitelist; a plain list's unlisted card is UNLIMITED */
  status: cardStatusSchema,
  points: z.number().int().nullable(),
  change: z.enum(['FIRST', 'CHANGED', 'SAME']),
  /** absent on the first list (not null: the document's enum has no null) */
  previousStatus: cardStatusSchema.optional(),
  previousPoints: z.number().int().nullable(),
  /** the judgement entries whose send-off published this list's status of the card */
  judgements: z.array(sentOffEntrySchema),
});
export type CardStatusStep = z.infer<typeof cardStatusStepSchema>;

/** One calendar month (UTC) of recorded events and final leagues: the published decks (a league's runs among them) and this card in them. */
export const cardMetaMonthSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  events: z.number().int(),
  /** leagues that became final that month */
  leagues: z.number().int(),
  decks: z.number().int(),
  playing: z.number().int(),
  /** of decks and playing: the leagues' published runs */
  leagueDecks: z.number().int(),
  leaguePlaying: z.number().int(),
  share: z.number(),
  /** copies per deck that plays it (Main and Extra) */
  averageCopies: z.number(),
  topCutDecks: z.number().int(),
  topCutPlaying: z.number().int(),
  topCutShare: z.number(),
});
export type CardMetaMonth = z.infer<typeof cardMetaMonthSchema>;

export const cardDecklistSchema = z.object({
  deckId: z.number().int(),
  tournamentUid: z.string(),
  eventName: z.string(),
  date: z.string(),
  player: z.string(),
  placement: z.string(),
  archetype: z.string(),
  copies: z.number().int(),
});
export type CardDecklist = z.infer<typeof cardDecklistSchema>;

export const CARD_DECKLISTS_MAX = 20;

/** GET /api/cards/{passcode}/history. */
export const cardHistorySchema = z.object({
  passcode: z.number().int(),
  name: z.string(),
  /** EDOPro archetype names of its setcodes (strings.conf) */
  archetypes: z.array(z.string()),
  /** the card's alternate artworks (its original first when this passcode is an artwork) */
  artworks: z.array(z.number().int()),
  /** one per format list of the site, oldest first */
  statuses: z.array(cardStatusStepSchema),
  /** its meta month by month, oldest first: the events and leagues played on one of the site's format lists (every one when none is) */
  meta: z.array(cardMetaMonthSchema),
  /** the newest public decklists that play it, at most CARD_DECKLISTS_MAX */
  decklists: z.array(cardDecklistSchema),
  /** how many published decks play it in all */
  decklistCount: z.number().int(),
});
export type CardHistory = z.infer<typeof cardHistorySchema>;
