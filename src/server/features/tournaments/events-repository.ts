// An event's own row: reading it, locking it (every write of an event begins here: event-write.ts),
// changing it, and what Close removes with it.
import { and, eq, getTableColumns, max, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { columnList, rawRows, rowMapper } from '../../db/raw-rows.ts';
import { decks, eventRecords, matches, members, teams, tournaments } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { nextIteration as nextHeldIteration } from '../../../domain/tournaments/iteration.ts';

export type TournamentRow = typeof tournaments.$inferSelect;

/** raw rows of the hand-written statements, as drizzle's select gives them */
export const tournamentRowOf = rowMapper(tournaments);

export const TOURNAMENT_NOT_FOUND = 'Tournament not found';

/**
 * The tournament rows the list shows, with what the notification dot needs and the team count:
 * every team that signed up (dropped ones too, as the tournament's own teamCount); after Close,
 * which removed the teams, the teams of the final standings it kept.
 */
export async function listForSummaries(db: Tx) {
  const teamCounts = db
    .select({
      tournamentUid: teams.tournamentUid,
      n: sql<number>`count(*)::int`.as('n'),
      active: sql<number>`count(*) filter (where not ${teams.dropped})::int`.as('active'),
    })
    .from(teams)
    .groupBy(teams.tournamentUid)
    .as('team_counts');
  // the current round's matches: how many, how many complete, how many flagged
  const current = db
    .select({
      tournamentUid: matches.tournamentUid,
      total: sql<number>`count(*)::int`.as('total'),
      complete: sql<number>`count(*) filter (where ${matches.complete})::int`.as('complete'),
      flagged: sql<number>`count(*) filter (where ${matches.flaggedForReview})::int`.as('flagged'),
    })
    .from(matches)
    .innerJoin(tournaments, and(eq(tournaments.uid, matches.tournamentUid), eq(tournaments.currentRound, matches.roundNumber)))
    .groupBy(matches.tournamentUid)
    .as('current_round');
  const anyMatch = db
    .select({ tournamentUid: matches.tournamentUid, n: sql<number>`count(*)::int`.as('any_n') })
    .from(matches)
    .groupBy(matches.tournamentUid)
    .as('any_match');
  return db
    .select({
      t: tournaments,
      teamCount: teamCounts.n,
      activeTeams: teamCounts.active,
      keptTeams: sql<number | null>`jsonb_array_length(${tournaments.finalStandings}->'rows')`,
      total: current.total,
      complete: current.complete,
      flagged: current.flagged,
      anyMatches: anyMatch.n,
      // the record's champion is its first placement (decision 014: the winner first)
      completedAt: eventRecords.completedAt,
      championName: sql<string | null>`case when ${eventRecords.placements}->0->>'teamId' = ${eventRecords.championTeamUid} then ${eventRecords.placements}->0->>'teamName' end`,
    })
    .from(tournaments)
    .leftJoin(eventRecords, eq(eventRecords.tournamentUid, tournaments.uid))
    .leftJoin(teamCounts, eq(teamCounts.tournamentUid, tournaments.uid))
    .leftJoin(current, eq(current.tournamentUid, tournaments.uid))
    .leftJoin(anyMatch, eq(anyMatch.tournamentUid, tournaments.uid))
    .where(eq(tournaments.cancelled, false))
    // upcoming events by their start (decision 016): those with a start first, soonest first; then
    // upcoming ones without a start, then live and finished events, each by creation as before
    .orderBy(
      sql`case when ${tournaments.inProgress} or ${tournaments.completed} then 2 when ${tournaments.startsAt} is null then 1 else 0 end`,
      sql`case when not ${tournaments.inProgress} and not ${tournaments.completed} then ${tournaments.startsAt} end asc nulls last`,
      tournaments.createdAt,
    );
}

/** Uids of the tournaments where the user is an active member of an active team. */
export async function participatingUids(db: Tx, discordId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: members.tournamentUid })
    .from(members)
    .innerJoin(teams, eq(teams.uid, members.teamUid))
    .where(and(eq(members.discordId, discordId), eq(members.dropped, false), eq(teams.dropped, false)));
  return rows.map((r) => r.uid);
}

export async function findTournament(db: Tx, uid: string): Promise<TournamentRow | undefined> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.uid, uid));
  return row;
}

/**
 * The row locked for this transaction by the write's own version bump (an update takes the same
 * row lock as `select … for update`): one statement fewer while the lock is held (decision 019).
 * The row comes back with its new version; a rollback undoes the bump with everything else.
 */
