// The direct-message outbox's own SQL (discord_dms; what every outbox shares is in
// src/server/discord/outbox-repository.ts) and the DM channels kept on discord_users (decision 033).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { discordDms, discordUsers, users } from '../../db/schema.ts';

/** Discord's code for "Cannot send messages to this user": final, and shown to the host. */
export const CANNOT_DM = 50007;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `tournamentUid` null: a message about the person, not an event (issue 39) */
export interface NewDm { discordId: string; tournamentUid: string | null; kind: string; body: unknown }

/** Of these users, those who turned direct messages off. */
export async function dmOffAmong(db: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: discordUsers.discordId }).from(discordUsers)
    .where(and(eq(discordUsers.dmOff, true), sql`${discordUsers.discordId} = any(${sql.param([...new Set(ids)])}::text[])`));
  return new Set(rows.map((r) => r.id));
}

/** Rows per insert: six parameters each, well under the driver's 65,535 (a league's final places may be thousands). */
const ENQUEUE_CHUNK = 2_000;

export async function enqueue(db: Tx, rows: readonly NewDm[], now: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) {
    await db.insert(discordDms).values(rows.slice(i, i + ENQUEUE_CHUNK).map((r) => ({ ...r, nextAttemptAt: now, createdAt: now })));
  }
}

export interface ClaimedDm { id: number; discordId: string; tournamentUid: string | null; kind: string; body: Record<string, unknown>; attempts: number; createdAt: Date; channelId: string | null; dmOff: boolean }

/**
 * Up to `limit` due rows, at most one per recipient and only their oldest pending one (a player's
 * messages arrive in order, one at a time), leased until `leaseUntil` with the attempt counted;
 * another instance takes a row again only once its lease ran out (its sender died).
 */
export async function claimDue(db: Tx, now: Date, leaseUntil: Date, limit: number, { withChannel = false } = {}): Promise<ClaimedDm[]> {
  // withChannel: the route that opens DM channels waits out a 429, so only players whose channel is kept
  const kept = withChannel
    ? sql`and exists (select 1 from discord_users k where k.discord_id = d.discord_id and k.dm_channel_id is not null)`
    : sql``;
  const result = (await db.execute(sql`
    with due as (
      select d.id from discord_dms d
      where d.status = 'pending' and d.next_attempt_at <= ${at(now)} ${kept}
        and not exists (select 1 from discord_dms e where e.discord_id = d.discord_id and e.status = 'pending' and e.id < d.id)
      order by d.id
      limit ${limit}
      for update of d skip locked
    )
    update discord_dms w set attempts = w.attempts + 1, next_attempt_at = ${at(leaseUntil)}, leased_until = ${at(leaseUntil)}
    from due where w.id = due.id
    returning w.id, w.discord_id, w.tournament_uid, w.kind, w.body, w.attempts, w.created_at,
      (select u.dm_channel_id from discord_users u where u.discord_id = w.discord_id) as channel_id,
      coalesce((select u.dm_off from discord_users u where u.discord_id = w.discord_id), false) as dm_off`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    id: Number(r.id), discordId: String(r.discord_id), tournamentUid: r.tournament_uid === null ? null : String(r.tournament_uid), kind: String(r.kind),
    body: (typeof r.body === 'string' ? JSON.parse(r.body) : r.body) as Record<string, unknown>,
    attempts: Number(r.attempts), createdAt: new Date(r.created_at as string | Date), channelId: r.channel_id ? String(r.channel_id) : null, dmOff: r.dm_off === true || r.dm_off === 't',
  })).sort((a, b) => a.id - b.id);
}

/** Channels Discord no longer knows (10003): opened again on the next try. */
export async function forgetChannels(db: Tx, discordIds: ReadonlySet<string>): Promise<void> {
  if (discordIds.size === 0) return;
  await db.update(discordUsers).set({ dmChannelId: null, updatedAt: sql`now()` }).where(inArray(discordUsers.discordId, [...discordIds]));
}

/** Channels Discord opened for these users, kept in one statement (a batch's openings). */
export async function keepChannels(db: Tx, opened: ReadonlyMap<string, string>): Promise<void> {
  if (opened.size === 0) return;
  await db.insert(discordUsers).values([...opened].map(([discordId, dmChannelId]) => ({ discordId, dmChannelId })))
    .onConflictDoUpdate({ target: discordUsers.discordId, set: { dmChannelId: sql`excluded.dm_channel_id`, updatedAt: sql`now()` } });
}

/** The event's players whom Discord refused a direct message for good (50007), by name. */
export async function unreachable(db: Tx, tournamentUid: string): Promise<{ discordId: string; name: string }[]> {
  const rows = await db.selectDistinct({ discordId: discordDms.discordId, preferred: users.preferredName, display: users.displayName, username: users.username })
    .from(discordDms).innerJoin(users, eq(users.discordId, discordDms.discordId))
    .where(and(eq(discordDms.tournamentUid, tournamentUid), eq(discordDms.status, 'failed'), eq(discordDms.errorCode, CANNOT_DM)));
  return rows.map((r) => ({ discordId: r.discordId, name: r.preferred ?? r.display ?? r.username ?? r.discordId })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The rows of an event (tests). */
export async function listFor(db: Tx, tournamentUid: string) {
  return db.select().from(discordDms).where(eq(discordDms.tournamentUid, tournamentUid)).orderBy(discordDms.id);
}
