// An event's matches: the engine's lean reads, a score report's read and write, tables, rounds.
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { columnList, insertRows, rawRows, rowMapper, setClause } from '../../../db/raw-rows.ts';
import { matches } from '../../../db/schema.ts';

export type MatchRow = typeof matches.$inferSelect;

export const matchRowOf = rowMapper(matches);

/** What the engine, the standings and the live state read of a match: no reports, clocks or rooms. */
export type EngineMatchRow = Pick<MatchRow, 'id' | 'roundNumber' | 'bracket' | 'position' | 'team1Uid' | 'team2Uid' | 'bye' | 'complete' | 'team1Wins' | 'team2Wins' | 'winnerTeamUid' | 'missed'>;

export async function listMatches(db: Tx, uid: string, round?: number): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(round === undefined ? eq(matches.tournamentUid, uid) : and(eq(matches.tournamentUid, uid), eq(matches.roundNumber, round)))
    .orderBy(asc(matches.roundNumber), asc(matches.bracket), asc(matches.position));
}

/**
 * Every match in the columns the engine reads, and every team in those the standings read: the
 * live views of a 4,096-team event read these after each coalesced change. Each comes as one JSON
 * array built by the database and parsed by JSON.parse: the embedded database's driver takes about
 * five times as long to hand over the same rows one by one (decision 019).
 */
