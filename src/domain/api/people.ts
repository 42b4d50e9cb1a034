// People and roles from the site (issue 39 §1): the admins' list of users, levels, suspensions and
// requests to host, and the host's view of suspended players in an event.
import { z } from 'zod';
import { discordIdSchema } from './users.ts';

export type AuthLevel = 0 | 1 | 2;
/** 0 player, 1 curator, 2 admin (rules.md). */
export const authLevelValueSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 0 (player), 1 (curator) or 2 (admin)' });

/** Users on a page of GET /api/users. */
export const USERS_PAGE_SIZE = 25;
/** The longest reason or note kept (a few sentences). */
export const REASON_MAX = 500;

/** `page=` of a paged list, 1 first. */
export const pageQuerySchema = z.coerce.number({ error: 'page: must be a whole number' }).int('page: must be a whole number').min(1, 'page: at least 1').max(100_000, 'page: at most 100000').default(1);

export const usersQuerySchema = z.object({
  /** part of a name (display, Discord or preferred), or a Discord id */
  q: z.string().max(100, 'q: at most 100 characters').optional(),
  level: z.coerce.number({ error: 'level: must be 0, 1 or 2' }).pipe(authLevelValueSchema).optional(),
  page: pageQuerySchema,
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

const isoTime = z.string().datetime({ offset: true });

export const suspensionSchema = z.object({
  reason: z.string(),
  /** when it ends by itself; null: until an admin lifts it */
  until: isoTime.nullable(),
  since: isoTime,
});

export const personSchema = z.object({
  discordId: z.string(),
  /** the name the site shows (the preferred name, else Discord's display name) */
  displayName: z.string(),
  /** the Discord user name */
  username: z.string(),
  avatarUrl: z.string(),
  auth: z.number().int(),
  suspended: z.boolean(),
  /** the suspension in force, when suspended */
  suspension: suspensionSchema.nullable(),
  /** sign-in, or the last day a session of theirs was used */
  lastSeenAt: isoTime.nullable(),
  /** events they hosted */
  hosted: z.number().int(),
  /** events they played in */
  played: z.number().int(),
}).describe('A user as the admins see them');
export type Person = z.infer<typeof personSchema>;

export const usersPageSchema = z.object({
  users: z.array(personSchema),
  /** users that match, on every page */
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

export const personParamsSchema = z.object({ discordId: discordIdSchema });

const reason = (what: string) => z.string({ error: `${what}: say why (it goes in the log)` })
  .trim().min(1, `${what}: say why (it goes in the log)`).max(REASON_MAX, `${what}: at most ${REASON_MAX} characters`);

export const setAuthBodySchema = z.object({ auth: authLevelValueSchema, reason: reason('reason') });
export type SetAuthBody = z.infer<typeof setAuthBodySchema>;

export const suspendBodySchema = z.object({
  reason: reason('reason'),
  /** when it ends by itself; left out: until lifted */
  until: z.iso.datetime({ offset: true, error: 'until: must be a date and time such as 2026-12-05T19:00:00Z' }).optional(),
});
export type SuspendBody = z.infer<typeof suspendBodySchema>;

// ---- requests to host --------------------------------------------------------------------------

export const hostRequestBodySchema = z.object({
  note: z.string().trim().max(REASON_MAX, `note: at most ${REASON_MAX} characters`).default(''),
});
export type HostRequestBody = z.input<typeof hostRequestBodySchema>;

export const hostRequestStatusSchema = z.enum(['open', 'approved', 'declined']);

/** A request as its author reads it back. */
export const ownHostRequestSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  status: hostRequestStatusSchema,
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  /** why it was declined */
  reason: z.string().nullable(),
});
export type OwnHostRequest = z.infer<typeof ownHostRequestSchema>;

export const deciderSchema = z.object({ discordId: z.string(), name: z.string() });

/** GET /api/host-requests/own: the signed-in user's newest request, and who decides (the admins). */
export const ownHostRequestsSchema = z.object({
  request: ownHostRequestSchema.nullable(),
  deciders: z.array(deciderSchema),
});
export type OwnHostRequests = z.infer<typeof ownHostRequestsSchema>;

/** What an admin reads beside an open request: the person's history on the site. */
export const requesterHistorySchema = z.object({
  memberSince: isoTime,
  lastSeenAt: isoTime.nullable(),
  hosted: z.number().int(),
  played: z.number().int(),
  /** their earlier requests, newest first */
  earlier: z.array(ownHostRequestSchema),
});

export const hostRequestSchema = z.object({
  id: z.number().int(),
  discordId: z.string(),
  displayName: z.string(),
  note: z.string(),
  createdAt: isoTime,
  history: requesterHistorySchema,
});
export type HostRequest = z.infer<typeof hostRequestSchema>;

export const hostRequestsSchema = z.object({ requests: z.array(hostRequestSchema) });
export type HostRequests = z.infer<typeof hostRequestsSchema>;

export const hostRequestParamsSchema = z.object({ id: z.coerce.number({ error: 'id: must be a request number' }).int('id: must be a request number').min(1, 'id: must be a request number').max(2 ** 31 - 1, 'id: must be a request number') });
export const declineBodySchema = z.object({ reason: reason('reason') });

// ---- an event's suspended players, for its host ------------------------------------------------

export const suspendedPlayersSchema = z.object({
  players: z.array(z.object({
    discordId: z.string(),
    name: z.string(),
    teamUid: z.string(),
    teamName: z.string(),
    /** when the suspension ends; null: until lifted */
    until: isoTime.nullable(),
  })),
}).describe('Players of the event’s active teams who are suspended (the host decides about their teams)');
export type SuspendedPlayers = z.infer<typeof suspendedPlayersSchema>;
