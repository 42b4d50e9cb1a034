// All SQL of leagues, their runs and matches (issue 41). Every time is the caller's `now` (the app's
// clock, which tests move), never the database's. Writes run inside a transaction that began with
// lockAndBump: the league row's lock orders every write of one league, the queue's pairing included.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rawRows, rowMapper } from '../../db/raw-rows.ts';
import { leagueMatches, leagueRuns, leagues, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { LEAGUE_MESSAGES, type LeaguePhase } from '../../../domain/api/leagues.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import type { QueueRun } from '../../../domain/leagues/pairing.ts';
import type { RunTotals } from '../../../domain/leagues/leaderboard.ts';

export type LeagueRow = typeof leagues.$inferSelect;
export type RunRow = typeof leagueRuns.$inferSelect;
export type MatchRow = typeof leagueMatches.$inferSelect;
export type NewLeague = typeof leagues.$inferInsert;

export const UNKNOWN_PLAYER = 'Unknown Player';
const OPEN_STATES = ['playing', 'reported', 'disputed'] as const;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | undefined;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

// ---- leagues -----------------------------------------------------------------------------------

export async function insertLeague(tx: Tx, values: NewLeague): Promise<LeagueRow> {
  const [row] = await tx.insert(leagues).values(values).returning();
  return row!;
}

export async function findLeague(db: Tx, id: string): Promise<LeagueRow | undefined> {
  const [row] = await db.select().from(leagues).where(eq(leagues.id, id));
  return row;
}

/** The row locked for this transaction by its version bump: the writes of one league run one after another, on every instance. */
export async function lockAndBump(tx: Tx, id: string, now: Date): Promise<LeagueRow> {
  const [row] = await tx.update(leagues).set({ version: sql`${leagues.version} + 1`, updatedAt: now }).where(eq(leagues.id, id)).returning();
  if (!row) throw notFound(LEAGUE_MESSAGES.notFound);
  return row;
}

/** The row locked without a change (the settling of a read: it moves the version only when the clock changed something). */
export async function lockForSettling(tx: Tx, id: string): Promise<LeagueRow | undefined> {
  const [row] = await tx.select().from(leagues).where(eq(leagues.id, id)).for('update');
  return row;
}

/** After a change of results or runs: the leaderboard is made again. */
export async function bumpLeaderboard(tx: Tx, id: string): Promise<void> {
  await tx.update(leagues).set({ leaderboardVersion: sql`${leagues.leaderboardVersion} + 1` }).where(eq(leagues.id, id));
}

export async function setLeague(tx: Tx, id: string, set: Partial<Pick<LeagueRow, 'closedAt' | 'finalAt' | 'rated'>>): Promise<void> {
  await tx.update(leagues).set(set).where(eq(leagues.id, id));
}

/** What a read needs to know before it trusts a body made earlier: the versions, and the next moment the clock changes something. */
export interface LeagueHead {
  version: number;
  leaderboardVersion: number;
  startsAt: Date;
  endsAt: Date;
  closedAt: Date | null;
  finalAt: Date | null;
  /** the first report waiting for an answer to stand */
  nextConfirmBy: Date | null;
  /** the first queue entry to lapse */
  nextExpiry: Date | null;
  /** runs waiting in the queue */
  queueSize: number;
  /** a match waits for the hosts' decision */
  disputed: boolean;
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** One statement of indexed lookups: what every read of the league checks first. */
export async function head(db: Tx, id: string, now: Date): Promise<LeagueHead | undefined> {
  const at = now.toISOString();
  const [r] = await rawRows(db, sql`select l.version, l.leaderboard_version, l.starts_at, l.ends_at, l.closed_at, l.final_at,
      (select min(m.confirm_by) from league_matches m where m.league_id = l.id and m.state = 'reported') as next_confirm_by,
      q.next_expiry, q.queue_size,
      exists (select 1 from league_matches d where d.league_id = l.id and d.state = 'disputed') as disputed
    from leagues l,
      lateral (select min(e.queued_until) as next_expiry, count(*)::int as queue_size from league_runs e
        where e.league_id = l.id and e.queued_until is not null and e.queued_until > ${at}::timestamptz) q
    where l.id = ${id}`);
  if (!r) return undefined;
  return {
    version: Number(r.version), leaderboardVersion: Number(r.leaderboard_version), startsAt: new Date(r.starts_at as string), endsAt: new Date(r.ends_at as string),
    closedAt: dateOrNull(r.closed_at), finalAt: dateOrNull(r.final_at), nextConfirmBy: dateOrNull(r.next_confirm_by), nextExpiry: dateOrNull(r.next_expiry),
    queueSize: Number(r.queue_size), disputed: r.disputed === true || r.disputed === 't',
  };
}

/** The league with its creator's name: what a new body of its read starts from. */
export async function findLeagueNamed(db: Tx, id: string): Promise<{ league: LeagueRow; createdByName: string } | undefined> {
  const [row] = await db.select({ league: leagues, preferredName: users.preferredName, displayName: users.displayName, username: users.username })
    .from(leagues).leftJoin(users, eq(users.discordId, leagues.createdBy)).where(eq(leagues.id, id));
  return row && { league: row.league, createdByName: nameOf(row, UNKNOWN_PLAYER) };
}

export interface LeagueListRow { league: LeagueRow; runs: number; players: number; nextConfirmBy: Date | null }

/** Every league (or one series'), newest start first, with its runs and players counted. */
export async function listLeagues(db: Tx, seriesId?: string): Promise<LeagueListRow[]> {
  const counts = db.select({
    leagueId: leagueRuns.leagueId,
    runs: sql<number>`count(*)::int`.as('runs'),
    players: sql<number>`count(distinct ${leagueRuns.discordId})::int`.as('players'),
  }).from(leagueRuns).groupBy(leagueRuns.leagueId).as('run_counts');
  const rows = await db.select({
    league: leagues, runs: counts.runs, players: counts.players,
    nextConfirmBy: sql<string | null>`(select min(m.confirm_by) from league_matches m where m.league_id = ${leagues.id} and m.state = 'reported')`,
  }).from(leagues).leftJoin(counts, eq(counts.leagueId, leagues.id))
    .where(seriesId ? eq(leagues.seriesId, seriesId) : undefined)
    .orderBy(desc(leagues.startsAt), desc(leagues.createdAt))
    .limit(500);
  return rows.map((r) => ({ league: r.league, runs: r.runs ?? 0, players: r.players ?? 0, nextConfirmBy: dateOrNull(r.nextConfirmBy) }));
}

/**
 * Leagues the clock has something to settle for, for the sweep of leagues nobody reads: a report to
 * stand, an end not settled, a hosts' day over.
 */
export async function dueLeagueIds(db: Tx, now: Date, decideHours: number): Promise<string[]> {
  const dayOver = new Date(now.getTime() - decideHours * 3_600_000);
  const rows = await db.select({ id: leagues.id }).from(leagues).where(and(isNull(leagues.finalAt), or(
    and(lte(leagues.endsAt, now), isNull(leagues.closedAt)),
    lte(leagues.endsAt, dayOver),
    sql`exists (select 1 from league_matches m where m.league_id = ${leagues.id} and m.state = 'reported' and m.confirm_by <= ${now.toISOString()}::timestamptz)`,
  )));
  return rows.map((r) => r.id);
}

// ---- people ------------------------------------------------------------------------------------

/** Names to show by Discord id ('Unknown Player' for one who never signed in). */
export async function namesOf(db: Tx, ids: readonly string[]): Promise<(id: string) => string> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length
    ? await db.select({ discordId: users.discordId, preferredName: users.preferredName, displayName: users.displayName, username: users.username })
      .from(users).where(inArray(users.discordId, wanted))
    : [];
  const names = new Map(rows.map((u) => [u.discordId, nameOf(u, UNKNOWN_PLAYER)]));
  return (id) => names.get(id) ?? UNKNOWN_PLAYER;
}

// ---- runs --------------------------------------------------------------------------------------

export async function findRun(db: Tx, leagueId: string, runId: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(leagueRuns).where(and(eq(leagueRuns.leagueId, leagueId), eq(leagueRuns.id, runId)));
  return row;
}

export async function activeRun(db: Tx, leagueId: string, discordId: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(leagueRuns).where(and(eq(leagueRuns.leagueId, leagueId), eq(leagueRuns.discordId, discordId), eq(leagueRuns.status, 'active')));
  return row;
}

/** The player's run the league page shows: the active one, else the latest. */
export async function ownRun(db: Tx, leagueId: string, discordId: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(leagueRuns).where(and(eq(leagueRuns.leagueId, leagueId), eq(leagueRuns.discordId, discordId)))
    .orderBy(sql`case when ${leagueRuns.status} = 'active' then 0 else 1 end`, desc(leagueRuns.id)).limit(1);
  return row;
}

export interface RunPage { run: RunRow; matches: MatchRow[]; name: (id: string) => string }
const runOfJson = rowMapper(leagueRuns, true);
const matchOfJson = rowMapper(leagueMatches, true);

/**
 * A run with its matches (first played first) and the names of everyone in them, in one statement:
 * the run `runId`, or with `discordId` the player's own (the active one, else the latest).
 */
export async function runPage(db: Tx, leagueId: string, which: { runId: number } | { discordId: string }): Promise<RunPage | undefined> {
  const where = 'runId' in which ? sql`r.id = ${which.runId}::int` : sql`r.discord_id = ${which.discordId}`;
  const [raw] = await rawRows(db, sql`select row_to_json(r)::text as run,
      (select coalesce(json_agg(m order by m.id), '[]')::text from league_matches m where m.run1_id = r.id or m.run2_id = r.id) as matches,
      (select coalesce(json_object_agg(u.discord_id, coalesce(nullif(u.preferred_name, ''), nullif(u.display_name, ''), nullif(u.username, ''))), '{}')::text
        from users u where u.discord_id = r.discord_id or u.discord_id in (
          select case when m.run1_id = r.id then m.player2_id else m.player1_id end from league_matches m where m.run1_id = r.id or m.run2_id = r.id)) as names
    from league_runs r where r.league_id = ${leagueId} and ${where}
    order by case when r.status = 'active' then 0 else 1 end, r.id desc limit 1`);
  if (!raw) return undefined;
  const names = JSON.parse(String(raw.names)) as Record<string, string | null>;
  return {
    run: runOfJson(JSON.parse(String(raw.run))),
    matches: (JSON.parse(String(raw.matches)) as Record<string, unknown>[]).map(matchOfJson),
    name: (id) => names[id] ?? UNKNOWN_PLAYER,
  };
}

/** A new run; a second active run of the player is a 409 (the partial unique index says so too). */
export async function insertRun(tx: Tx, values: typeof leagueRuns.$inferInsert): Promise<RunRow> {
  try {
    const [row] = await tx.insert(leagueRuns).values(values).returning();
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(LEAGUE_MESSAGES.activeRun);
    throw e;
  }
}

export async function setRun(tx: Tx, runId: number, set: Partial<Omit<RunRow, 'id' | 'leagueId'>>): Promise<RunRow> {
  const [row] = await tx.update(leagueRuns).set(set).where(eq(leagueRuns.id, runId)).returning();
  return row!;
}

/** A run's counts, with its id (a leaderboard kept in memory replaces a run by its id). */
export type RunTotalsRow = RunTotals & { id: number };

/**
 * The counts of the runs changed by writes after league version `since` (every run: -1), for the
 * leaderboard: one JSON text made by the database (rows come over several times faster so than one
 * by one through the driver, decision 024).
 */
export async function runTotals(db: Tx, leagueId: string, since = -1): Promise<RunTotalsRow[]> {
  const [raw] = await rawRows(db, sql`select coalesce(json_agg(json_build_array(r.id, r.discord_id, u.preferred_name, u.display_name, u.username,
      r.wins, r.losses, r.games_won, r.games_lost, r.points_at, r.started_at)), '[]')::text as "json"
    from league_runs r left join users u on u.discord_id = r.discord_id where r.league_id = ${leagueId} and r.board_version > ${since}::int`);
  type Row = [number, string, string | null, string | null, string | null, number, number, number, number, string | null, string];
  return (JSON.parse(String(raw?.json ?? '[]')) as Row[]).map(([id, discordId, preferredName, displayName, username, wins, losses, gamesWon, gamesLost, pointsAt, startedAt]) => ({
    id, discordId, displayName: nameOf({ preferredName, displayName, username }, UNKNOWN_PLAYER), wins, losses, gamesWon, gamesLost,
    pointsAt: pointsAt ? new Date(pointsAt) : null, startedAt: new Date(startedAt),
  }));
}

const queueColumns = {
  id: leagueRuns.id, discordId: leagueRuns.discordId, status: leagueRuns.status, currentMatchId: leagueRuns.currentMatchId,
  matchCount: leagueRuns.matchCount, queuedAt: leagueRuns.queuedAt, queuedUntil: leagueRuns.queuedUntil,
};

/** The runs waiting in the queue at `now`, first come first. */
export async function waitingRuns(tx: Tx, leagueId: string, now: Date): Promise<QueueRun[]> {
  return tx.select(queueColumns).from(leagueRuns)
    .where(and(eq(leagueRuns.leagueId, leagueId), isNotNull(leagueRuns.queuedUntil), sql`${leagueRuns.queuedUntil} > ${now.toISOString()}::timestamptz`))
    .orderBy(asc(leagueRuns.queuedAt), asc(leagueRuns.id));
}

export async function queueSize(db: Tx, leagueId: string, now: Date): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(leagueRuns)
    .where(and(eq(leagueRuns.leagueId, leagueId), isNotNull(leagueRuns.queuedUntil), sql`${leagueRuns.queuedUntil} > ${now.toISOString()}::timestamptz`));
  return r?.n ?? 0;
}

