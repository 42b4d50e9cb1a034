// The outbox's SQL (table webhook_deliveries). Rows are written in the transaction of the action
// they tell of; the worker claims due rows with one statement (select … for update skip locked,
// then a lease), so two instances never send the same row at the same time.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { matches, teams, webhookDeliveries } from '../../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';

export type DeliveryKind = 'check-in' | 'pairings' | 'champion';

export interface NewDelivery {
  tournamentUid: string;
  kind: DeliveryKind;
  url: string;
  body: unknown;
}

export interface ClaimedDelivery {
  id: number;
  tournamentUid: string;
  kind: string;
  url: string;
  body: unknown;
  /** counting this one */
  attempts: number;
  createdAt: Date;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function enqueue(tx: Tx, rows: readonly NewDelivery[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(webhookDeliveries).values(rows.map((r) => ({ ...r, status: 'pending' as const, createdAt: now, nextAttemptAt: now })));
}

/**
 * Up to `limit` due rows, each the oldest pending row of its webhook (a webhook's messages go out
 * one at a time, in order: part 2 of the pairings never before part 1), leased until `leaseUntil`
 * (another instance takes a row only once its lease has run out: one that died mid-send) and its
 * attempt counted.
 */
export async function claimDue(db: Tx, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const result = (await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= ${at(now)}
        and not exists (select 1 from webhook_deliveries e where e.url = d.url and e.status = 'pending' and e.id < d.id)
      order by d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries w set attempts = w.attempts + 1, next_attempt_at = ${at(leaseUntil)}
    from due where w.id = due.id
    returning w.id, w.tournament_uid, w.kind, w.url, w.body, w.attempts, w.created_at`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows
    .map((r) => ({
      id: Number(r.id), tournamentUid: String(r.tournament_uid), kind: String(r.kind), url: String(r.url),
      body: typeof r.body === 'string' ? JSON.parse(r.body) : r.body,
      attempts: Number(r.attempts), createdAt: new Date(r.created_at as string | Date),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markSent(db: Tx, id: number, now: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(webhookDeliveries.id, id));
}

/**
 * Tried again at `retryAt`, with `error` as its last (left as it was when undefined); a 429 or a
 * wait for the rate window does not count as an attempt (`uncount`).
 */
export async function reschedule(db: Tx, id: number, retryAt: Date, { error, uncount = false }: { error?: string; uncount?: boolean } = {}): Promise<void> {
  await db.update(webhookDeliveries)
    .set({
      nextAttemptAt: retryAt,
      ...(error !== undefined ? { lastError: error } : {}),
      ...(uncount ? { attempts: sql`greatest(${webhookDeliveries.attempts} - 1, 0)` } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
}

export async function markFailed(db: Tx, id: number, error: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'failed', lastError: error }).where(eq(webhookDeliveries.id, id));
}

/** The webhook is gone (401/403/404): every message still waiting for it is given up; returns them. */
export async function failPendingOf(db: Tx, url: string, error: string): Promise<{ id: number; tournamentUid: string; kind: string }[]> {
  return db.update(webhookDeliveries).set({ status: 'failed', lastError: error })
    .where(and(eq(webhookDeliveries.url, url), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id, tournamentUid: webhookDeliveries.tournamentUid, kind: webhookDeliveries.kind });
}

/** Discord said the window is used up: nothing more to this webhook before `until` (every instance sees it). */
export async function pause(db: Tx, url: string, until: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ nextAttemptAt: sql`greatest(${webhookDeliveries.nextAttemptAt}, ${at(until)})` })
    .where(and(eq(webhookDeliveries.url, url), eq(webhookDeliveries.status, 'pending')));
}

/** The earliest moment a pending row becomes due (for the worker's next wake-up). */
export async function nextDue(db: Tx): Promise<Date | undefined> {
  const [row] = await db.select({ at: sql<string | Date | null>`min(${webhookDeliveries.nextAttemptAt})` })
    .from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
  return row?.at ? new Date(row.at) : undefined;
}

// A restored backup's queue (decision 026): what the old site had not yet sent waits, held, until
// an operator releases it (`npm run cli -- outbox release`) or discards it (`outbox discard`).
// claimDue, pause and failPendingOf see only 'pending' rows: a held row is never sent.

/** Every pending row becomes held; returns how many (restore, before the data dir is put in place). */
export async function holdPending(db: Tx): Promise<number> {
  const rows = await db.update(webhookDeliveries).set({ status: 'held' }).where(eq(webhookDeliveries.status, 'pending')).returning({ id: webhookDeliveries.id });
  return rows.length;
}

/**
 * Every held row is queued again as of `now`: due at once, no attempt counted, its age counted from
 * now (else a backup older than the outbox's age limit would only be given up); returns how many.
 */
export async function releaseHeld(db: Tx, now: Date): Promise<number> {
  const rows = await db.update(webhookDeliveries).set({ status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now, lastError: null })
    .where(eq(webhookDeliveries.status, 'held')).returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Every held row is deleted (never sent); returns how many. */
export async function discardHeld(db: Tx): Promise<number> {
  const rows = await db.delete(webhookDeliveries).where(eq(webhookDeliveries.status, 'held')).returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** A tournament's deliveries, oldest first (tests and diagnostics; the URL left out). */
export async function listFor(db: Tx, tournamentUid: string) {
  return db.select({
    id: webhookDeliveries.id, kind: webhookDeliveries.kind, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts,
    nextAttemptAt: webhookDeliveries.nextAttemptAt, lastError: webhookDeliveries.lastError, sentAt: webhookDeliveries.sentAt, body: webhookDeliveries.body,
  }).from(webhookDeliveries).where(eq(webhookDeliveries.tournamentUid, tournamentUid)).orderBy(asc(webhookDeliveries.id));
}

const team1 = alias(teams, 'team1');
const team2 = alias(teams, 'team2');

/** A round's matches with their teams' names: what its pairings message shows, in one small query. */
export async function roundPairings(db: Tx, tournamentUid: string, round: number) {
  return db.select({
    id: matches.id, roundNumber: matches.roundNumber, bracket: matches.bracket, position: matches.position, bye: matches.bye,
    missed: matches.missed, tableNumber: matches.tableNumber, team1Uid: matches.team1Uid, team2Uid: matches.team2Uid,
    team1Name: team1.name, team2Name: team2.name,
  }).from(matches)
    .leftJoin(team1, eq(team1.uid, matches.team1Uid))
    .leftJoin(team2, eq(team2.uid, matches.team2Uid))
    .where(and(eq(matches.tournamentUid, tournamentUid), eq(matches.roundNumber, round)));
}
