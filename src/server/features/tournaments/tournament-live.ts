// The scoreboard and standings of a tournament, live (spec 2 §7, decisions 006 and 012). After every
// committed change the writing instance sends every instance a short notice (uid, version, change,
// touched matches); each instance builds what its own subscribers need and delivers it there, so no
// whole view crosses the database. A SEND to /app/tournaments/{uid}/request-scoreboard (or -standings)
// is answered to the asker alone, from the cached view GET .../scoreboard (or /standings) serves.
import type { FastifyBaseLogger } from 'fastify';
import type { Scoreboard } from '../../../domain/api/tournaments.ts';
import { LIVE_STANDINGS_TEAMS, type Standings, type StandingsNotice } from '../../../domain/api/standings.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import type { Db } from '../../db/client.ts';
import type { AppMessage, Realtime } from '../../realtime/realtime.ts';
import { Lru, type CachedBody } from '../../http/http-cache.ts';
import * as Events from './events-repository.ts';
import * as Teams from './teams/teams-repository.ts';
import * as Matches from './play/matches-repository.ts';
import type { TournamentReads } from './tournament-reads.ts';
import { clockOf } from './play/event-night-views.ts';
import { toMatch, toState } from './tournament-views.ts';
import { standingsOf, teamNamer, winnerPeople } from './play/tournament-standings.ts';

/** How long changes wait to travel together. */
export const COALESCE_MS = 100;
/** The gap after a message as a multiple of what its views cost to make (large events). */
const COST_FACTOR = 4;
/**
 * The least gap for an event over LIVE_STANDINGS_TEAMS teams (decision 022): its pages see the board
 * and the standings move once a second under a storm of reports (every change still travels, merged),
 * and the making of its views (a ranking of thousands of teams) stays a small share of the server.
 */
export const LARGE_EVENT_GAP_MS = 1000;
/** the broadcast kind of change notices */
const NOTICE = 'tournament';
/** a notice longer than this names no matches (the whole round goes): one NOTIFY holds it */
const MAX_NOTICE_CHARS = 6_000;

/** What every instance hears after a tournament's write. */
export interface ChangeNotice {
  uid: string;
  version: number;
  /** the changes, comma-separated */
  change: string;
  /** the matches they touched; null: the whole current round */
  touched: number[] | null;
}

type Loaded = NonNullable<Awaited<ReturnType<TournamentLive['load']>>>;
type View = 'scoreboard' | 'standings';
type LiveRealtime = Pick<Realtime, 'onAppMessage' | 'broadcast' | 'onBroadcast' | 'deliverHereSliced' | 'hasSubscribersHere'>;

export class TournamentLive {
  constructor(
    private readonly db: Db,
    private readonly realtime: LiveRealtime,
    private readonly log: FastifyBaseLogger,
    private readonly reads: TournamentReads,
  ) {
    realtime.onAppMessage('/app/tournaments/*/request-scoreboard', (m) => this.answer(m, 'scoreboard'));
    realtime.onAppMessage('/app/tournaments/*/request-standings', (m) => this.answer(m, 'standings'));
    realtime.onBroadcast(NOTICE, (data) => this.heard(data));
  }

  // ---- views ------------------------------------------------------------------------------------

  /**
   * One read of the tournament for both topics: every team and match in the columns the standings
   * and the state read (decision 019: whole rows of a 4,096-team event cost twice as much to read).
   * The rows are read after the tournament row, so they are at least as new as its version.
   */
  private async load(uid: string) {
    const t = await Events.findTournament(this.db, uid);
    if (!t) return undefined;
    const [teams, matches] = await Promise.all([Teams.listTeamsLean(this.db, uid), Matches.listMatchesLean(this.db, uid)]);
    return { t, teams, matches };
  }

  /** The scoreboard: the touched matches (or the current round's) read whole, the state from the lean rows. */
  private async boardOf({ t, teams, matches }: Loaded, change: string, touched?: readonly number[]): Promise<Scoreboard> {
    const name = teamNamer(teams);
    const rows = touched ? await Matches.matchesByIds(this.db, t.uid, touched) : await Matches.listMatches(this.db, t.uid, t.currentRound);
    const clock = clockOf(t, matches); // each match of the round with its clock; never a room (match-room.ts)
    return { uid: t.uid, version: t.version, full: !touched, change, state: toState(t, teams, matches), matches: rows.map((m) => toMatch(m, name, clock(m))) };
  }

  private async standingsFrom(loaded: Loaded): Promise<Standings> {
    const standings = standingsOf(loaded.t, loaded.teams, loaded.matches, await winnerPeople(this.db, loaded.t));
    // ranking and serialising a large event's standings are two long steps: requests run between them
    if (loaded.teams.length > LIVE_STANDINGS_TEAMS) await yieldToRequests();
    return standings;
  }

  /** The state and every match of the current round (or, with `touched`, just those matches). */
  async scoreboard(uid: string, change: string, touched?: readonly number[]): Promise<Scoreboard | undefined> {
    const loaded = await this.load(uid);
    return loaded && (await this.boardOf(loaded, change, touched));
  }

