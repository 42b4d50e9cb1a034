// What every Discord outbox table shares (webhook_deliveries and discord_dms, issue 38 §1): a batch's
// outcomes in one write, when to look again, and the rule for held messages (decision 026): a
// restore holds what the old site had queued, an operator releases or discards it. Each table's
// own claim (its ordering rule) stays with its outbox.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { Delivered, OutboxRow } from './outbox.ts';

export const OUTBOX_TABLES = ['webhook_deliveries', 'discord_dms'] as const;
export type OutboxTable = (typeof OUTBOX_TABLES)[number];

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const table = (t: OutboxTable) => sql.identifier(t);

/**
 * A batch's outcomes in one statement: sent; waiting for a rate limit (due again then, the attempt
 * not counted); tried again later; given up (with Discord's error code); dropped. Each row's lease ends.
 */
export async function recordOutcomes(db: Tx, t: OutboxTable, results: readonly Delivered<OutboxRow>[], now: Date): Promise<void> {
  if (results.length === 0) return;
  const cols = { id: [] as number[], status: [] as string[], at: [] as (string | null)[], error: [] as (string | null)[], uncount: [] as number[], code: [] as (number | null)[] };
  for (const { row, outcome: o } of results) {
    cols.id.push(row.id);
    cols.status.push(o.kind === 'wait' || o.kind === 'retry' ? 'pending' : o.kind);
    cols.at.push(o.kind === 'wait' ? o.until.toISOString() : o.kind === 'retry' ? o.at.toISOString() : null);
    cols.error.push(o.kind === 'sent' ? null : o.kind === 'dropped' ? `dropped: ${o.reason}` : o.error ?? null);
    cols.uncount.push(o.kind === 'wait' ? 1 : 0);
    cols.code.push(o.kind === 'failed' ? o.code : null);
  }
  await db.execute(sql`
    update ${table(t)} w set
      status = v.status,
      next_attempt_at = coalesce(v.at, w.next_attempt_at),
      attempts = greatest(w.attempts - v.uncount, 0),
      last_error = case when v.status = 'sent' then null else coalesce(v.error, w.last_error) end,
      error_code = coalesce(v.code, w.error_code),
      sent_at = case when v.status = 'sent' then ${at(now)} else w.sent_at end,
      leased_until = null
    from unnest(${sql.param(cols.id)}::int[], ${sql.param(cols.status)}::text[], ${sql.param(cols.at)}::timestamptz[],
      ${sql.param(cols.error)}::text[], ${sql.param(cols.uncount)}::int[], ${sql.param(cols.code)}::int[]) as v(id, status, at, error, uncount, code)
    where w.id = v.id`);
}

/**
 * The earliest future moment a pending row becomes due (undefined: none). A row already due but not
 * claimed waits for a lease or another row, each of which ends at some row's next_attempt_at.
 */
export async function nextDue(db: Tx, t: OutboxTable, now: Date): Promise<Date | undefined> {
  const result = (await db.execute(sql`select min(next_attempt_at) as at from ${table(t)} where status = 'pending' and next_attempt_at > ${at(now)}`)) as unknown as { rows: { at: string | Date | null }[] };
  const value = result.rows[0]?.at;
  return value ? new Date(value) : undefined;
}

/** Every pending row of both outboxes held (restore, before the data dir is put in place): how many of each. */
export async function holdPending(db: Tx): Promise<Record<OutboxTable, number>> {
  return eachTable((t) => db.execute(sql`update ${table(t)} set status = 'held', leased_until = null where status = 'pending' returning id`));
}

/**
 * Every held row queued again as of `now`: due at once, no attempt counted, its age counted from now
 * (else a backup older than the age limit would only be given up); how many of each.
 */
export async function releaseHeld(db: Tx, now: Date): Promise<Record<OutboxTable, number>> {
  return eachTable((t) => db.execute(sql`
    update ${table(t)} set status = 'pending', attempts = 0, next_attempt_at = ${at(now)}, created_at = ${at(now)}, last_error = null
    where status = 'held' returning id`));
}

/** Every held row deleted, never sent: how many of each. */
export async function discardHeld(db: Tx): Promise<Record<OutboxTable, number>> {
  return eachTable((t) => db.execute(sql`delete from ${table(t)} where status = 'held' returning id`));
}

async function eachTable(run: (t: OutboxTable) => Promise<unknown>): Promise<Record<OutboxTable, number>> {
  const counts = {} as Record<OutboxTable, number>;
  for (const t of OUTBOX_TABLES) counts[t] = ((await run(t)) as { rows: unknown[] }).rows.length;
  return counts;
}
