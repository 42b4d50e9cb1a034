// All SQL of the public record of completed events (issue 20, decision 020): the record row, its
// players, meetings and decks, the decks' archetype counts, and the series' ratings kept from them.
// Writes take the caller's transaction: a record is written with the winner's marking, whole or not at all.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CardSetcodes } from '../../../domain/decks/archetype.ts';
import type { Tx } from '../../db/client.ts';
import { cards, eventRecords, playerRatings, recordDecks, recordMeetings, recordPlayers, series, tournaments } from '../../db/schema.ts';

export type { RecordMatch, RecordPlacement } from '../../db/schema.ts';
export type EventRecordRow = typeof eventRecords.$inferSelect;
export type EventRecordWrite = Omit<typeof eventRecords.$inferInsert, 'version' | 'decksVersion' | 'updatedAt' | 'archetypeCounts'>;
export type RecordDeckRow = typeof recordDecks.$inferSelect;
export type RecordPlayerWrite = typeof recordPlayers.$inferInsert;
export type RecordMeetingWrite = typeof recordMeetings.$inferInsert;
export type RecordDeckWrite = typeof recordDecks.$inferInsert;
export type PlayerRatingWrite = typeof playerRatings.$inferInsert;

// in chunks: a 4,096-team event's rows would pass PostgreSQL's 65,535 parameters in one statement
const INSERT_CHUNK = 1000;

export async function findRecord(db: Tx, uid: string): Promise<EventRecordRow | undefined> {
  const [row] = await db.select().from(eventRecords).where(eq(eventRecords.tournamentUid, uid));
  return row;
}

export async function recordExists(db: Tx, uid: string): Promise<boolean> {
  const [row] = await db.select({ uid: eventRecords.tournamentUid }).from(eventRecords).where(eq(eventRecords.tournamentUid, uid));
  return row !== undefined;
}

/** The first record, or a rewrite of it: the versions move on, and its players, meetings and decks go (written again after). */
export async function writeRecord(tx: Tx, record: EventRecordWrite, previous: Pick<EventRecordRow, 'version' | 'decksVersion'> | undefined): Promise<void> {
  if (previous) {
    const uid = record.tournamentUid;
    await tx.update(eventRecords).set({ ...record, version: previous.version + 1, decksVersion: previous.decksVersion + 1, updatedAt: new Date() })
      .where(eq(eventRecords.tournamentUid, uid));
    await tx.delete(recordPlayers).where(eq(recordPlayers.tournamentUid, uid));
    await tx.delete(recordMeetings).where(eq(recordMeetings.tournamentUid, uid));
    await tx.delete(recordDecks).where(eq(recordDecks.tournamentUid, uid));
  } else {
    await tx.insert(eventRecords).values(record);
  }
}

/** The record's version moves on (what it shows changed without a rewrite): the caches keyed by it read again. */
export async function bumpVersion(tx: Tx, uid: string): Promise<void> {
  await tx.update(eventRecords).set({ version: sql`${eventRecords.version} + 1`, updatedAt: new Date() }).where(eq(eventRecords.tournamentUid, uid));
}

export async function insertPlayers(tx: Tx, rows: readonly RecordPlayerWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(recordPlayers).values(rows.slice(i, i + INSERT_CHUNK));
}

export async function insertMeetings(tx: Tx, rows: readonly RecordMeetingWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(recordMeetings).values(rows.slice(i, i + INSERT_CHUNK));
}

export async function insertDecks(tx: Tx, rows: readonly RecordDeckWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(recordDecks).values(rows.slice(i, i + INSERT_CHUNK));
}

/** Every deck of the record, by finish. */
export async function listDecks(db: Tx, uid: string): Promise<RecordDeckRow[]> {
  return db.select().from(recordDecks).where(eq(recordDecks.tournamentUid, uid)).orderBy(asc(recordDecks.rank), asc(recordDecks.id));
}

export async function publishedDecks(db: Tx, uid: string): Promise<RecordDeckRow[]> {
  return db.select().from(recordDecks).where(and(eq(recordDecks.tournamentUid, uid), eq(recordDecks.published, true)));
}

export async function findPublishedDeck(db: Tx, uid: string, deckId: number): Promise<RecordDeckRow | undefined> {
  const [deck] = await db.select().from(recordDecks)
    .where(and(eq(recordDecks.id, deckId), eq(recordDecks.tournamentUid, uid), eq(recordDecks.published, true)));
  return deck;
}

/** A deck's archetype as shown (correctedBy null: the rule's name); the caller counts the record's archetypes again. */
export async function setDeckArchetype(tx: Tx, deckId: number, archetype: string, correctedBy: string | null): Promise<void> {
  await tx.update(recordDecks).set({ archetype, correctedBy }).where(eq(recordDecks.id, deckId));
}

