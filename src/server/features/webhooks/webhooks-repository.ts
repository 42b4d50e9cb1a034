// The webhook outbox's own SQL (table webhook_deliveries; what every outbox shares is in
// src/server/discord/outbox-repository.ts). Rows are written in the transaction of the action they
// tell of; the outbox claims due rows with one statement (select … for update skip locked, then a
// lease), so two instances never send the same row at the same time.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, matches, teams, webhookDeliveries } from '../../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';

export type DeliveryKind = 'check-in' | 'pairings' | 'champion' | 'test' | 'banlist';

export interface NewDelivery {
  /** null: the site's own post (a published banlist) */
  tournamentUid: string | null;
  kind: DeliveryKind;
  url: string;
  body: unknown;
  /** the round a pairings message is about */
  round?: number;
}

export interface ClaimedDelivery {
  id: number;
  tournamentUid: string | null;
  kind: string;
  url: string;
  body: unknown;
  /** the round it is about, when it is about one */
  round: number | undefined;
  /** counting this one */
  attempts: number;
  createdAt: Date;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function enqueue(tx: Tx, rows: readonly NewDelivery[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(webhookDeliveries).values(rows.map((r) => ({ ...r, round: r.round ?? null, status: 'pending' as const, createdAt: now, nextAttemptAt: now })));
}

/**
 * Up to `limit` due rows, at most one per webhook, leased until `leaseUntil` (another instance
 * takes a row only once its lease has run out: one that died mid-send) and its attempt counted.
 * Each row has its own retry schedule: one waiting for its retry keeps nothing else waiting. What
 * keeps ordering (Discord shows messages as they arrive): of a webhook's due rows the oldest goes
 * first; nothing goes while another of its rows is in flight (leased); and a message's later part
 * (rows queued together: same event, kind and time) never goes before an earlier part, even one
 * waiting for its retry. A webhook Discord holds for a rate limit is the Discord client's to know.
 */
export async function claimDue(db: Tx, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const result = (await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= ${at(now)}
        and not exists (
          select 1 from webhook_deliveries e
          where e.url = d.url and e.status = 'pending' and e.id <> d.id and (
            (e.id < d.id and (e.next_attempt_at <= ${at(now)}
              or (e.tournament_uid is not distinct from d.tournament_uid and e.kind = d.kind and e.created_at = d.created_at)))
            or e.leased_until > ${at(now)}))
      order by d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries w set attempts = w.attempts + 1, next_attempt_at = ${at(leaseUntil)}, leased_until = ${at(leaseUntil)}
    from due where w.id = due.id
    returning w.id, w.tournament_uid, w.kind, w.url, w.body, w.round, w.attempts, w.created_at`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows
    .map((r) => ({
      id: Number(r.id), tournamentUid: r.tournament_uid === null ? null : String(r.tournament_uid), kind: String(r.kind), url: String(r.url),
      body: typeof r.body === 'string' ? JSON.parse(r.body) : r.body, round: r.round === null ? undefined : Number(r.round),
      attempts: Number(r.attempts), createdAt: new Date(r.created_at as string | Date),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The webhook is gone (401/403/404): every message still waiting for it is given up; returns them. */
export async function failPendingOf(db: Tx, url: string, error: string): Promise<{ id: number; tournamentUid: string | null; kind: string }[]> {
  return db.update(webhookDeliveries).set({ status: 'failed', lastError: error, leasedUntil: null })
    .where(and(eq(webhookDeliveries.url, url), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id, tournamentUid: webhookDeliveries.tournamentUid, kind: webhookDeliveries.kind });
}

/** The event's latest audit line of `action` (the channel's last failure). */
export async function lastAudit(db: Tx, tournamentUid: string, action: string) {
  const [row] = await db.select({ at: auditLog.at, after: auditLog.after }).from(auditLog)
    .where(and(eq(auditLog.tournamentUid, tournamentUid), eq(auditLog.action, action))).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

/** How long ago (ms, by the database's clock) each of the event's `action` lines of the last `withinMs` was written. */
export async function recentAuditAges(db: Tx, tournamentUid: string, action: string, withinMs: number): Promise<number[]> {
  const rows = await db.select({ ago: sql<string | number>`extract(epoch from (now() - ${auditLog.at})) * 1000` }).from(auditLog)
    .where(and(eq(auditLog.tournamentUid, tournamentUid), eq(auditLog.action, action), sql`${auditLog.at} > now() - make_interval(secs => ${withinMs / 1000})`));
  return rows.map((r) => Number(r.ago));
}

/** What the host sees of the event's Discord channel: the last delivery, and how many wait or are held. */
export async function channelState(db: Tx, tournamentUid: string) {
  const [row] = await db.select({
    lastSentAt: sql<string | Date | null>`max(${webhookDeliveries.sentAt})`,
    waiting: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`,
    held: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'held')`,
  }).from(webhookDeliveries).where(eq(webhookDeliveries.tournamentUid, tournamentUid));
  return { lastSentAt: row?.lastSentAt ? new Date(row.lastSentAt) : null, waiting: Number(row?.waiting ?? 0), held: Number(row?.held ?? 0) };
}

/** How many of the event's messages of this kind wait to be sent. */
export async function waitingOfKind(db: Tx, tournamentUid: string, kind: DeliveryKind): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tournamentUid, tournamentUid), eq(webhookDeliveries.kind, kind), eq(webhookDeliveries.status, 'pending')));
  return Number(row?.n ?? 0);
}

/** A tournament's deliveries, oldest first (tests and diagnostics; the URL left out). */
export async function listFor(db: Tx, tournamentUid: string) {
  return db.select({
    id: webhookDeliveries.id, kind: webhookDeliveries.kind, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, round: webhookDeliveries.round,
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
