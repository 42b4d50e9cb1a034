import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';

/** Insert or update cards in batches, one transaction. Returns the number written. */
export async function upsertCards(db: Db, rows: (typeof cards.$inferInsert)[]): Promise<number> {
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
  return rows.length;
}

const toSnake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function countCards(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cards);
  return row?.n ?? 0;
}
