// Each record keeps its decks counted by archetype and top cut (event_records.archetype_counts):
// the meta reads these 1,000 short lists after a reclassification instead of grouping 64,000 deck
// rows (PGlite took 300 ms for that). Whatever renames a recorded deck's archetype counts again here.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

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
