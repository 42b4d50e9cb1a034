// The outbox's SQL (table webhook_deliveries). Rows are written in the transaction of the action
// they tell of; the worker claims due rows with one statement (select … for update skip locked,
// then a lease), so two instances never send the same row at the same time.
//
// What the outbox itself needs to know of a row beyond its columns lives under the body's `_outbox`
// key (stripped before the body is posted; no migration): the round a message is about, the lease of
// a claimed row, and a webhook's rate-limit pause (issue 30 §7).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, matches, teams, webhookDeliveries } from '../../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';

export type DeliveryKind = 'check-in' | 'pairings' | 'champion' | 'test';

/** The outbox's own notes in a row's body (never sent to Discord). */
export interface OutboxMeta {
  /** the round a pairings message is about: dropped once a later round is paired */
  round?: number;
  /** claimed by a sender until then: later messages of its webhook wait (one request at a time) */
  leasedUntil?: string;
  /** Discord's rate limit holds the whole webhook until then (a 429, or a window used up) */
  pausedUntil?: string;
}
export const META_KEY = '_outbox';

export interface NewDelivery {
  tournamentUid: string;
  kind: DeliveryKind;
  url: string;
  body: unknown;
  /** the round a pairings message is about */
  round?: number;
}

export interface ClaimedDelivery {
  id: number;
  tournamentUid: string;
  kind: string;
  url: string;
  /** what is posted (the outbox's notes taken out) */
  body: unknown;
  /** the round it is about, when it is about one */
  round: number | undefined;
  /** counting this one */
  attempts: number;
  createdAt: Date;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A stored body split into what is posted and the outbox's notes. */
export function splitBody(stored: unknown): { message: unknown; meta: OutboxMeta } {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored) || !(META_KEY in stored)) return { message: stored, meta: {} };
  const { [META_KEY]: meta, ...message } = stored as Record<string, unknown>;
  return { message, meta: (meta && typeof meta === 'object' ? meta : {}) as OutboxMeta };
}

export async function enqueue(tx: Tx, rows: readonly NewDelivery[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(webhookDeliveries).values(rows.map(({ round, body, ...r }) => ({
    ...r,
    body: round === undefined ? body : { ...(body as object), [META_KEY]: { round } satisfies OutboxMeta },
    status: 'pending' as const, createdAt: now, nextAttemptAt: now,
  })));
}

/** The row's note `key` as a time (null when absent). */
const metaTime = (alias: string, key: keyof OutboxMeta) => sql.raw(`(${alias}.body->'${META_KEY}'->>'${key}')::timestamptz`);

/**
 * Up to `limit` due rows, at most one per webhook, leased until `leaseUntil` (another instance
 * takes a row only once its lease has run out: one that died mid-send) and its attempt counted.
 * Each row has its own retry schedule: one waiting for its retry keeps nothing else waiting. What
 * keeps ordering (Discord shows messages as they arrive): of a webhook's due rows the oldest goes
 * first; nothing goes while another of its rows is in flight (leased) or while Discord's rate
 * limit pauses it; and a message's later part (rows queued together: same event, kind and time)
 * never goes before an earlier part, even one waiting for its retry.
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
              or (e.tournament_uid = d.tournament_uid and e.kind = d.kind and e.created_at = d.created_at)))
            or ${metaTime('e', 'leasedUntil')} > ${at(now)}
            or ${metaTime('e', 'pausedUntil')} > ${at(now)}))
      order by d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries w set attempts = w.attempts + 1, next_attempt_at = ${at(leaseUntil)},
      body = jsonb_set(w.body, '{${sql.raw(META_KEY)}}', coalesce(w.body->'${sql.raw(META_KEY)}', '{}'::jsonb) || jsonb_build_object('leasedUntil', ${leaseUntil.toISOString()}::text))
    from due where w.id = due.id
    returning w.id, w.tournament_uid, w.kind, w.url, w.body, w.attempts, w.created_at`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows
    .map((r) => {
      const { message, meta } = splitBody(typeof r.body === 'string' ? JSON.parse(r.body) : r.body);
      return {
        id: Number(r.id), tournamentUid: String(r.tournament_uid), kind: String(r.kind), url: String(r.url),
        body: message, round: typeof meta.round === 'number' ? meta.round : undefined,
        attempts: Number(r.attempts), createdAt: new Date(r.created_at as string | Date),
      };
    })
    .sort((a, b) => a.id - b.id);
}

/** The row's lease ended (sent, rescheduled or given up). */
const unlease = sql.raw(`body #- '{${META_KEY},leasedUntil}'`);

export async function markSent(db: Tx, id: number, now: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'sent', sentAt: now, lastError: null, body: unlease }).where(eq(webhookDeliveries.id, id));
}

