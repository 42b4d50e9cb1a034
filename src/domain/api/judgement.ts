import { z } from 'zod';
import { cardStatusSchema } from './banlists.ts';
import { discordIdSchema } from './users.ts';
import { VOTE_VALUES } from '../judgement/votes.ts';
import { REASON_MAX_LENGTH } from '../judgement/limits.ts';

export { REASON_MAX_LENGTH };

export const voteSchema = z.enum(VOTE_VALUES, { error: `must be one of ${VOTE_VALUES.map((v) => `'${v}'`).join(', ')}` });

export const reasonSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be blank')
  .max(REASON_MAX_LENGTH, `must be at most ${REASON_MAX_LENGTH} characters`);

export const judgementPosterSchema = z.object({
  discordId: z.string(),
  displayName: z.string(),
  username: z.string(),
});

/** One row of GET /api/judgement, and the body of an entry message on /topic/judgement. */
export const judgementEntrySchema = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  cardName: z.string(),
  poster: judgementPosterSchema,
  reason: z.string(),
  /** admin discordId → vote, for the current admins who voted */
  votes: z.record(z.string(), voteSchema),
  /** the card's status on the newest format banlist; NONE when it is not on it */
  currentStatus: cardStatusSchema,
  currentOpinion: voteSchema,
  /** the board's send-off date (null until an admin sets one) */
  effectiveDate: z.string().nullable(),
});
export type JudgementEntry = z.infer<typeof judgementEntrySchema>;

/**
 * POST /api/judgement. The spec's client sends the poster as an object or an id, and cardName
 * and effectiveDate too: the poster must be the session user; the name comes from the card table.
 */
export const proposeBodySchema = z.object({
  // passcodes are uint32 (edopro.md §4)
  cardId: z.coerce.number({ error: 'must be a card id' }).int('must be a card id').positive('must be a card id').max(0xffffffff, 'must be a card id'),
  cardName: z.string().optional(),
  poster: z.union([discordIdSchema, z.object({ discordId: discordIdSchema }).loose()]).nullish(),
  reason: reasonSchema,
  votes: z.record(z.string(), voteSchema).nullish(),
  effectiveDate: z.string().nullish(),
});
export type ProposeBody = z.input<typeof proposeBodySchema>;

/** The `?adminId=&vote=` of POST /api/judgement/{id}/vote. */
export const voteQuerySchema = z.object({
  adminId: discordIdSchema.optional(),
  vote: voteSchema,
});

/** GET /api/judgement/sendoff-status and every message on /topic/judgement/sendoff. */
export const sendoffStatusSchema = z.object({
  pressed: z.array(z.string()),
  sendoffDate: z.string().nullable(),
});
export type SendoffStatus = z.infer<typeof sendoffStatusSchema>;

/** POST /api/judgement/sendoff-toggle: the new state, and the banlist when this press published one. */
export const sendoffToggleResponseSchema = sendoffStatusSchema.extend({
  published: z.object({ date: z.string(), name: z.string(), changed: z.number().int() }).nullable(),
});
export type SendoffToggleResponse = z.infer<typeof sendoffToggleResponseSchema>;

/** A delete on /topic/judgement. */
export const judgementDeletedMessageSchema = z.object({ action: z.literal('deleted'), entry: judgementEntrySchema });

/** Anything /topic/judgement carries: one entry, the whole board, or a deletion. */
export const judgementMessageSchema = z.union([judgementDeletedMessageSchema, judgementEntrySchema, z.array(judgementEntrySchema)]);
export type JudgementMessage = z.infer<typeof judgementMessageSchema>;