/** Lapsed entries leave the queue's index (they are ignored before that anyway). */
export async function dropLapsed(tx: Tx, leagueId: string, now: Date): Promise<void> {
  await tx.update(leagueRuns).set({ queuedAt: null, queuedUntil: null })
    .where(and(eq(leagueRuns.leagueId, leagueId), isNotNull(leagueRuns.queuedUntil), lte(leagueRuns.queuedUntil, now)));
}

/** The runs this run has met (or is playing). */
export async function metRuns(tx: Tx, runId: number): Promise<Set<number>> {
  const rows = await tx.select({ run1Id: leagueMatches.run1Id, run2Id: leagueMatches.run2Id }).from(leagueMatches)
    .where(or(eq(leagueMatches.run1Id, runId), eq(leagueMatches.run2Id, runId)));
  return new Set(rows.map((r) => (r.run1Id === runId ? r.run2Id : r.run1Id)));
}

/**
 * Counts of these runs made again from their complete matches: wins, losses, games, and the time
 * of the last win (a perfect run's extra point comes with its last win), marked with the version of
 * this write (`marker`). One statement however many.
 */
export async function recountRuns(tx: Tx, runIds: readonly number[], marker: number): Promise<void> {
  if (runIds.length === 0) return;
  const ids = sql.join([...new Set(runIds)].map((id) => sql`${id}::int`), sql`, `);
  await tx.execute(sql`update league_runs r set
      wins = coalesce(s.wins, 0), losses = coalesce(s.losses, 0), games_won = coalesce(s.games_won, 0), games_lost = coalesce(s.games_lost, 0), points_at = s.points_at,
      board_version = ${marker}::int
    from (select ids.id, x.wins, x.losses, x.games_won, x.games_lost, x.points_at
      from unnest(array[${ids}]) as ids(id)
      left join (select side.run_id, count(*) filter (where side.won)::int as wins, count(*) filter (where not side.won)::int as losses,
          sum(side.own)::int as games_won, sum(side.other)::int as games_lost, max(side.result_at) filter (where side.won) as points_at
        from (select run1_id as run_id, games1 as own, games2 as other, winner_run_id = run1_id as won, result_at from league_matches where state = 'complete' and run1_id in (${ids})
          union all
          select run2_id, games2, games1, winner_run_id = run2_id, result_at from league_matches where state = 'complete' and run2_id in (${ids})) side
        group by side.run_id) x on x.run_id = ids.id) s
    where r.id = s.id`);
}

