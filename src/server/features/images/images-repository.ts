import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

export type ImageRow = typeof images.$inferSelect;
export type ImageKind = ImageRow['kind'];

export async function insert(db: Tx, row: typeof images.$inferInsert): Promise<void> {
  await db.insert(images).values(row);
}

export async function findById(db: Tx, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

/** Temporary images created before `before`: their URLs no longer work. */
export async function listTemporaryBefore(db: Tx, before: Date, limit = 100): Promise<Pick<ImageRow, 'id' | 'mime'>[]> {
  return db
    .select({ id: images.id, mime: images.mime })
    .from(images)
    .where(and(eq(images.kind, 'temporary'), lt(images.createdAt, before)))
    .limit(limit);
}

export async function deleteByIds(db: Tx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(images).where(inArray(images.id, ids));
}