export async function lockAndBump(tx: Tx, uid: string, notice?: SQL): Promise<TournamentRow> {
  // hand-written (decision 021): every write of an event runs it, while the others wait for it; the
  // notice (pg_notify, delivered at commit) rides along instead of costing a statement of its own
  const [raw] = await rawRows(tx, sql`update tournaments set version = version + 1, updated_at = now() where uid = ${uid}
    returning ${columnList(tournaments)}${notice ? sql`, ${notice} as "_notice"` : sql``}`);
  if (!raw) throw notFound(TOURNAMENT_NOT_FOUND);
  return tournamentRowOf(raw);
}

/**
 * What a score report reads of its event (its stage, best-of and round, its match's clock, and
 * what a bracket result settles), and nothing else: on the embedded database each column a
 * statement returns costs the server's thread about 5 µs, and a tournament row has 59 (decision 039).
 */
export const PLAY_COLUMNS = [
  'uid', 'version', 'name', 'format', 'bestOf', 'currentRound', 'closed', 'cancelled', 'completed', 'inProgress', 'pairingSeed',
  'roundMinutes', 'topCutRoundMinutes', 'roundStartDates',
] as const satisfies readonly (keyof TournamentRow)[];

export type PlayEventRow = Pick<TournamentRow, (typeof PLAY_COLUMNS)[number]>;

const playColumns = Object.entries(getTableColumns(tournaments)).filter(([key]) => (PLAY_COLUMNS as readonly string[]).includes(key));

const playColumnList = sql.raw(playColumns.map(([, c]) => `"${c.name}"`).join(', '));

/** lockAndBump for a score report: the same lock and version, the row in PLAY_COLUMNS only. */
export async function lockAndBumpForPlay(tx: Tx, uid: string, notice?: SQL): Promise<PlayEventRow> {
  const [raw] = await rawRows(tx, sql`update tournaments set version = version + 1, updated_at = now() where uid = ${uid}
    returning ${playColumnList}${notice ? sql`, ${notice} as "_notice"` : sql``}`);
  if (!raw) throw notFound(TOURNAMENT_NOT_FOUND);
  return Object.fromEntries(playColumns.map(([key, c]) => [key, raw[c.name] === null || raw[c.name] === undefined ? null : c.mapFromDriverValue(raw[c.name])])) as PlayEventRow;
}

/** The tournament's version alone (the live notice's; undefined: no such tournament). */
export async function tournamentVersion(db: Tx, uid: string): Promise<number | undefined> {
  const [row] = await db.select({ version: tournaments.version }).from(tournaments).where(eq(tournaments.uid, uid));
  return row?.version;
}

/** The row, locked for this transaction: writes to one tournament run one after another. */
export async function lockTournament(tx: Tx, uid: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.uid, uid)).for('update');
  if (!row) throw notFound(TOURNAMENT_NOT_FOUND);
  return row;
}

export async function insertTournament(db: Tx, values: typeof tournaments.$inferInsert): Promise<TournamentRow> {
  const [row] = await db.insert(tournaments).values(values).returning();
  return row!;
}

/** The next iteration number of a series' tournaments: one after the highest held (cancelled events took no place). */
export async function nextIteration(db: Tx, seriesUid: string): Promise<number> {
  const [row] = await db.select({ top: max(tournaments.iteration) }).from(tournaments)
    .where(and(eq(tournaments.seriesUid, seriesUid), eq(tournaments.cancelled, false)));
  return nextHeldIteration([row?.top ?? null]);
}

/** Changes fields; the version moved with the write's lock (event-write.ts: once a write, decision 039). */
export async function updateTournament(tx: Tx, uid: string, set: Partial<typeof tournaments.$inferInsert>): Promise<TournamentRow> {
  const [row] = await tx
    .update(tournaments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(tournaments.uid, uid))
    .returning();
  return row!;
}

/** Close: the teams, matches and decks go (members and decks cascade with the teams); the row stays. */
export async function deleteEventData(tx: Tx, uid: string): Promise<void> {
  await tx.delete(matches).where(eq(matches.tournamentUid, uid));
  await tx.delete(decks).where(eq(decks.tournamentUid, uid));
  await tx.delete(members).where(eq(members.tournamentUid, uid));
  await tx.delete(teams).where(eq(teams.tournamentUid, uid));
}