  async standings(uid: string): Promise<Standings | undefined> {
    const loaded = await this.load(uid);
    return loaded && this.standingsFrom(loaded);
  }

  /** The cached body GET .../scoreboard or .../standings answers with (made by `load` on a miss). */
  private view(uid: string, view: View, load = () => this.load(uid)): CachedBody | Promise<CachedBody | undefined> {
    return view === 'scoreboard'
      ? this.reads.cached(uid, 'scoreboard', async () => { const l = await load(); return l && (await this.boardOf(l, 'request')); })
      : this.reads.cached(uid, 'standings', async () => { const l = await load(); return l && this.standingsFrom(l); });
  }

  /**
   * request-scoreboard / request-standings: the cached view, to the asker's subscriptions of the
   * topic only, and not again while it has not changed (the connection has it).
   */
  private async answer(m: AppMessage, view: View): Promise<void> {
    const uid = m.destination.split('/')[3]!;
    const topic = view === 'scoreboard' ? TOPICS.tournamentScoreboard(uid) : TOPICS.tournamentStandings(uid);
    if (!m.hears(topic)) return; // nobody to answer: no read
    const body = await this.view(uid, view);
    if (body) m.answer(topic, body.body, body.etag);
  }

  // ---- the writer: coalesce, then one notice ----------------------------------------------------

  /** per tournament, the notice waiting for its gap: its changes and the matches they touched (null: the whole round) */
  private pending = new Map<string, { changes: Set<string>; touched: Set<number> | null; done: Promise<void> }>();
  /** notices on their way (flush waits for them) */
  private sending = new Set<Promise<void>>();
  private lastSent = new Map<string, number>();
  /** how long this instance's last views of each tournament took to make (large events take longer) */
  private lastCost = new Map<string, number>();
  /** events over LIVE_STANDINGS_TEAMS teams, as this instance's last views of them found */
  private large = new Set<string>();
  /** per large event, the standings this instance last announced by a notice, and their version (decision 022) */
  private announced = new Lru<string, { version: number; body: CachedBody }>(64);

  /**
   * GET .../standings?version=N after a notice: the body made for it when it is at least that new
   * (every page that heard the notice is answered with one body, compressed once, however many
   * writes came since); undefined: read the standings as any GET does.
   */
  private announcedStandings(uid: string, version: number): CachedBody | undefined {
    const a = this.announced.get(uid);
    return a && a.version >= version ? a.body : undefined;
  }

  /**
   * GET .../standings, with `version` (from a notice) at least that new: the announced body, else
   * the cached read; one older than the notice (another instance's notice of the write not heard
   * here yet) is dropped and read again once.
   */
  standingsBody(uid: string, version?: number): CachedBody | Promise<CachedBody | undefined> {
    if (version === undefined) return this.view(uid, 'standings');
    const announced = this.announcedStandings(uid, version);
    if (announced) return announced;
    return (async () => {
      const body = await this.view(uid, 'standings');
      if (!body || versionOf(body) >= version) return body;
      this.reads.changed(uid);
      return this.view(uid, 'standings');
    })();
  }

  /**
   * The gap between messages: COALESCE_MS, or COST_FACTOR times the last message's cost, so making
   * the views of a large event takes at most about a quarter of the time (decision 019: with twice,
   * a 4,096-team event's views took half of an embedded database's only thread from the reports).
   */
  private gap(uid: string): number {
    return Math.max(this.large.has(uid) ? LARGE_EVENT_GAP_MS : COALESCE_MS, COST_FACTOR * (this.lastCost.get(uid) ?? 0));
  }

  /**
   * After commit: both topics, the scoreboard with the matches in `touched`, or without it every
   * match of the current round. The first change goes at once; changes that follow within the gap
   * (COALESCE_MS, longer for events whose messages take long to make) travel together in the next
   * notice (a busy round of reports sends a few a second, not one per report). Resolves once the
   * notice is on its way; a failure is logged (pages re-sync on reconnect and by refetching).
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
      const sending = this.send(uid, change, touched);
      this.sending.add(sending);
      void sending.finally(() => this.sending.delete(sending));
      return sending;
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

  private async send(uid: string, change: string, touched?: readonly number[]): Promise<void> {
    try {
      // the version the views must reach: this write's (or a later one's)
      const version = await Events.tournamentVersion(this.db, uid);
      if (version === undefined) return;
      const notice: ChangeNotice = { uid, version, change, touched: touched ? [...touched] : null };
      if (JSON.stringify(notice).length > MAX_NOTICE_CHARS) notice.touched = null;
      await this.realtime.broadcast(NOTICE, notice);
    } catch (err) {
      this.log.warn({ err, uid }, 'live: tournament change notice failed');
    }
  }

  /** Waits for every queued notice and every view being made (shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.values()].map((p) => p.done));
    await Promise.all(this.sending);
    await Promise.all([...this.building.values()].map((b) => b.done));
  }

  // ---- every instance: views for its own subscribers --------------------------------------------

  /** per tournament, views being made, and the notices heard meanwhile (merged: made once after) */
  private building = new Map<string, { next: ChangeNotice | undefined; done: Promise<void> }>();

