import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rawRows, rowMapper } from '../../db/raw-rows.ts';
import { sessions, users } from '../../db/schema.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { avatarUrlOf, type DiscordProfile } from '../../auth/discord-profile.ts';

type UserRow = typeof users.$inferSelect;

export function toCurrentUser(row: UserRow): CurrentUser {
  const username = row.username ?? `user-${row.discordId}`;
  return {
    discordId: row.discordId,
    username,
    displayName: row.displayName ?? username,
    discordUsername: row.discordUsername ?? username,
    preferredName: row.preferredName,
    avatarUrl: row.avatarUrl ?? avatarUrlOf({ id: row.discordId }),
    auth: row.auth,
  };
}

/** Not under a suspension at `now` (none set, or it has ended). */
export const notSuspended = (now: Date): SQL => or(isNull(users.suspendedAt), lte(users.suspendedUntil, now))!;

/** The suspension in force on a row at `now`, or null (none, no row, or it ended by itself). */
export function suspensionOf(
  u: Pick<UserRow, 'suspendedAt' | 'suspendedUntil' | 'suspendedReason'> | undefined, now: Date,
): { reason: string; until: string | null; since: string } | null {
  if (!u?.suspendedAt || (u.suspendedUntil && u.suspendedUntil <= now)) return null;
  return { reason: u.suspendedReason ?? '', until: u.suspendedUntil?.toISOString() ?? null, since: u.suspendedAt.toISOString() };
}

export async function findByDiscordId(db: Tx, discordId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId));
  return row;
}

/** The first users by level, then id: the demo sign-in page offers them. */
export async function listForDemoSignIn(db: Tx, limit: number) {
  return db.select().from(users).orderBy(desc(users.auth), users.discordId).limit(limit);
}

/** The user, and whether the session of `idHash` (when given) is live at `now`: one statement (the bot's, each interaction). */
export async function findWithSession(db: Tx, discordId: string, idHash: string | undefined, now: Date): Promise<{ user: UserRow; sessionLive: boolean } | undefined> {
  const live = idHash
    ? sql<boolean>`exists(select 1 from sessions s where s.id_hash = ${idHash} and s.expires_at > ${now.toISOString()})`.mapWith(Boolean)
    : sql<boolean>`false`.mapWith(Boolean);
  const [row] = await db.select({ user: users, sessionLive: live }).from(users).where(eq(users.discordId, discordId));
  return row;
}

export async function listAdminIds(db: Tx): Promise<string[]> {
  const rows = await db.select({ id: users.discordId }).from(users).where(eq(users.auth, 2)).orderBy(users.createdAt, users.discordId);
  return rows.map((r) => r.id);
}

/** Create or refresh a user from their Discord profile at sign-in; auth is never touched. */
export async function upsertFromDiscord(db: Tx, p: DiscordProfile): Promise<UserRow> {
  const username = p.username;
  const values = {
    username,
    displayName: p.global_name || username,
    discordUsername: p.discriminator && p.discriminator !== '0' ? `${username}#${p.discriminator}` : username,
    avatarUrl: avatarUrlOf(p),
    email: p.email ?? null,
    lastLoginAt: new Date(),
    lastSeenAt: new Date(),
  };
  const [row] = await db
    .insert(users)
    .values({ discordId: p.id, ...values })
    .onConflictDoUpdate({ target: users.discordId, set: values })
    .returning();
  return row!;
}

/** Operator command: set a user's auth level, creating the user when new. */
export async function setAuth(db: Tx, discordId: string, auth: number): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ discordId, auth })
    .onConflictDoUpdate({ target: users.discordId, set: { auth } })
    .returning();
  return row!;
}

export async function createSession(db: Tx, idHash: string, discordId: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ idHash, discordId, expiresAt });
}

const userRowOf = rowMapper(users);

/**
 * The user of a live session, sliding its expiry forward when it is more than a day old (slid: true;
 * the user's last seen moves with it, so at most once a day). A suspended user has no live session:
 * their sessions were deleted when it began, and one made meanwhile (a sign-in racing it) counts for
 * nothing while it holds.
 */
export async function findSessionUser(db: Tx, idHash: string, now: Date, slideTo: Date): Promise<{ user: UserRow; slid: boolean } | undefined> {
  // hand-written (decision 021): every signed-in request runs it
  const at = now.toISOString();
  const [raw] = await rawRows(db, sql`select u.*, s.expires_at as "_expires_at" from sessions s join users u on u.discord_id = s.discord_id
    where s.id_hash = ${idHash} and s.expires_at > ${at} and (u.suspended_at is null or u.suspended_until <= ${at})`);
  if (!raw) return undefined;
  const expiresAt = sessions.expiresAt.mapFromDriverValue(raw._expires_at as string) as Date;
  const slid = slideTo.getTime() - expiresAt.getTime() > 24 * 60 * 60 * 1000;
  if (slid) {
    await db.execute(sql`with s as (update sessions set expires_at = ${slideTo.toISOString()} where id_hash = ${idHash} returning discord_id)
      update users set last_seen_at = ${at} from s where users.discord_id = s.discord_id`);
  }
  return { user: userRowOf(raw), slid };
}

/** Of these sessions, those live at `now` (not expired, their user not suspended), each with its user. */
export async function liveSessionUsers(db: Tx, idHashes: readonly string[], now: Date): Promise<{ idHash: string; user: UserRow }[]> {
  return db
    .select({ idHash: sessions.idHash, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.discordId, sessions.discordId))
    .where(and(inArray(sessions.idHash, [...idHashes]), gt(sessions.expiresAt, now), notSuspended(now)));
}

export async function deleteSession(db: Tx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}
