// Requests to host (issue 39 §1): at most one open per user (a unique index on the open ones), decided
// once by an admin.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { OwnHostRequest } from '../../../domain/api/people.ts';
import type { Tx } from '../../db/client.ts';
import { hostRequests, users } from '../../db/schema.ts';

export type RequestRow = typeof hostRequests.$inferSelect;

/** A new open request, or undefined when the user has one open already. */
export async function open(tx: Tx, discordId: string, note: string): Promise<RequestRow | undefined> {
  const [row] = await tx.insert(hostRequests).values({ discordId, note }).onConflictDoNothing().returning();
  return row;
}

/** The request, its row locked until the transaction ends (a decision is made once). */
export async function lockRequest(tx: Tx, id: number): Promise<RequestRow | undefined> {
  const [row] = await tx.select().from(hostRequests).where(eq(hostRequests.id, id)).for('update');
  return row;
}

export async function decide(tx: Tx, id: number, d: { status: 'approved' | 'declined'; by: string; reason: string | null; at: Date }): Promise<RequestRow> {
  const [row] = await tx.update(hostRequests).set({ status: d.status, decidedBy: d.by, reason: d.reason, decidedAt: d.at }).where(eq(hostRequests.id, id)).returning();
  return row!;
}

/** The open requests, oldest first, with their authors. */
export async function openRequests(db: Tx): Promise<{ request: RequestRow; user: typeof users.$inferSelect }[]> {
  return db.select({ request: hostRequests, user: users }).from(hostRequests)
    .innerJoin(users, eq(users.discordId, hostRequests.discordId))
    .where(eq(hostRequests.status, 'open'))
    .orderBy(asc(hostRequests.createdAt), asc(hostRequests.id));
}

/** Every decided request of these users, newest first. */
export async function decidedOf(db: Tx, ids: readonly string[]): Promise<RequestRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(hostRequests)
    .where(and(inArray(hostRequests.discordId, [...ids]), inArray(hostRequests.status, ['approved', 'declined'])))
    .orderBy(desc(hostRequests.createdAt), desc(hostRequests.id));
}

/** The user's newest request, open or decided. */
export async function newestOf(db: Tx, discordId: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(hostRequests).where(eq(hostRequests.discordId, discordId)).orderBy(desc(hostRequests.id)).limit(1);
  return row;
}

export const ownView = (r: RequestRow): OwnHostRequest => ({
  id: r.id, note: r.note, status: r.status, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null, reason: r.reason,
});