  private heard(data: unknown): void {
    const notice = asNotice(data);
    if (!notice) return;
    const running = this.building.get(notice.uid);
    if (running) {
      running.next = running.next ? merge(running.next, notice) : notice;
      return;
    }
    const entry: { next: ChangeNotice | undefined; done: Promise<void> } = { next: undefined, done: Promise.resolve() };
    this.building.set(notice.uid, entry);
    entry.done = (async () => {
      let next: ChangeNotice | undefined = notice;
      while (next) {
        const began = Date.now();
        await this.deliver(next);
        // a large event's views at most once a second here too: the writer may be an instance that
        // has none of its pages (and so does not know it is large); notices heard meanwhile merge
        const wait = this.large.has(notice.uid) ? began + LARGE_EVENT_GAP_MS - Date.now() : 0;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next = entry.next;
        entry.next = undefined;
      }
      this.building.delete(notice.uid);
    })();
  }

  /** Both views, made only if someone here listens, delivered here. */
  private async deliver(notice: ChangeNotice): Promise<void> {
    const { uid } = notice;
    const boardTopic = TOPICS.tournamentScoreboard(uid);
    const standingsTopic = TOPICS.tournamentStandings(uid);
    const wantsBoard = this.realtime.hasSubscribersHere(boardTopic);
    const wantsStandings = this.realtime.hasSubscribersHere(standingsTopic);
    if (!wantsBoard && !wantsStandings) return;
    const started = performance.now();
    // the scoreboard goes first, as soon as it is read; the cached views are made after it
    let boardSent = () => {};
    const afterBoard = new Promise<void>((resolve) => { boardSent = resolve; });
    try {
      // One read serves all. The cached view is asked for before it starts, so a read that a
      // later write overtakes is not kept (ReadCache); this instance dropped this tournament's views
      // when the write's own notice arrived, before this one (decision 006). The cached whole
      // scoreboard is made when asked for (GET, request-scoreboard): few pages ask (decision 019).
      let loading: Promise<Loaded | undefined> | undefined;
      const load = () => (loading ??= this.load(uid));
      const later = async () => {
        await afterBoard;
        return load();
      };
      const standings = wantsStandings ? this.view(uid, 'standings', later) : undefined;
      const loaded = await load();
      if (!loaded) return;
      // a large event's pages are told the standings moved, and read them (decision 022)
      const large = loaded.teams.length > LIVE_STANDINGS_TEAMS;
      if (large) this.large.add(uid);
      else this.large.delete(uid);
      if (wantsBoard) {
        await yieldToRequests();
        const board = JSON.stringify(await this.boardOf(loaded, notice.change, notice.touched ?? undefined));
        await yieldToRequests();
        await this.realtime.deliverHereSliced(boardTopic, board);
      }
      boardSent();
      let body = await standings;
      if (body && versionOf(body) < notice.version) {
        // the ordering above makes this impossible; if it ever breaks, read again rather than send the past
        this.log.warn({ uid, version: notice.version }, 'live: cached standings older than the change notice');
        this.reads.changed(uid);
        body = await this.view(uid, 'standings');
      }
      if (body && large) {
        const version = versionOf(body);
        this.announced.set(uid, { version, body });
        const message: StandingsNotice = { uid, version, change: notice.change, notice: true };
        await this.realtime.deliverHereSliced(standingsTopic, JSON.stringify(message));
      } else if (body) {
        await yieldToRequests();
        await this.realtime.deliverHereSliced(standingsTopic, body.body);
      }
      this.lastCost.set(uid, performance.now() - started);
    } catch (err) {
      this.log.warn({ err, uid }, 'live: tournament views failed');
    } finally {
      boardSent(); // never leave a cached view waiting
    }
  }
}

/**
 * Lets the requests waiting behind a view's work run first (decision 021): a 4,096-team event's
 * views are tens of milliseconds of reading, ranking and writing each, and a score report that
 * holds the tournament's lock meanwhile makes every other report of the event wait as long.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function asNotice(data: unknown): ChangeNotice | undefined {
  const n = data as Partial<ChangeNotice> | null;
  if (!n || typeof n.uid !== 'string' || typeof n.version !== 'number' || typeof n.change !== 'string') return undefined;
  if (n.touched !== null && !(Array.isArray(n.touched) && n.touched.every((id) => Number.isInteger(id)))) return undefined;
  return { uid: n.uid, version: n.version, change: n.change, touched: n.touched };
}

function merge(a: ChangeNotice, b: ChangeNotice): ChangeNotice {
  const change = [...new Set([...a.change.split(','), ...b.change.split(',')])].join(',');
  const touched = a.touched && b.touched ? [...new Set([...a.touched, ...b.touched])] : null;
  return { uid: a.uid, version: Math.max(a.version, b.version), change, touched };
}

/** The version a cached view carries (`{"uid":…,"version":N,…}`, near the start). */
function versionOf(body: CachedBody): number {
  const found = /"version":(\d+)/.exec(body.body.subarray(0, 512).toString('latin1'));
  return found ? Number(found[1]) : 0;
}