export async function seriesName(db: Tx, seriesUid: string): Promise<string | undefined> {
  const [row] = await db.select({ name: series.name }).from(series).where(eq(series.id, seriesUid));
  return row?.name;
}

/** Setcodes of these cards and of the cards they are alternate arts of. */
export async function setcodeLookup(db: Tx, ids: Iterable<number>): Promise<(id: number) => CardSetcodes | undefined> {
  const wanted = [...new Set(ids)];
  const found = new Map<number, CardSetcodes>();
  for (let round = 0; round < 2 && wanted.length; round++) {
    const rows = wanted.length ? await db.select({ id: cards.id, alias: cards.alias, setcodes: cards.setcodes }).from(cards).where(inArray(cards.id, wanted)) : [];
    wanted.length = 0;
    for (const r of rows) {
      found.set(r.id, { setcodes: r.setcodes ?? [], alias: r.alias || undefined });
      if (r.alias && !found.has(r.alias)) wanted.push(r.alias);
    }
  }
  return (id) => found.get(id);
}

// Each record keeps its decks counted by archetype and top cut (event_records.archetype_counts):
// the meta reads these 1,000 short lists after a reclassification instead of grouping 64,000 deck
// rows (PGlite took 300 ms for that). Whatever renames a recorded deck's archetype counts again here.

/**
 * The counts of the record row `er` from its decks, as SQL. Migration 0007 fills the column of
 * older records with this same text (the players API test runs it and compares).
 */
export const ARCHETYPE_COUNTS_OF_ER = sql.raw(`coalesce((select jsonb_agg(jsonb_build_object('archetype', c.archetype, 'topCut', c.top_cut, 'decks', c.n) order by c.archetype, c.top_cut)::text
  from (select d.archetype, d.top_cut, count(*)::int as n from record_decks d where d.tournament_uid = er.tournament_uid group by d.archetype, d.top_cut) c), '[]')`);

/** Counts the record's decks again (after they were written). */
export async function recountArchetypes(tx: Tx, uid: string): Promise<void> {
  await tx.execute(sql`update event_records er set archetype_counts = ${ARCHETYPE_COUNTS_OF_ER} where er.tournament_uid = ${uid}`);
}

/** An archetype of the record's decks renamed: counted again, and the record's version moves on. */
export async function renamedArchetypes(tx: Tx, uid: string): Promise<void> {
  await tx.execute(sql`update event_records er set archetype_counts = ${ARCHETYPE_COUNTS_OF_ER}, version = er.version + 1, updated_at = now()
    where er.tournament_uid = ${uid}`);
}

/** The rated recorded events of a series (issue 29: only those an admin marked rated), in the order they were completed. */
export async function ratedEvents(tx: Tx, seriesUid: string): Promise<(Pick<EventRecordRow, 'placements' | 'matches' | 'completedAt'> & { uid: string })[]> {
  return tx
    .select({ uid: eventRecords.tournamentUid, placements: eventRecords.placements, matches: eventRecords.matches, completedAt: eventRecords.completedAt })
    .from(eventRecords)
    // a host could manufacture the others
    .innerJoin(tournaments, eq(tournaments.uid, eventRecords.tournamentUid))
    .where(and(eq(eventRecords.seriesUid, seriesUid), eq(tournaments.rated, true)))
    .orderBy(asc(eventRecords.completedAt), asc(eventRecords.tournamentUid));
}

/** Each player's wins, losses and ties over the rated recorded events of a series. */
export async function ratedTotals(tx: Tx, seriesUid: string): Promise<{ discordId: string; wins: number; losses: number; ties: number }[]> {
  return tx
    .select({
      discordId: recordPlayers.discordId,
      wins: sql<number>`sum(${recordPlayers.wins})::int`, losses: sql<number>`sum(${recordPlayers.losses})::int`, ties: sql<number>`sum(${recordPlayers.ties})::int`,
    })
    .from(recordPlayers)
    .innerJoin(tournaments, eq(tournaments.uid, recordPlayers.tournamentUid))
    .where(and(eq(recordPlayers.seriesUid, seriesUid), eq(tournaments.rated, true)))
    .groupBy(recordPlayers.discordId);
}

/** The series' ratings replaced by these (nothing is updated in place). */
export async function replaceRatings(tx: Tx, seriesUid: string, rows: readonly PlayerRatingWrite[]): Promise<void> {
  await tx.delete(playerRatings).where(eq(playerRatings.seriesUid, seriesUid));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(playerRatings).values(rows.slice(i, i + INSERT_CHUNK));
}
