// One write path for every write of an event (issue 40 §2, decision 039): the event's row locked
// by the statement that moves its version (and carries the notice other instances hear at commit),
// the change, its audit line, the commit; then the cached reads dropped and the live message
// published with the matches it touched. A write that throws keeps nothing: no version, no line, no
// message.
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { TournamentLive } from './tournament-live.ts';
import * as Events from './events-repository.ts';
import * as Audit from './audit-repository.ts';

/** A line of the event's log: who did what, with the state before and after. */
export interface AuditLine {
  actorDiscordId: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** What a write's work gives back. */
export interface Written<T> {
  /** the route's answer */
  result: T;
  /** the matches it touched: the live message carries those (left out: the whole current round) */
  touched?: number[];
  /** the event's log lines it writes, in order (left out or null: an unaudited write) */
  audit?: AuditLine | readonly AuditLine[] | null;
}

export type WriteWork<T, R = Events.TournamentRow> = (tx: Tx, t: R) => Promise<Written<T>>;

/** The one write of an event: `change` names it in the live message; `t` is the event's row as locked. */
export type EventWrite<R = Events.TournamentRow> = <T>(uid: string, change: string, work: WriteWork<T, R>) => Promise<T>;

/** How the write's first statement locks the event, moves its version and says which columns it answers. */
type Lock<R> = (tx: Tx, uid: string, notice: SQL | undefined) => Promise<R>;

export interface EventWriteDeps {
  db: Db;
  live: Pick<TournamentLive, 'publish'>;
  /** drops this tournament's cached reads (after commit) */
  changed(uid: string): void;
  /** the cross-instance notice as an expression the lock's statement carries (undefined on one process) */
  noticeSql(uid: string): SQL | undefined;
}

const linesOf = (audit: Written<unknown>['audit']): readonly AuditLine[] => (!audit ? [] : 'action' in audit ? [audit as AuditLine] : audit as readonly AuditLine[]);

async function writeLines(tx: Tx, uid: string, audit: Written<unknown>['audit']): Promise<void> {
  for (const line of linesOf(audit)) await Audit.audit(tx, { tournamentUid: uid, ...line });
}

export function eventWrites({ db, live, changed, noticeSql }: EventWriteDeps): { write: EventWrite; writePlay: EventWrite<Events.PlayEventRow> } {
  const writer = <R extends { uid: string }>(lock: Lock<R>): EventWrite<R> => async (uid, change, work) => {
    let touched: number[] | undefined;
    const result = await db.transaction(async (tx) => {
      // locked by its version bump, which also carries the notice other instances hear at commit: the
      // version moves once, in the write's first statement (decisions 019, 021, 039)
      const t = await lock(tx, uid, noticeSql(uid));
      const done = await work(tx, t);
      await writeLines(tx, t.uid, done.audit);
      touched = done.touched; // the last attempt's (a transaction PostgreSQL aborted runs again)
      return done.result;
    });
    changed(uid);
    void live.publish(uid, change, touched);
    return result;
  };

  return {
    write: writer(Events.lockAndBump),
    // a score report: the same write, the event's row in the columns a report reads (PLAY_COLUMNS)
    writePlay: writer(Events.lockAndBumpForPlay),
  };
}

/**
 * A write nothing the event's pages or cached reads show (a Discord test message: the outbox and
 * the log): the event locked as every write locks it and its line written, but the version stays
 * and nothing is published.
 */
export async function writeUnseen<T>(db: Db, uid: string, work: WriteWork<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const t = await Events.lockTournament(tx, uid);
    const done = await work(tx, t);
    await writeLines(tx, t.uid, done.audit);
    return done.result;
  });
}
