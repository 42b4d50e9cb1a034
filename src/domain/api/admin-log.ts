// GET /api/admin/log (issue 39 §1): every admin action of the site, newest first, filterable.
import { z } from 'zod';
import { ADMIN_ACTIONS, SUBJECT_KINDS } from '../admin-log/actions.ts';
import { banlistDateSchema } from './banlists.ts';
import { pageQuerySchema } from './people.ts';
import { discordIdSchema } from './users.ts';

export const ADMIN_LOG_PAGE_SIZE = 50;

export const adminActionSchema = z.enum(ADMIN_ACTIONS, { error: `action: one of ${ADMIN_ACTIONS.join(', ')}` });

export const adminLogQuerySchema = z.object({
  /** who acted (a Discord id) */
  actor: discordIdSchema.optional(),
  action: adminActionSchema.optional(),
  /** whom or what it was about: a Discord id, a banlist date, an event's id */
  subject: z.string().min(1).max(100, 'subject: at most 100 characters').optional(),
  /** from this day (UTC, YYYY-MM-DD) */
  from: banlistDateSchema.optional(),
  /** to this day, included */
  to: banlistDateSchema.optional(),
  page: pageQuerySchema,
});
export type AdminLogQuery = z.input<typeof adminLogQuerySchema>;

/** What changed, by action: the levels, the reason, a suspension's end, a list's name and size. */
export const adminLogDetailsSchema = z.object({
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  reason: z.string().optional(),
  until: z.string().nullable().optional(),
  note: z.string().optional(),
  name: z.string().optional(),
  kind: z.string().optional(),
  entries: z.number().int().optional(),
  cards: z.number().int().optional(),
  /** the operator's CLI, not a person on the site */
  cli: z.boolean().optional(),
});
export type AdminLogDetails = z.infer<typeof adminLogDetailsSchema>;

export const adminLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().datetime({ offset: true }),
  /** null: the operator's command line */
  actor: z.object({ discordId: z.string(), name: z.string() }).nullable(),
  action: adminActionSchema,
  subject: z.object({ kind: z.enum(SUBJECT_KINDS), id: z.string(), name: z.string() }),
  details: adminLogDetailsSchema,
});
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;

export const adminLogPageSchema = z.object({
  entries: z.array(adminLogEntrySchema),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;
