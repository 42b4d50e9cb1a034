// The event's log: who did what, with the state before and after.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export async function audit(tx: Tx, e: { tournamentUid: string; actorDiscordId: string; action: string; before?: unknown; after?: unknown }): Promise<void> {
  await tx.insert(auditLog).values({ tournamentUid: e.tournamentUid, actorDiscordId: e.actorDiscordId, action: e.action, before: e.before ?? null, after: e.after ?? null });
}

export async function listAudit(db: Db, uid: string) {
  return db
    .select({ entry: auditLog, actorName: sql<string | null>`coalesce(${users.preferredName}, ${users.displayName}, ${users.username})` })
    .from(auditLog)
    .leftJoin(users, eq(users.discordId, auditLog.actorDiscordId))
    .where(eq(auditLog.tournamentUid, uid))
    .orderBy(asc(auditLog.id));
}
