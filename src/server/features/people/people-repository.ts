// People and roles (issue 39 §1): the admins' list of users with what they hosted and played, levels
// and suspensions. Changes of level and suspensions take one lock, so two admins demoting each other
// at once cannot leave the site without an admin.
import { and, asc, count, eq, gte, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Person } from '../../../domain/api/people.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import type { Tx } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { judgementSendoffPressed, sessions, users } from '../../db/schema.ts';
import { avatarUrlOf } from '../../auth/discord-profile.ts';
import * as UsersRepository from '../users/users-repository.ts';

export type UserRow = typeof users.$inferSelect;

/** Every change of level or suspension, one at a time (the last admin's rule reads the admins). */
export async function lockPeople(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('people:levels'))`);
}

export async function findUser(tx: Tx, discordId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.discordId, discordId));
  return row;
}

/** How many admins the site has. */
export async function countAdmins(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(gte(users.auth, 2));
  return row?.n ?? 0;
}

/** A former admin's press of Send Votes goes with their vote's weight: the board counts admins only. */
export async function setLevel(tx: Tx, discordId: string, auth: number): Promise<void> {
  await tx.update(users).set({ auth }).where(eq(users.discordId, discordId));
  if (auth < 2) await tx.delete(judgementSendoffPressed).where(eq(judgementSendoffPressed.adminDiscordId, discordId));
}

export { suspensionOf } from '../users/users-repository.ts';

/** Suspends the user and ends every session of theirs (each instance reads sessions from here). */
export async function suspend(tx: Tx, discordId: string, s: { reason: string; until: Date | null; by: string; at: Date }): Promise<void> {
  await tx.update(users).set({ suspendedAt: s.at, suspendedUntil: s.until, suspendedReason: s.reason, suspendedBy: s.by }).where(eq(users.discordId, discordId));
  await tx.delete(sessions).where(eq(sessions.discordId, discordId));
}

export async function lift(tx: Tx, discordId: string): Promise<void> {
  await tx.update(users).set({ suspendedAt: null, suspendedUntil: null, suspendedReason: null, suspendedBy: null }).where(eq(users.discordId, discordId));
}

export interface SuspendedPlayerRow {
  discordId: string;
  name: string;
  teamUid: string;
  teamName: string | null;
  suspendedUntil: string | null;
}

/** The suspended players of an event's active teams (not dropped, on a team not dropped), by team name then name. */
export async function suspendedPlayers(db: Tx, tournamentUid: string, now: string): Promise<SuspendedPlayerRow[]> {
  const rows = await rawRows(db, sql`select u.discord_id, coalesce(u.preferred_name, u.display_name, u.username, u.discord_id) as name,
        tm.uid as team_uid, tm.name as team_name, u.suspended_until
      from members m join teams tm on tm.uid = m.team_uid join users u on u.discord_id = m.discord_id
      where m.tournament_uid = ${tournamentUid} and not m.dropped and not tm.dropped
        and u.suspended_at is not null and (u.suspended_until is null or u.suspended_until > ${now})
      order by tm.name, name`);
  return rows.map((r) => ({
    discordId: String(r.discord_id), name: String(r.name), teamUid: String(r.team_uid),
    teamName: r.team_name as string | null, suspendedUntil: r.suspended_until as string | null,
  }));
}

/** Events each of these users hosted and played in (cancelled events left out; closed ones by their record). */
export async function activity(db: Tx, ids: readonly string[]): Promise<Map<string, { hosted: number; played: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await rawRows(db, sql`select u.id,
      (select count(*) from tournaments t where t.host_discord_id = u.id and not t.cancelled)::int as hosted,
      (select count(*) from (
        select m.tournament_uid from members m join tournaments t on t.uid = m.tournament_uid where m.discord_id = u.id and not t.cancelled
        union select r.tournament_uid from record_players r where r.discord_id = u.id) x)::int as played
    from unnest(${sql.param([...ids])}::text[]) as u(id)`);
  return new Map(rows.map((r) => [String(r.id), { hosted: Number(r.hosted), played: Number(r.played) }]));
}

export function toPerson(u: UserRow, a: { hosted: number; played: number } | undefined, now: Date): Person {
  const suspension = UsersRepository.suspensionOf(u, now);
  return {
    discordId: u.discordId,
    displayName: nameOf(u, `user-${u.discordId}`),
    username: u.username ?? `user-${u.discordId}`,
    avatarUrl: u.avatarUrl ?? avatarUrlOf({ id: u.discordId }),
    auth: u.auth,
    suspended: suspension !== null,
    suspension,
    lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
    hosted: a?.hosted ?? 0,
    played: a?.played ?? 0,
  };
}

export async function person(db: Tx, discordId: string, now: Date): Promise<Person | undefined> {
  const u = await findUser(db, discordId);
  return u && toPerson(u, (await activity(db, [u.discordId])).get(u.discordId), now);
}

/** `%`, `_` and `\` matched as themselves. */
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(q: string | undefined, level: number | undefined): SQL | undefined {
  const text = q?.trim();
  const contains = text ? `%${likeText(text)}%` : undefined;
  return and(
    contains
      ? or(
        ilike(users.displayName, contains), ilike(users.username, contains), ilike(users.preferredName, contains), ilike(users.discordUsername, contains),
        /^\d+$/.test(text!) ? like(users.discordId, `${text}%`) : undefined,
      )
      : undefined,
    level === undefined ? undefined : level >= 2 ? gte(users.auth, 2) : eq(users.auth, level),
  );
}

/**
 * A page of users matching a name or Discord id and a level, most recently seen first. The total
 * comes with the rows (one scan: a name search reads every user); a page past the end counts apart.
 */
export async function listPeople(db: Tx, o: { q?: string; level?: number; page: number; pageSize: number; now: Date }): Promise<{ users: Person[]; total: number }> {
  const where = matching(o.q, o.level);
  const rows = await db.select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(users).where(where)
    .orderBy(sql`${users.lastSeenAt} desc nulls last`, asc(users.discordId))
    .limit(o.pageSize).offset((o.page - 1) * o.pageSize);
  const total = rows[0]?.total ?? (o.page > 1 ? ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0) : 0);
  const counts = await activity(db, rows.map((r) => r.user.discordId));
  return { users: rows.map((r) => toPerson(r.user, counts.get(r.user.discordId), o.now)), total };
}

/** The site's admins, oldest first: who decides on requests to host. */
export async function admins(db: Tx): Promise<{ discordId: string; name: string }[]> {
  const rows = await db.select().from(users).where(gte(users.auth, 2)).orderBy(asc(users.createdAt), asc(users.discordId));
  return rows.map((u) => ({ discordId: u.discordId, name: nameOf(u, `user-${u.discordId}`) }));
}
