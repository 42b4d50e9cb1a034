import { z } from 'zod';
import { CARD_STATUSES } from '../banlists/statuses.ts';
import { CARD_TYPES } from '../banlists/card-types.ts';

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
  /** the original card when this passcode is an alternate artwork of it, else 0 */
  alias: z.number().int(),
  cardType: cardTypeSchema,
  formatStatus: cardStatusSchema,
  advancedFormatStatus: cardStatusSchema,
  previousFormatStatus: cardStatusSchema,
  reason: z.string().nullable(),
  poster: posterSchema,
  /** the card's point value on a `$genesys` points list (its formatStatus is then UNLIMITED); null on a copy-count list */
  points: z.number().int().nullable(),
});
export type BanlistEntry = z.infer<typeof banlistEntrySchema>;

export const banlistDatesSchema = z.array(z.string());

export const BANLIST_KINDS = ['format', 'reference'] as const;

/** One item of GET /api/banlists/summaries (every list, format and reference, newest first), and GET /api/banlists/{date}/summary. */
export const banlistSummarySchema = z.object({
  date: z.string(),
  kind: z.enum(BANLIST_KINDS),
  name: z.string(),
  whitelist: z.boolean(),
  entries: z.number().int(),
  /**
   * The list's EDOPro hash, the uint32 by which EDOPro tells lists apart between host and players: the hash of the
   * file GET /api/banlists/{date}/lflist serves, which for an imported list is the imported file's (decision 027).
   * A number, as EDOPro's room lists carry it (`banlist_hash`).
   */
  hash: z.number().int().min(0).max(0xffffffff),
  /** a `$genesys` points list: its counts are point values, not copy limits */
  points: z.boolean(),
});
export type BanlistSummary = z.infer<typeof banlistSummarySchema>;

/** Query of PUT /api/banlists/{date} (the body is the .lflist.conf text). */
export const banlistImportQuerySchema = z.object({
  list: z.string().min(1, 'list: name a list of the file').optional(),
  reference: z.enum(['true', 'false', '1', '0'], { error: 'reference: true or false' }).optional().transform((v) => v === 'true' || v === '1'),
});

/** Answer of PUT /api/banlists/{date}. */
export const banlistImportResultSchema = z.object({
  date: z.string(),
  name: z.string(),
  whitelist: z.boolean(),
  /** number of cards stored */
  entries: z.number().int(),
  /** lines EDOPro would ignore (junk, code 0, tab separators, ...) */
  skippedLines: z.number().int(),
  reference: z.boolean(),
});
export type BanlistImportResult = z.infer<typeof banlistImportResultSchema>;

export const MAX_REASON_LENGTH = 2000;
/** Body of PUT /api/banlists/{date}/entries/{id}/reason (text/plain). */
export const banlistReasonSchema = z
  .string({ error: 'reason: send the reason as text/plain' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'reason: the reason must not be blank').max(MAX_REASON_LENGTH, `reason: at most ${MAX_REASON_LENGTH} characters`));

/** File name of a downloaded list (spec 1 §5). */
export const lflistFileName = (date: string, formatName: string) => `${date}_${formatName}.lflist.conf`;
