// How every write of a league runs (issue 41): its row locked by the version bump (the queue pairs
// under this lock, so two instances on one PostgreSQL never pair a run twice), what the clock made
// due settled first, the write, the live message after commit. Settling: reports unanswered past
// confirmHours stand; at the end the reports left stand, the runs close, and once nothing is open
// (or the hosts' day is over) the leaderboard is final. Reads and a minute's sweep settle too.
import type { FastifyBaseLogger } from 'fastify';
import type { LeagueChange, LeagueMessage } from '../../../domain/api/leagues.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import { decideBy, endSteps } from '../../../domain/leagues/league-clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import * as Repo from './leagues-repository.ts';

/** What a write did, for its live message. */
export interface WriteOutcome<T> {
  result: T;
  change: LeagueChange;
  /** players whose run or match changed */
  discordIds?: string[];
  matchId?: number | null;
  /** results or runs changed: the leaderboard is made again */
  leaderboard?: boolean;
}

/** Told inside the write's transaction, once it has done its work (the Discord DMs' outbox writes there). */
export interface LeagueEvent {
  league: Repo.LeagueRow;
  /** what the pages hear of (the end, when this write settled it) */
  change: LeagueChange;
  /** what the write itself did ('decide' where `change` says the decision made the league final); a settling: what it settled */
  action: LeagueChange;
  discordIds: string[];
  matchId: number | null;
  /** matches whose report stood, and the runs the end closed, in this transaction */
  stood: Repo.MatchRow[];
  /** `fn` runs once the transaction has committed (a rolled-back write runs none): the DM outbox is kicked there */
  afterCommit(fn: () => void): void;
}
export type LeagueListener = (tx: Tx, event: LeagueEvent) => Promise<void>;

interface Settled {
  league: Repo.LeagueRow;
  stood: Repo.MatchRow[];
  change: LeagueChange | null;
  leaderboard: boolean;
}

const NOTHING_SETTLED: Omit<Settled, 'league'> = { stood: [], change: null, leaderboard: false };

/** Live messages name at most this many players (a page not named still reads again on 'closed' and 'final'). */
const MESSAGE_PLAYERS_MAX = 200;

