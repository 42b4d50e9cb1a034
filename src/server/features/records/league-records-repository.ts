// All SQL of a league's record (issue 41, decision 042's "The record"): league_records and
// league_record_runs, written when a league becomes final. It reads the league's own tables where a
// record is made of them (the runs' decks, the complete matches a rated league adds to the ratings):
// one statement each, where going through the league's repository would read them row by row.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { leagueRecordRuns, leagueRecords, leagueRuns, leagues } from '../../db/schema.ts';

export type { RecordArchetypeCount } from '../../db/schema.ts';
export type LeagueRecordRow = typeof leagueRecords.$inferSelect;
export type LeagueRecordRunWrite = typeof leagueRecordRuns.$inferInsert;
export type LeagueRecordWrite = Omit<typeof leagueRecords.$inferInsert, 'version' | 'decksVersion' | 'updatedAt' | 'archetypeCounts'>;

const INSERT_CHUNK = 1000;

export async function findLeagueRecord(db: Tx, leagueId: string): Promise<LeagueRecordRow | undefined> {
  const [row] = await db.select().from(leagueRecords).where(eq(leagueRecords.leagueId, leagueId));
  return row;
}

/** The runs' Main and Extra Deck (what the archetype rule reads), by run id. */
export async function runDecks(db: Tx, runIds: readonly number[]): Promise<Map<number, { main: number[]; extra: number[] }>> {
  const out = new Map<number, { main: number[]; extra: number[] }>();
  for (let i = 0; i < runIds.length; i += INSERT_CHUNK) {
    const rows = await db.select({ id: leagueRuns.id, main: leagueRuns.mainDeck, extra: leagueRuns.extraDeck }).from(leagueRuns)
      .where(inArray(leagueRuns.id, runIds.slice(i, i + INSERT_CHUNK)));
    for (const r of rows) out.set(r.id, { main: r.main, extra: r.extra });
  }
  return out;
}

/** The counts of the record `lr` from its runs, as SQL (the same text as event_records' archetype_counts). */
const ARCHETYPE_COUNTS_OF_LR = sql.raw(`coalesce((select jsonb_agg(jsonb_build_object('archetype', c.archetype, 'topCut', c.top_cut, 'decks', c.n) order by c.archetype, c.top_cut)::text
  from (select r.archetype, r.top_cut, count(*)::int as n from league_record_runs r where r.league_id = lr.league_id group by r.archetype, r.top_cut) c), '[]')`);

/**
 * The record of a league that became final, with its counted runs (written once: the end settles
 * once). A closed league's runs keep their places but are counted by no archetype (its decks add
 * nothing to the meta, as a closed event's).
 */
export async function writeLeagueRecord(tx: Tx, record: LeagueRecordWrite, runs: readonly LeagueRecordRunWrite[]): Promise<void> {
  await tx.insert(leagueRecords).values(record);
  for (let i = 0; i < runs.length; i += INSERT_CHUNK) await tx.insert(leagueRecordRuns).values(runs.slice(i, i + INSERT_CHUNK));
  if (record.deckPrivacy !== 'closed') await tx.execute(sql`update league_records lr set archetype_counts = ${ARCHETYPE_COUNTS_OF_LR} where lr.league_id = ${record.leagueId}`);
}

/** What the report shows changed without a rewrite (the rated mark): its caches read again. */
export async function bumpVersion(tx: Tx, leagueId: string): Promise<void> {
  await tx.update(leagueRecords).set({ version: sql`${leagueRecords.version} + 1`, updatedAt: new Date() }).where(eq(leagueRecords.leagueId, leagueId));
}

export interface RecordRunRow {
  runId: number;
  discordId: string;
  place: number;
  topCut: boolean;
  archetype: string;
  archetypeAuto: string;
  wins: number;
  losses: number;
  main: number[];
  extra: number[];
  side: number[];
}