/**
 * These runs' match left play (reported or decided): one more played, no current match; a run that
 * played all its matches is complete.
 */
export async function markPlayed(tx: Tx, runIds: readonly number[], matchesPerRun: number, now: Date): Promise<RunRow[]> {
  return tx.update(leagueRuns).set({
    played: sql`${leagueRuns.played} + 1`,
    currentMatchId: null,
    status: sql`case when ${leagueRuns.status} = 'active' and ${leagueRuns.played} + 1 >= ${matchesPerRun}::int then 'complete' else ${leagueRuns.status} end`,
    endedAt: sql`case when ${leagueRuns.status} = 'active' and ${leagueRuns.played} + 1 >= ${matchesPerRun}::int then ${now.toISOString()}::timestamptz else ${leagueRuns.endedAt} end`,
  }).where(inArray(leagueRuns.id, [...runIds])).returning();
}

/** At the end: every active run closes and leaves the queue. */
export async function closeRuns(tx: Tx, leagueId: string, endsAt: Date): Promise<string[]> {
  const rows = await tx.update(leagueRuns).set({ status: 'closed', endedAt: endsAt, queuedAt: null, queuedUntil: null })
    .where(and(eq(leagueRuns.leagueId, leagueId), eq(leagueRuns.status, 'active'))).returning({ discordId: leagueRuns.discordId });
  return rows.map((r) => r.discordId);
}

