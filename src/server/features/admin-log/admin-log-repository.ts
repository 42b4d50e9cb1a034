// The site's admin log (issue 39 §1): one line per admin action, written in the action's own
// transaction (a rolled-back action leaves none), read newest first with filters.
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminAction, SubjectKind } from '../../../domain/admin-log/actions.ts';
import type { AdminLogDetails, AdminLogEntry } from '../../../domain/api/admin-log.ts';
import type { Tx } from '../../db/client.ts';
import { adminLog, users } from '../../db/schema.ts';

export interface LogLine {
  /** null: the operator's CLI */
  actorDiscordId: string | null;
  action: AdminAction;
  subject: { kind: SubjectKind; id: string; name?: string | null };
  details?: AdminLogDetails;
}

export async function write(tx: Tx, line: LogLine): Promise<void> {
  await tx.insert(adminLog).values({
    actorDiscordId: line.actorDiscordId, action: line.action,
    subjectKind: line.subject.kind, subjectId: line.subject.id, subjectName: line.subject.name ?? null,
    details: line.details ?? {},
  });
}

export interface LogFilter {
  actor?: string;
  action?: AdminAction;
  subject?: string;
  /** YYYY-MM-DD, UTC days, both included */
  from?: string;
  to?: string;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

function where(f: LogFilter): SQL | undefined {
  return and(
    f.actor ? eq(adminLog.actorDiscordId, f.actor) : undefined,
    f.action ? eq(adminLog.action, f.action) : undefined,
    f.subject ? eq(adminLog.subjectId, f.subject) : undefined,
    f.from ? gte(adminLog.at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(adminLog.at, nextDay(f.to)) : undefined,
  );
}

/** A page of lines, newest first, with the actor's name as it is now, and how many match. */
export async function list(db: Tx, f: LogFilter, page: number, pageSize: number): Promise<{ entries: AdminLogEntry[]; total: number }> {
  const filter = where(f);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(adminLog).where(filter);
  const rows = await db
    .select({ line: adminLog, actorName: sql<string | null>`coalesce(${users.preferredName}, ${users.displayName}, ${users.username})` })
    .from(adminLog)
    .leftJoin(users, eq(users.discordId, adminLog.actorDiscordId))
    .where(filter)
    .orderBy(desc(adminLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const entries = rows.map(({ line, actorName }): AdminLogEntry => ({
    id: line.id,
    at: line.at.toISOString(),
    actor: line.actorDiscordId ? { discordId: line.actorDiscordId, name: actorName ?? line.actorDiscordId } : null,
    action: line.action as AdminAction,
    subject: { kind: line.subjectKind as SubjectKind, id: line.subjectId, name: line.subjectName ?? line.subjectId },
    details: line.details as AdminLogDetails,
  }));
  return { entries, total };
}