/** The published runs of the record with their decks, by place (a player's runs the first started first). */
export async function publishedRuns(db: Tx, leagueId: string): Promise<RecordRunRow[]> {
  return db.select({
    runId: leagueRecordRuns.runId, discordId: leagueRuns.discordId, place: leagueRecordRuns.place, topCut: leagueRecordRuns.topCut,
    archetype: leagueRecordRuns.archetype, archetypeAuto: leagueRecordRuns.archetypeAuto, wins: leagueRuns.wins, losses: leagueRuns.losses,
    main: leagueRuns.mainDeck, extra: leagueRuns.extraDeck, side: leagueRuns.sideDeck,
  }).from(leagueRecordRuns).innerJoin(leagueRuns, eq(leagueRuns.id, leagueRecordRuns.runId))
    .where(and(eq(leagueRecordRuns.leagueId, leagueId), eq(leagueRecordRuns.published, true)))
    .orderBy(asc(leagueRecordRuns.place), asc(leagueRuns.discordId), asc(leagueRuns.startedAt), asc(leagueRuns.id));
}

/** The counted runs of every final league that names its archetypes (not closed), with their Main and Extra Deck: what a reclassification names again. */
export async function namedRuns(tx: Tx): Promise<{ runId: number; leagueId: string; archetype: string; main: number[]; extra: number[] }[]> {
  return tx.select({ runId: leagueRecordRuns.runId, leagueId: leagueRecordRuns.leagueId, archetype: leagueRecordRuns.archetype, main: leagueRuns.mainDeck, extra: leagueRuns.extraDeck })
    .from(leagueRecordRuns).innerJoin(leagueRecords, eq(leagueRecords.leagueId, leagueRecordRuns.leagueId)).innerJoin(leagueRuns, eq(leagueRuns.id, leagueRecordRuns.runId))
    .where(sql`${leagueRecords.deckPrivacy} <> 'closed'`).orderBy(asc(leagueRecordRuns.runId));
}

/** A run's archetype named again; the caller counts its league's archetypes again after. */
export async function renameRun(tx: Tx, runId: number, archetype: string): Promise<void> {
  await tx.update(leagueRecordRuns).set({ archetype, archetypeAuto: archetype }).where(eq(leagueRecordRuns.runId, runId));
}

/** A league's runs renamed: counted again, and its version moves on (the report and the meta read them again). */
export async function renamedArchetypes(tx: Tx, leagueId: string): Promise<void> {
  await tx.execute(sql`update league_records lr set archetype_counts = ${ARCHETYPE_COUNTS_OF_LR}, version = lr.version + 1, updated_at = now()
    where lr.league_id = ${leagueId}`);
}

export interface RatedLeagueMatch {
  leagueId: string;
  player1: string;
  player2: string;
  /** 1: player 1 won, 2: player 2 */
  result: 1 | 2;
  at: Date;
}

/**
 * The complete matches of the series' final leagues an admin marked rated, in the order they were
 * played (a match without a played time, which no complete match lacks, takes its completion).
 */
export async function ratedLeagueMatches(tx: Tx, seriesId: string): Promise<RatedLeagueMatch[]> {
  const { rows } = (await tx.execute(sql`select coalesce(json_agg(json_build_array(m.league_id, m.player1_id, m.player2_id,
      (m.winner_run_id = m.run1_id), coalesce(m.result_at, m.completed_at)) order by coalesce(m.result_at, m.completed_at), m.id)::text, '[]') as j
    from league_matches m join ${leagueRecords} lr on lr.league_id = m.league_id join ${leagues} l on l.id = m.league_id
    where lr.series_id = ${seriesId} and l.rated and m.state = 'complete' and m.winner_run_id is not null`)) as unknown as { rows: { j: string }[] };
  type Line = [string, string, string, boolean, string];
  return (JSON.parse(rows[0]!.j) as Line[]).map(([leagueId, player1, player2, first, at]) => ({ leagueId, player1, player2, result: first ? 1 : 2, at: new Date(at) }));
}