// ---- matches -----------------------------------------------------------------------------------

/**
 * A match between two runs, both taken out of the queue and marked as playing it. Both must be
 * active and playing nothing, or nothing is written (a second guard behind the league's lock).
 */
export async function insertMatch(tx: Tx, values: { leagueId: string; a: QueueRun; b: QueueRun; roomPassword: string; now: Date }): Promise<MatchRow> {
  const [first, second] = values.a.id < values.b.id ? [values.a, values.b] : [values.b, values.a];
  let match: MatchRow;
  try {
    [match] = (await tx.insert(leagueMatches).values({
      leagueId: values.leagueId, run1Id: first.id, run2Id: second.id, player1Id: first.discordId, player2Id: second.discordId,
      roomPassword: values.roomPassword, createdAt: values.now,
    }).returning()) as [MatchRow];
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('These two runs have met already');
    throw e;
  }
  const taken = await tx.update(leagueRuns).set({ currentMatchId: match.id, matchCount: sql`${leagueRuns.matchCount} + 1`, queuedAt: null, queuedUntil: null })
    .where(and(inArray(leagueRuns.id, [first.id, second.id]), eq(leagueRuns.status, 'active'), sql`${leagueRuns.currentMatchId} is null`))
    .returning({ id: leagueRuns.id });
  if (taken.length !== 2) throw conflict('One of these runs is playing already');
  return match;
}

