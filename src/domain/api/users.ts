import { z } from 'zod';

export const AUTH_LEVELS = [0, 1, 2] as const;
export const authLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Discord ids are snowflakes: kept as decimal strings (they exceed 2^53). */
export const discordIdSchema = z.string().regex(/^\d{1,20}$/, 'A Discord id is a number of up to 20 digits');

export const currentUserSchema = z.object({
  discordId: z.string(),
  username: z.string(),
  displayName: z.string(),
  discordUsername: z.string(),
  preferredName: z.string().nullable(),
  avatarUrl: z.string(),
  auth: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Public profile returned by GET /api/users/user (no email). */
export const publicUserSchema = currentUserSchema;
export type PublicUser = CurrentUser;

export const usernameResponseSchema = z.object({ discordId: z.string(), username: z.string() });

export const handleCallbackBodySchema = z.object({
  code: z.string({ error: 'No authorization code was received' }).min(1, 'No authorization code was received'),
  state: z.string().optional(),
});

/** POST /api/oauth/handle-callback: the user, and the page of this site to go back to. */
export const handleCallbackResponseSchema = currentUserSchema.extend({ returnTo: z.string() });

/**
 * A path of this site to come back to after sign-in, or '/': never another origin
 * (`//evil.example`, `/\\evil`, `https://...`) and never the API, the callback page included.
 * Dot segments are resolved first, as the browser will: `/x/../api/...` and `/%2e%2e/api/...` are
 * the API, and `/.//evil.example` is `//evil.example`.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((c) => c < ' ' || c === '\\')) return '/';
  let resolved: string;
  try {
    resolved = new URL(value, 'http://site.invalid').pathname;
  } catch {
    return '/';
  }
  if (resolved.startsWith('//') || resolved.startsWith('/api/')) return '/';
  return value;
}
