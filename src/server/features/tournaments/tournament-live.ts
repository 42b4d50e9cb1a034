// The scoreboard and standings of a tournament, read and published: after every committed change
// both topics get a message (spec 2 §7), and a SEND to /app/tournaments/{uid}/request-scoreboard
// (or -standings) is answered on the topic with the full picture.
import type { FastifyBaseLogger } from 'fastify';
import type { Scoreboard, Standings } from '../../../domain/api/tournaments.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import * as Repo from './tournaments-repository.ts';
import { toMatch, toState } from './tournament-views.ts';
import { standingsOf, teamNamer, winnerPeople } from './tournament-standings.ts';

/** How long changes wait to travel together. */
export const COALESCE_MS = 100;

export class TournamentLive {
  constructor(
    private readonly db: Db,
    private readonly realtime: Pick<Realtime, 'publish' | 'onAppMessage'>,
    private readonly log: FastifyBaseLogger,
  ) {
    realtime.onAppMessage('/app/tournaments/*/request-scoreboard', async (m) => {
      const uid = m.destination.split('/')[3]!;
      const board = await this.scoreboard(uid, 'request');
      if (board) await m.reply(TOPICS.tournamentScoreboard(uid), board);
    });
    realtime.onAppMessage('/app/tournaments/*/request-standings', async (m) => {
      const uid = m.destination.split('/')[3]!;
      const standings = await this.standings(uid);
      if (standings) await m.reply(TOPICS.tournamentStandings(uid), standings);
    });
  }

  /** One read of the tournament for both topics. */
  private async load(uid: string) {
    const t = await Repo.findTournament(this.db, uid);
    if (!t) return undefined;
    const [teams, matches] = await Promise.all([Repo.listTeams(this.db, uid), Repo.listMatches(this.db, uid)]);
    return { t, teams, matches };
  }

  private boardOf({ t, teams, matches }: NonNullable<Awaited<ReturnType<TournamentLive['load']>>>, change: string, touched?: readonly number[]): Scoreboard {
    const name = teamNamer(teams);
    const wanted = touched && new Set(touched);
    const rows = wanted ? matches.filter((m) => wanted.has(m.id)) : matches.filter((m) => m.roundNumber === t.currentRound);
    return { uid: t.uid, version: t.version, full: !touched, change, state: toState(t, teams, matches), matches: rows.map((m) => toMatch(m, name)) };
  }

  /** The state and every match of the current round (or, with `touched`, just those matches). */
  async scoreboard(uid: string, change: string, touched?: readonly number[]): Promise<Scoreboard | undefined> {
    const loaded = await this.load(uid);
    return loaded && this.boardOf(loaded, change, touched);
  }

  async standings(uid: string): Promise<Standings | undefined> {
    const loaded = await this.load(uid);
    return loaded && standingsOf(loaded.t, loaded.teams, loaded.matches, await winnerPeople(this.db, loaded.t));
  }

  /** per tournament, the message waiting for its gap: its changes and the matches they touched (null: the whole round) */
  private pending = new Map<string, { changes: Set<string>; touched: Set<number> | null; done: Promise<void> }>();
  private lastSent = new Map<string, number>();
  /** how long the last message of each tournament took to make (large events take longer) */
  private lastCost = new Map<string, number>();

  /** The gap between messages: COALESCE_MS, or twice the last message's cost, so a 4,096-team event publishes at most a third of the time. */
  private gap(uid: string): number {
    return Math.max(COALESCE_MS, 2 * (this.lastCost.get(uid) ?? 0));
  }

  /**
   * After commit: both topics, the scoreboard with the matches in `touched`, or without it every
   * match of the current round. The first change goes at once; changes that follow within the gap
   * (COALESCE_MS, longer for events whose messages take long to make) travel together in the next
   * one (a busy round of reports sends a few messages a second, not one per report). Resolves once sent; a failure is logged (pages re-sync
   * on reconnect and by refetching).
   */
  publish(uid: string, change: string, touched?: readonly number[]): Promise<void> {
    const queued = this.pending.get(uid);
    if (queued) {
      queued.changes.add(change);
      // a change without a list of matches (a start, a new round, a drop) sends the whole round
      if (!touched) queued.touched = null;
      else for (const id of touched) queued.touched?.add(id);
      return queued.done;
    }
    const wait = (this.lastSent.get(uid) ?? 0) + this.gap(uid) - Date.now();
    if (wait <= 0) {
      this.lastSent.set(uid, Date.now());
      return this.send(uid, change, touched);
    }
    const entry = { changes: new Set([change]), touched: touched ? new Set(touched) : null, done: Promise.resolve() };
    entry.done = new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
      this.pending.delete(uid);
      this.lastSent.set(uid, Date.now());
      return this.send(uid, [...entry.changes].join(','), entry.touched ? [...entry.touched] : undefined);
    });
    this.pending.set(uid, entry);
    return entry.done;
  }

  /** Waits for every queued message (shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.values()].map((p) => p.done));
  }

  private async send(uid: string, change: string, touched?: readonly number[]): Promise<void> {
    const started = performance.now();
    try {
      const loaded = await this.load(uid);
      if (!loaded) return;
      await this.realtime.publish(TOPICS.tournamentScoreboard(uid), this.boardOf(loaded, change, touched));
      const standings = standingsOf(loaded.t, loaded.teams, loaded.matches, await winnerPeople(this.db, loaded.t));
      await this.realtime.publish(TOPICS.tournamentStandings(uid), standings);
      this.lastCost.set(uid, performance.now() - started);
    } catch (err) {
      this.log.warn({ err, uid }, 'live: tournament publish failed');
    }
  }
}