export async function findMatch(db: Tx, leagueId: string, matchId: number): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(leagueMatches).where(and(eq(leagueMatches.leagueId, leagueId), eq(leagueMatches.id, matchId)));
  return row;
}

export async function setMatch(tx: Tx, matchId: number, set: Partial<Omit<MatchRow, 'id' | 'leagueId'>>): Promise<MatchRow> {
  const [row] = await tx.update(leagueMatches).set(set).where(eq(leagueMatches.id, matchId)).returning();
  return row!;
}

/** The matches waiting for the hosts: disputed ones, and once the league has ended every open one. */
export async function matchesToDecide(db: Tx, leagueId: string, phase: LeaguePhase): Promise<MatchRow[]> {
  const states = phase === 'deciding' ? [...OPEN_STATES] : ['disputed' as const];
  return db.select().from(leagueMatches).where(and(eq(leagueMatches.leagueId, leagueId), inArray(leagueMatches.state, states))).orderBy(asc(leagueMatches.id)).limit(500);
}

/** Reports unanswered at `until` stand (every one, at the end: `until` null). */
export async function standReports(tx: Tx, leagueId: string, until: Date | null, now: Date): Promise<MatchRow[]> {
  return tx.update(leagueMatches).set({ state: 'complete', resolution: 'stood', completedAt: now })
    .where(and(eq(leagueMatches.leagueId, leagueId), eq(leagueMatches.state, 'reported'), until ? lte(leagueMatches.confirmBy, until) : undefined)).returning();
}

/** Open matches of the league (after the end: what the hosts may still decide). */
export async function countOpen(tx: Tx, leagueId: string): Promise<number> {
  const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(leagueMatches)
    .where(and(eq(leagueMatches.leagueId, leagueId), inArray(leagueMatches.state, [...OPEN_STATES])));
  return r?.n ?? 0;
}

/** The hosts' day is over: what is still open has no result, and no run is playing it. */
export async function voidOpen(tx: Tx, leagueId: string, now: Date): Promise<MatchRow[]> {
  const voided = await tx.update(leagueMatches).set({ state: 'void', completedAt: now })
    .where(and(eq(leagueMatches.leagueId, leagueId), inArray(leagueMatches.state, [...OPEN_STATES]))).returning();
  await tx.update(leagueRuns).set({ currentMatchId: null }).where(and(eq(leagueRuns.leagueId, leagueId), isNotNull(leagueRuns.currentMatchId)));
  return voided;
}