/**
 * Tried again at `retryAt`, with `error` as its last (left as it was when undefined); a 429 or a
 * wait for the rate window does not count as an attempt (`uncount`).
 */
export async function reschedule(db: Tx, id: number, retryAt: Date, { error, uncount = false }: { error?: string; uncount?: boolean } = {}): Promise<void> {
  await db.update(webhookDeliveries)
    .set({
      nextAttemptAt: retryAt,
      body: unlease,
      ...(error !== undefined ? { lastError: error } : {}),
      ...(uncount ? { attempts: sql`greatest(${webhookDeliveries.attempts} - 1, 0)` } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
}

export async function markFailed(db: Tx, id: number, error: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'failed', lastError: error, body: unlease }).where(eq(webhookDeliveries.id, id));
}

/** The webhook is gone (401/403/404): every message still waiting for it is given up; returns them. */
export async function failPendingOf(db: Tx, url: string, error: string): Promise<{ id: number; tournamentUid: string; kind: string }[]> {
  return db.update(webhookDeliveries).set({ status: 'failed', lastError: error })
    .where(and(eq(webhookDeliveries.url, url), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id, tournamentUid: webhookDeliveries.tournamentUid, kind: webhookDeliveries.kind });
}

/**
 * Discord said the webhook's window is used up: nothing more to it before `until`, whichever
 * message (every instance sees it; a message queued meanwhile waits too, as the note stays on the
 * rows that wait).
 */
export async function pause(db: Tx, url: string, until: Date): Promise<void> {
  await db.update(webhookDeliveries).set({
    nextAttemptAt: sql`greatest(${webhookDeliveries.nextAttemptAt}, ${at(until)})`,
    body: sql`jsonb_set(${webhookDeliveries.body}, ${`{${META_KEY}}`}::text[], coalesce(${webhookDeliveries.body}->${sql.raw(`'${META_KEY}'`)}, '{}'::jsonb)
      || jsonb_build_object('pausedUntil', greatest(coalesce(${metaTime('webhook_deliveries', 'pausedUntil')}, ${at(until)}), ${at(until)})))`,
  }).where(and(eq(webhookDeliveries.url, url), eq(webhookDeliveries.status, 'pending')));
}

/**
 * When the worker should look again: the earliest future moment a pending row becomes due. A row
 * already due but not claimed waits for a lease or a pause, each of which ends at some row's
 * next_attempt_at; none at all: undefined (the poll).
 */
export async function nextDue(db: Tx, now: Date): Promise<Date | undefined> {
  const [row] = await db.select({ at: sql<string | Date | null>`min(${webhookDeliveries.nextAttemptAt})` })
    .from(webhookDeliveries).where(and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} > ${at(now)}`));
  return row?.at ? new Date(row.at) : undefined;
}

/** The event's latest audit line of `action` (the channel's last failure). */
export async function lastAudit(db: Tx, tournamentUid: string, action: string) {
  const [row] = await db.select({ at: auditLog.at, after: auditLog.after }).from(auditLog)
    .where(and(eq(auditLog.tournamentUid, tournamentUid), eq(auditLog.action, action))).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

/** A message about a round that is over is dropped (not sent late); its reason is kept as its last error. */
export async function markDropped(db: Tx, id: number, reason: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'dropped', lastError: reason, body: unlease }).where(eq(webhookDeliveries.id, id));
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
