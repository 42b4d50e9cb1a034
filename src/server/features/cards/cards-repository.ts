import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';
import { MAX_SEARCH_RESULTS } from '../../../domain/banlists/card-search.ts';
import type { StoredCard } from '../../../domain/banlists/card-info.ts';
import type { CardSource } from '../../../domain/cards/card-index.ts';

/** A card as stored (card-import.ts makes them from EDOPro's files). */
export type CardRow = typeof cards.$inferInsert;

// told after cards were written in this process: the cards in memory (card-rows.ts) read them again.
// A listener, so that the cache imports the repository and not the other way round.
const writtenListeners: ((db: Db) => void)[] = [];
export function onCardsWritten(listener: (db: Db) => void): void {
  writtenListeners.push(listener);
}

/** Insert or update cards in batches, one transaction; this process's card indexes then read them again. Returns the number written. */
export async function upsertCards(db: Db, rows: CardRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(cards)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: cards.id,
          set: Object.fromEntries(
            Object.keys(rows[0]!).filter((k) => k !== 'id').map((k) => [k, sql.raw(`excluded.${toSnake(k)}`)]),
          ),
        });
    }
  });
  for (const listener of writtenListeners) listener(db);
  return rows.length;
}

/** Every card as the indexes hold it (the card search's and the deck checker's). */
export async function cardSources(db: Tx): Promise<CardSource[]> {
  return db
    .select({
      id: cards.id, alias: cards.alias, name: cards.name, type: cards.type, atk: cards.atk, def: cards.def, level: cards.level,
      race: cards.race, attribute: cards.attribute, setcodes: cards.setcodes, description: cards.description,
    })
    .from(cards);
}

const toSnake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function countCards(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cards);
  return row?.n ?? 0;
}

/**
 * Cards whose normalised name contains the normalised query, ranked exact, prefix, word prefix, substring
 * (domain searchRank), then shorter names, then by name. Alternate artworks share a name: one hit per name,
 * the original (alias 0) first. `query` holds only letters, digits and spaces, so it has no LIKE wildcards.
 */
export async function search(db: Tx, query: string, limit = MAX_SEARCH_RESULTS): Promise<{ id: number; name: string }[]> {
  const result = (await db.execute(sql`
    select id, name from (
      select distinct on (name) id, name, search_name from ${cards}
      where search_name like ${`%${query}%`}
      order by name, (alias <> 0), id
    ) hits
    order by
      case when search_name = ${query} then 0
           when search_name like ${`${query}%`} then 1
           when search_name like ${`% ${query}%`} then 2
           else 3 end,
      char_length(name), name collate "C", id
    limit ${limit}`)) as unknown as { rows: { id: number; name: string }[] };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function findById(db: Tx, id: number): Promise<StoredCard | undefined> {
  const [row] = await db
    .select({
      id: cards.id, alias: cards.alias, name: cards.name, type: cards.type, cardType: cards.cardType, atk: cards.atk,
      def: cards.def, level: cards.level, lscale: cards.lscale, rscale: cards.rscale, linkMarkers: cards.linkMarkers,
      race: cards.race, attribute: cards.attribute, description: cards.description,
    })
    .from(cards)
    .where(eq(cards.id, id));
  return row;
}

/**
 * The card each name means: an exact name first, else the same normalised name; among equals the original
 * (alias 0), then the lowest passcode. Names that match nothing are absent from the map.
 */
export async function idsByNames(db: Tx, names: readonly string[], keys: readonly string[]): Promise<{ byName: Map<string, number>; byKey: Map<string, number> }> {
  const byName = new Map<string, number>();
  const byKey = new Map<string, number>();
  if (names.length === 0) return { byName, byKey };
  const rows = await db
    .select({ id: cards.id, name: cards.name, searchName: cards.searchName, alias: cards.alias })
    .from(cards)
    .where(sql`${inArray(cards.name, [...names])} or ${inArray(cards.searchName, [...keys])}`)
    .orderBy(sql`(${cards.alias} <> 0)`, cards.id);
  for (const r of rows) {
    if (!byName.has(r.name)) byName.set(r.name, r.id);
    if (!byKey.has(r.searchName)) byKey.set(r.searchName, r.id);
  }
  return { byName, byKey };
}

/**
 * Of these passcodes, those that are another passcode of a card by the same name (an alternate
 * artwork, a pre-errata version: `alias` names the card), each with that card's passcode.
 */
export async function otherPasscodesOf(db: Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const original = alias(cards, 'original');
  const rows = await db
    .select({ id: cards.id, of: cards.alias })
    .from(cards)
    .innerJoin(original, and(eq(original.id, cards.alias), eq(original.name, cards.name)))
    .where(and(inArray(cards.id, [...ids]), ne(cards.alias, cards.id)));
  return new Map(rows.map((r) => [r.id, r.of]));
}
