import { z } from 'zod';
import { CARD_STATUSES } from '../banlist/statuses.ts';
import { CARD_TYPES } from '../banlist/card-types.ts';

export const banlistDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A banlist date is YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a real calendar date');

export const cardStatusSchema = z.enum(CARD_STATUSES);
export const cardTypeSchema = z.enum(CARD_TYPES);

export const posterSchema = z
  .object({ discordId: z.string(), username: z.string().nullable(), displayName: z.string().nullable() })
  .nullable();

/** One entry of GET /api/banlists/{date}. */
export const banlistEntrySchema = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  cardName: z.string(),
  cardType: cardTypeSchema,
  formatStatus: cardStatusSchema,
  advancedFormatStatus: cardStatusSchema,
  previousFormatStatus: cardStatusSchema,
  reason: z.string().nullable(),
  poster: posterSchema,
});
export type BanlistEntry = z.infer<typeof banlistEntrySchema>;

export const banlistDatesSchema = z.array(z.string());