export async function listMatchesLean(db: Tx, uid: string): Promise<EngineMatchRow[]> {
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_array(${matches.id}, ${matches.roundNumber}, ${matches.bracket}, ${matches.position},
        ${matches.team1Uid}, ${matches.team2Uid}, ${matches.bye}, ${matches.complete}, ${matches.team1Wins}, ${matches.team2Wins},
        ${matches.winnerTeamUid}, ${matches.missed}) order by ${matches.roundNumber}, ${matches.bracket}, ${matches.position}), '[]')::text`,
    })
    .from(matches)
    .where(eq(matches.tournamentUid, uid));
  type Cells = [number, number, string, number, string | null, string | null, boolean, boolean, number | null, number | null, string | null, boolean];
  return (JSON.parse(row?.json ?? '[]') as Cells[]).map(([id, roundNumber, bracket, position, team1Uid, team2Uid, bye, complete, team1Wins, team2Wins, winnerTeamUid, missed]) => ({
    id, roundNumber, bracket, position, team1Uid, team2Uid, bye, complete, team1Wins, team2Wins, winnerTeamUid, missed,
  }));
}

/** These matches of a tournament, whole. */
export async function matchesByIds(db: Tx, uid: string, ids: readonly number[]): Promise<MatchRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(matches).where(and(eq(matches.tournamentUid, uid), inArray(matches.id, [...ids])))
    .orderBy(asc(matches.roundNumber), asc(matches.bracket), asc(matches.position));
}

/**
 * A score report's reads in one query: the match, the reporter's active team in this tournament
 * (null: none) and the names of the match's two teams.
 */
export async function matchForReport(db: Tx, uid: string, id: number, discordId: string) {
  const [raw] = await rawRows(db, sql`select ${columnList(matches, 'm')},
      (select mb.team_uid from members mb inner join teams tm on tm.uid = mb.team_uid
        where mb.tournament_uid = ${uid} and mb.discord_id = ${discordId} and not mb.dropped and not tm.dropped limit 1) as "_my_team_uid",
      (select t1.name from teams t1 where t1.uid = m.team1_uid) as "_team1_name",
      (select t2.name from teams t2 where t2.uid = m.team2_uid) as "_team2_name"
    from matches m where m.tournament_uid = ${uid} and m.id = ${id}`);
  if (!raw) return undefined;
  const match = matchRowOf(raw);
  const [myTeamUid, team1Name, team2Name] = [raw._my_team_uid, raw._team1_name, raw._team2_name] as (string | null)[];
  const named = [[match.team1Uid, team1Name], [match.team2Uid, team2Name]] as const;
  return { match, myTeamUid: myTeamUid ?? null, teams: named.flatMap(([u, name]) => (u !== null && u !== undefined && name !== null && name !== undefined ? [{ uid: u, name }] : [])) };
}

/** Matches where any of these teams plays (for many teams, every match: cheaper than a list of thousands). */
export async function matchesOfTeams(db: Tx, uid: string, teamUids: readonly string[]): Promise<MatchRow[]> {
  if (teamUids.length === 0) return [];
  if (teamUids.length > 200) {
    const wanted = new Set(teamUids);
    const all = await db.select().from(matches).where(eq(matches.tournamentUid, uid));
    return all.filter((m) => (m.team1Uid !== null && wanted.has(m.team1Uid)) || (m.team2Uid !== null && wanted.has(m.team2Uid)));
  }
  const ids = [...teamUids];
  return db.select().from(matches).where(and(eq(matches.tournamentUid, uid), or(inArray(matches.team1Uid, ids), inArray(matches.team2Uid, ids))));
}

/** A team's match in a round (a team plays one match a round). */
export async function teamMatchInRound(db: Tx, uid: string, round: number, teamUid: string): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches)
    .where(and(eq(matches.tournamentUid, uid), eq(matches.roundNumber, round), or(eq(matches.team1Uid, teamUid), eq(matches.team2Uid, teamUid))))
    .orderBy(asc(matches.id)).limit(1);
  return row;
}

/** Whether a match of this round waits for a table: two teams, to be played, none given yet (tables.ts needsTable). */
export async function roundWaitsForTables(db: Tx, uid: string, round: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(
      eq(matches.tournamentUid, uid), eq(matches.roundNumber, round), sql`${matches.tableNumber} is null`, eq(matches.bye, false),
      eq(matches.missed, false), eq(matches.complete, false), sql`${matches.team1Uid} is not null`, sql`${matches.team2Uid} is not null`,
    ))
    .limit(1);
  return !!row;
}

/**
 * Tables (and, for rows made before rooms existed, room passwords) of many matches in one statement
 * per 1,000: a 4,096-team round is 2,048 matches.
 */
export async function setTables(tx: Tx, rows: readonly { id: number; table: number; password: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = sql.join(rows.slice(i, i + 1000).map((r) => sql`(${r.id}::int, ${r.table}::int, ${r.password}::text)`), sql`, `);
    await tx.execute(sql`
      update ${matches} set table_number = v.t, room_password = coalesce(${matches.roomPassword}, v.p), updated_at = now()
      from (values ${values}) as v(id, t, p) where ${matches.id} = v.id`);
  }
}

export async function findMatch(db: Tx, uid: string, id: number): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(and(eq(matches.tournamentUid, uid), eq(matches.id, id)));
  return row;
}

export async function insertMatches(tx: Tx, rows: (typeof matches.$inferInsert)[]): Promise<MatchRow[]> {
  // a 4,096-team round in one short statement (decision 024)
  return insertRows(tx, matches, rows);
}

/**
 * Changes a match. With `result`, the match it completes (Swiss or round robin, not before complete):
 * its two teams' W-L-T move in the same statement (resultUpdate), one round trip fewer while the
 * event's lock is held.
 */
export async function updateMatch(tx: Tx, id: number, set: Partial<typeof matches.$inferInsert>, result?: ResultOf): Promise<MatchRow> {
  // hand-written (decision 021): a score report's write
  const moved = result && resultUpdate(result);
  const [raw] = await rawRows(tx, sql`${moved ? sql`with moved as (${moved}) ` : sql``}update matches set ${setClause(matches, { ...set, updatedAt: new Date() })} where id = ${id} returning ${columnList(matches)}`);
  return matchRowOf(raw!);
}

/**
 * updateMatch for a row just read under the event's lock: the same statement, but it returns no
 * columns (about 40 fewer for the server to read), and the row is the one read with the change
 * applied, as the database now holds it.
 */
export async function updateMatchFrom(tx: Tx, m: MatchRow, set: Partial<typeof matches.$inferInsert>, result?: ResultOf): Promise<MatchRow> {
  const updatedAt = new Date();
  const moved = result && resultUpdate(result);
  const written = await rawRows(tx, sql`${moved ? sql`with moved as (${moved}) ` : sql``}update matches set ${setClause(matches, { ...set, updatedAt })} where id = ${m.id} returning id`);
  if (written.length !== 1) throw new Error(`match ${m.id} was not written`);
  const row: Record<string, unknown> = { ...m, updatedAt };
  for (const [key, value] of Object.entries(set)) if (value !== undefined) row[key] = value;
  return row as MatchRow;
}

type ResultOf = Pick<MatchRow, 'team1Uid' | 'team2Uid' | 'winnerTeamUid'>;

/**
 * A Swiss or round robin match just completed (it was not before): its two teams' W-L-T move by its
 * result. What recount would give (it counts every match again): a complete match with two teams is
 * a win, a loss or a tie for each. Undefined: a match without two teams moves nothing.
 */
function resultUpdate(m: ResultOf): SQL | undefined {
  if (m.team1Uid === null || m.team2Uid === null) return undefined;
  const winner = m.winnerTeamUid;
  return sql`update teams set
      wins = wins + (case when ${winner}::text is not null and uid = ${winner}::text then 1 else 0 end),
      losses = losses + (case when ${winner}::text is not null and uid <> ${winner}::text then 1 else 0 end),
      ties = ties + (case when ${winner}::text is null then 1 else 0 end)
    where uid in (${m.team1Uid}, ${m.team2Uid})`;
}

export async function deleteMatches(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length) await tx.delete(matches).where(inArray(matches.id, [...ids]));
}

/** The highest position of each Swiss round so far (a late entry's missed rounds go after them). */
export async function swissPositions(db: Tx, uid: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ round: matches.roundNumber, last: sql<number>`max(${matches.position})::int` })
    .from(matches)
    .where(and(eq(matches.tournamentUid, uid), eq(matches.bracket, 'swiss')))
    .groupBy(matches.roundNumber);
  return new Map(rows.map((r) => [r.round, r.last]));
}
