// An event's teams and their members: sign-ups, drops, check-in, late entries, W-L-T.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { jsonRows, rawRows } from '../../../db/raw-rows.ts';
import { members, teams } from '../../../db/schema.ts';
import { conflict } from '../../../errors.ts';

export type TeamRow = typeof teams.$inferSelect;

export type MemberRow = typeof members.$inferSelect;

/** What the standings and the live state read of a team. */
export type LeanTeamRow = Pick<TeamRow, 'uid' | 'name' | 'seed' | 'dropped' | 'checkedInAt'>;

export async function listTeams(db: Tx, uid: string): Promise<TeamRow[]> {
  return jsonRows(db, teams, eq(teams.tournamentUid, uid), sql`${teams.seed}, ${teams.createdAt}`);
}

export async function listTeamsLean(db: Tx, uid: string): Promise<LeanTeamRow[]> {
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_array(${teams.uid}, ${teams.name}, ${teams.seed}, ${teams.dropped}, ${teams.checkedInAt})
        order by ${teams.seed}, ${teams.createdAt}), '[]')::text`,
    })
    .from(teams)
    .where(eq(teams.tournamentUid, uid));
  type Cells = [string, string, number, boolean, string | null];
  return (JSON.parse(row?.json ?? '[]') as Cells[]).map(([u, name, seed, dropped, checkedInAt]) => ({
    uid: u, name, seed, dropped, checkedInAt: checkedInAt === null ? null : new Date(checkedInAt),
  }));
}

/** Only these teams of a tournament (naming the two sides of a match without reading every team). */
export async function teamsByUids(db: Tx, uid: string, teamUids: readonly (string | null)[]): Promise<TeamRow[]> {
  const ids = teamUids.filter((x): x is string => x !== null);
  if (ids.length === 0) return [];
  return db.select().from(teams).where(and(eq(teams.tournamentUid, uid), inArray(teams.uid, ids)));
}

export async function listMembers(db: Tx, uid: string): Promise<MemberRow[]> {
  return jsonRows(db, members, eq(members.tournamentUid, uid), sql`${members.id}`);
}

/** The members of one team. */
export async function membersOfTeam(db: Tx, uid: string, teamUid: string): Promise<MemberRow[]> {
  return db.select().from(members).where(and(eq(members.tournamentUid, uid), eq(members.teamUid, teamUid))).orderBy(asc(members.id));
}

/**
 * Whether the user plays in this tournament: a member of one of its teams (or, with `teamUids`, of
 * one of these teams), dropped or not (decision 013).
 */
export async function playsIn(db: Tx, uid: string, discordId: string, teamUids?: readonly (string | null)[]): Promise<boolean> {
  const only = teamUids?.filter((x): x is string => x !== null);
  if (only && only.length === 0) return false;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tournamentUid, uid), eq(members.discordId, discordId), only ? inArray(members.teamUid, only) : undefined))
    .limit(1);
  return !!row;
}

/** The user's active membership (in an active team) of this tournament. */
export async function activeMembership(db: Tx, uid: string, discordId: string): Promise<{ member: MemberRow; team: TeamRow } | undefined> {
  const [row] = await db
    .select({ member: members, team: teams })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(members.tournamentUid, uid), eq(members.discordId, discordId), eq(members.dropped, false), eq(teams.dropped, false)));
  return row;
}

/**
 * Whether this user was in a team of this tournament that has been paired (played, had a bye or
 * missed a round), dropped since or not: a player who dropped out of the event does not enter it
 * again. A no-show dropped at the start was never paired.
 */
export async function wasPaired(db: Tx, uid: string, discordId: string): Promise<boolean> {
  const [row] = await rawRows(db, sql`select 1 as "paired" from members mb
    where mb.tournament_uid = ${uid} and mb.discord_id = ${discordId}
      and exists (select 1 from matches m where m.tournament_uid = ${uid} and (m.team1_uid = mb.team_uid or m.team2_uid = mb.team_uid))
    limit 1`);
  return !!row;
}

/** The team this person was dropped with before it played a match (a no-show dropped at the start): a late entry takes it back. */
export async function unplayedDroppedTeamOf(db: Tx, uid: string, discordId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({ team: teams })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(
      eq(members.tournamentUid, uid), eq(members.discordId, discordId), eq(teams.dropped, true),
      sql`not exists (select 1 from matches m where m.tournament_uid = ${uid} and (m.team1_uid = ${teams.uid} or m.team2_uid = ${teams.uid}))`,
    ))
    .orderBy(asc(teams.createdAt))
    .limit(1);
  return row?.team;
}

/** A team back in the event (a no-show entering late): it and this member active again, under the name given now. */
export async function reinstateTeam(tx: Tx, teamUid: string, discordId: string, name: string): Promise<TeamRow> {
  await tx.update(members).set({ dropped: false }).where(and(eq(members.teamUid, teamUid), eq(members.discordId, discordId)));
  const [row] = await tx.update(teams).set({ dropped: false, name, checkedInAt: null }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}

export async function findMember(db: Tx, uid: string, memberId: number): Promise<{ member: MemberRow; team: TeamRow } | undefined> {
  const [row] = await db
    .select({ member: members, team: teams })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(members.tournamentUid, uid), eq(members.id, memberId)));
  return row;
}

export async function findTeam(db: Tx, uid: string, teamUid: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(and(eq(teams.tournamentUid, uid), eq(teams.uid, teamUid)));
  return row;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let err = e as { code?: string; cause?: unknown } | undefined, d = 0; err && d < 4; err = err.cause as typeof err, d++) {
    if (err.code === '23505') return true;
  }
  return false;
};

/** A new team with its captain as the sole member; 409 when the user already plays in an active team. */
export async function insertTeam(
  tx: Tx,
  t: { uid: string; tournamentUid: string; name: string; captainDiscordId: string; image: string | null },
): Promise<{ team: TeamRow; member: MemberRow }> {
  const [{ seed } = { seed: 0 }] = await tx
    .select({ seed: sql<number>`coalesce(max(${teams.seed}), 0)::int` })
    .from(teams)
    .where(eq(teams.tournamentUid, t.tournamentUid));
  try {
    // a savepoint: a unique violation must not abort the caller's transaction
    return await tx.transaction(async (inner) => {
      const [team] = await inner.insert(teams).values({ uid: t.uid, tournamentUid: t.tournamentUid, name: t.name, captainDiscordId: t.captainDiscordId, seed: seed + 1 }).returning();
      const [member] = await inner.insert(members).values({ teamUid: t.uid, tournamentUid: t.tournamentUid, discordId: t.captainDiscordId, image: t.image }).returning();
      return { team: team!, member: member! };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('You are already in a team of this tournament');
    throw e;
  }
}

/** Many generated teams at once (Seed Test Data): one-member teams, seeds after the existing ones. */
export async function insertTeams(tx: Tx, tournamentUid: string, rows: { uid: string; name: string; discordId: string }[]): Promise<void> {
  const [{ seed } = { seed: 0 }] = await tx
    .select({ seed: sql<number>`coalesce(max(${teams.seed}), 0)::int` })
    .from(teams)
    .where(eq(teams.tournamentUid, tournamentUid));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await tx.insert(teams).values(chunk.map((r, k) => ({ uid: r.uid, tournamentUid, name: r.name, captainDiscordId: r.discordId, seed: seed + i + k + 1 })));
    await tx.insert(members).values(chunk.map((r) => ({ teamUid: r.uid, tournamentUid, discordId: r.discordId })));
  }
}

export async function activeTeamNameTaken(db: Tx, uid: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(teams)
    .where(and(eq(teams.tournamentUid, uid), eq(teams.dropped, false), sql`lower(${teams.name}) = lower(${name})`));
  return (row?.n ?? 0) > 0;
}

export async function setMemberDropped(tx: Tx, memberId: number): Promise<MemberRow> {
  const [row] = await tx.update(members).set({ dropped: true }).where(eq(members.id, memberId)).returning();
  return row!;
}

export async function activeMemberCount(tx: Tx, teamUid: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(members).where(and(eq(members.teamUid, teamUid), eq(members.dropped, false)));
  return row?.n ?? 0;
}

/** Drops a team and every one of its members. */
export async function setTeamDropped(tx: Tx, teamUid: string): Promise<TeamRow> {
  await tx.update(members).set({ dropped: true }).where(eq(members.teamUid, teamUid));
  const [row] = await tx.update(teams).set({ dropped: true }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}

/** W-L-T of many teams in one statement per 1,000 (a 4,096-team round's byes and a start recount them all). */
export async function setTeamRecords(tx: Tx, records: { uid: string; wins: number; losses: number; ties: number }[]): Promise<void> {
  for (let i = 0; i < records.length; i += 1000) {
    const values = sql.join(records.slice(i, i + 1000).map((r) => sql`(${r.uid}::text, ${r.wins}::int, ${r.losses}::int, ${r.ties}::int)`), sql`, `);
    await tx.execute(sql`
      update ${teams} set wins = v.w, losses = v.l, ties = v.t
      from (values ${values}) as v(uid, w, l, t) where ${teams.uid} = v.uid`);
  }
}

/** Checks a team in (a time) or undoes it (null). */
export async function setCheckedIn(tx: Tx, teamUid: string, at: Date | null): Promise<TeamRow> {
  const [row] = await tx.update(teams).set({ checkedInAt: at }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}

/** Drops these teams and their members in two statements (the start's check-in no-shows). */
export async function dropTeams(tx: Tx, teamUids: readonly string[]): Promise<void> {
  for (let i = 0; i < teamUids.length; i += 1000) {
    const ids = teamUids.slice(i, i + 1000);
    await tx.update(members).set({ dropped: true }).where(inArray(members.teamUid, [...ids]));
    await tx.update(teams).set({ dropped: true }).where(inArray(teams.uid, [...ids]));
  }
}

/** Marks a team a late entry of this round (it plays from the next). */
export async function setLateEntryRound(tx: Tx, teamUid: string, round: number): Promise<TeamRow> {
  const [row] = await tx.update(teams).set({ lateEntryRound: round }).where(eq(teams.uid, teamUid)).returning();
  return row!;
}