export class LeagueWriter {
  private listeners: LeagueListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly realtime: Pick<Realtime, 'publish'>,
    private readonly log: FastifyBaseLogger,
    readonly now: () => Date,
  ) {}

  /** A listener told of every change inside its transaction. */
  onChange(listener: LeagueListener): void {
    this.listeners.push(listener);
  }

  /** One write: the row locked, the clock's due settled, `work` (which may throw an HttpError: nothing is kept), the message after commit. */
  async write<T>(id: string, work: (tx: Tx, league: Repo.LeagueRow, now: Date) => Promise<WriteOutcome<T>>): Promise<T> {
    const now = this.now();
    let message: LeagueMessage | undefined;
    const committed: (() => void)[] = [];
    const result = await this.db.transaction(async (tx) => {
      committed.length = 0;
      const locked = await Repo.lockAndBump(tx, id, now);
      const before = await this.settle(tx, locked, now, locked.version);
      const out = await work(tx, before.league, now);
      // a decision after the end may leave nothing open: the leaderboard is final at once
      const after = now >= before.league.endsAt ? await this.settle(tx, before.league, now, locked.version) : { ...NOTHING_SETTLED, league: before.league };
      // the end, settled by this write, is what its pages must hear of
      const ended = [after.change, before.change].find((x) => x === 'final' || x === 'closed');
      message = await this.finish(tx, after.league, now, {
        change: ended ?? out.change, action: out.change, discordIds: out.discordIds ?? [], matchId: out.matchId ?? null,
        leaderboard: !!out.leaderboard || before.leaderboard || after.leaderboard, stood: [...before.stood, ...after.stood], committed,
      });
      return out.result;
    });
    this.publish(message!);
    this.afterCommit(committed);
    return result;
  }

  /** Settles what the clock made due and nothing else; the version moves (and a message goes) only when something changed. */
  async settleNow(id: string): Promise<void> {
    const now = this.now();
    let message: LeagueMessage | undefined;
    const committed: (() => void)[] = [];
    await this.db.transaction(async (tx) => {
      message = undefined;
      committed.length = 0;
      const league = await Repo.lockForSettling(tx, id);
      if (!league) return;
      // the version this write takes if it changes anything
      const settled = await this.settle(tx, league, now, league.version + 1);
      if (!settled.change) return;
      const bumped = await Repo.lockAndBump(tx, id, now);
      message = await this.finish(tx, { ...settled.league, version: bumped.version }, now, {
        change: settled.change, action: settled.change, discordIds: [], matchId: null, leaderboard: settled.leaderboard, stood: settled.stood, committed,
      });
    });
    if (message) this.publish(message);
    this.afterCommit(committed);
  }

  private afterCommit(fns: readonly (() => void)[]): void {
    for (const fn of fns) {
      try {
        fn();
      } catch (err) {
        this.log.warn({ err }, 'league: an after-commit step failed');
      }
    }
  }

  private async finish(tx: Tx, league: Repo.LeagueRow, now: Date, o: {
    change: LeagueChange; action: LeagueChange; discordIds: string[]; matchId: number | null; leaderboard: boolean; stood: Repo.MatchRow[]; committed: (() => void)[];
  }): Promise<LeagueMessage> {
    if (o.leaderboard) await Repo.bumpLeaderboard(tx, league.id);
    const discordIds = [...new Set([...o.discordIds, ...o.stood.flatMap((m) => [m.player1Id, m.player2Id])])];
    const event: LeagueEvent = {
      league, change: o.change, action: o.action, discordIds, matchId: o.matchId, stood: o.stood, afterCommit: (fn) => void o.committed.push(fn),
    };
    for (const listener of this.listeners) await listener(tx, event);
    return {
      id: league.id, version: league.version, leaderboardVersion: league.leaderboardVersion + (o.leaderboard ? 1 : 0), change: o.change,
      queueSize: await Repo.queueSize(tx, league.id, now), discordIds: discordIds.slice(0, MESSAGE_PLAYERS_MAX), matchId: o.matchId,
    };
  }

  private publish(message: LeagueMessage): void {
    this.realtime.publish(TOPICS.league(message.id), message).catch((err) => this.log.warn({ err }, 'league: a live message failed'));
  }

  /**
   * What the clock made due at `now`: reports past their time stand; at the end every report left
   * stands, the active runs close and leave the queue; after the end, with nothing open or the hosts'
   * day over, what is open has no result and the leaderboard is final.
   */
  private async settle(tx: Tx, league: Repo.LeagueRow, now: Date, marker: number): Promise<Settled> {
    if (league.finalAt) return { league, stood: [], change: null, leaderboard: false };
    let l = league;
    let change: LeagueChange | null = null;
    const stood = await Repo.standReports(tx, l.id, now < l.endsAt ? now : null, now);
    if (stood.length) change = 'stood';
    if (now >= l.endsAt) {
      const { close } = endSteps(l, now, 0);
      if (close) {
        await Repo.closeRuns(tx, l.id, l.endsAt);
        l = { ...l, closedAt: now };
        await Repo.setLeague(tx, l.id, { closedAt: now });
        change = 'closed';
      }
      const open = await Repo.countOpen(tx, l.id);
      if (endSteps(l, now, open).final) {
        if (open) await Repo.voidOpen(tx, l.id, now);
        l = { ...l, finalAt: now };
        await Repo.setLeague(tx, l.id, { finalAt: now });
        change = 'final';
      }
    }
    if (stood.length) await Repo.recountRuns(tx, stood.flatMap((m) => [m.run1Id, m.run2Id]), marker);
    return { league: l, stood, change, leaderboard: stood.length > 0 || l.finalAt !== league.finalAt };
  }
}

/** The clock made something due that a read must settle before it answers: a report to stand, the end, the hosts' day over. */
export function settleDue(h: Repo.LeagueHead, now: Date): boolean {
  if (h.finalAt) return false;
  if (h.nextConfirmBy && h.nextConfirmBy <= now) return true;
  return now >= h.endsAt && (!h.closedAt || now >= decideBy(h.endsAt));
}

/** Until when a body made now stays true without a write: the next report to stand, queue entry to lapse, start, end or hosts' deadline. */
export function validUntil(h: Repo.LeagueHead, now: Date): number {
  const moments = [h.nextConfirmBy, h.nextExpiry, h.startsAt, h.endsAt, h.finalAt ? null : decideBy(h.endsAt)];
  let until = Infinity;
  for (const m of moments) if (m && m > now && m.getTime() < until) until = m.getTime();
  return until;
}
