// The league's reads (issue 41). Each first reads the league's head (one indexed statement: its
// versions and the next moment the clock changes something), settles what the clock made due, and
// then answers from memory while the head says nothing moved: GET /api/leagues/{id} is made once per
// league version (the leaderboard once per leaderboard version) and serialised once; a signed-in
// reader's own part (isHost, myRun) is made once per version and appended to it. The head is read
// from the database each time, so every instance on one PostgreSQL sees every other's writes at once.
import type { LeaderboardRow, LeagueMatch, LeagueRun, LeagueSummary } from '../../../domain/api/leagues.ts';
import { LEAGUE_MESSAGES, LEAGUE_TOP, type LeaguePhase } from '../../../domain/api/leagues.ts';
import { deckPublished, deckVisible } from '../../../domain/leagues/deck-publication.ts';
import { leaderboard } from '../../../domain/leagues/leaderboard.ts';
import { leaguePhase } from '../../../domain/leagues/league-clock.ts';
import type { Db } from '../../db/client.ts';
import { contentEtag, Lru, type CachedBody } from '../../http/http-cache.ts';
import { notFoundIfMissing } from '../../errors.ts';
import type { CardIndex } from '../cards/card-index.ts';
import { LeagueBody } from './league-body.ts';
import { deckOf } from './league-decks.ts';
import { toLeaguePublic, toMatch, toRun, toSummary, viewerOf } from './league-views.ts';
import { settleDue, validUntil, type LeagueWriter } from './league-writer.ts';
import * as Repo from './leagues-repository.ts';

type User = { discordId: string; auth: number };
const LEADERBOARD_KEY = '"leaderboard":[]';
/** how long after a change the league's body is made for the pages that will read it */
const WARM_MS = 100;
/** the reader's part of a visitor, or of a reader with no run who hosts nothing */
const NOBODY = ',"isHost":false,"myRun":null}';

interface Board {
  version: number;
  rows: LeaderboardRow[];
  /** the rows as JSON, made once per leaderboard version (a queue's change makes the body again, not this) */
  json: string;
  runs: number;
  players: number;
  top: Set<string>;
}
interface RunsInMemory {
  map: Map<number, Repo.RunTotalsRow>;
  /** the league version whose writes the map holds */
  seen: number;
  /** when every run was last read (Date.now) */
  fullAt: number;
  boards: Map<string, Promise<Board>>;
  /** the map's updates, one after another */
  queue: Promise<unknown>;
}
/** Every run read again this often: names change without a write of the league. */
const FULL_READ_MS = 10 * 60_000;
interface PublicBody {
  stamp: string;
  league: Repo.LeagueRow;
  phase: LeaguePhase;
  /** the public JSON without its closing brace: the reader's part is appended */
  open: string;
  /** what a visitor gets: compressed once */
  anonymous: CachedBody;
  top: Set<string>;
}

export class LeagueReads {
  /** by league: its runs' counts in memory, and the leaderboard of its latest version */
  private runs = new Lru<string, RunsInMemory>(50);
  /** by league: the body of one stamp (the version, and until when the clock changes nothing) */
  private bodies = new Lru<string, { stamp: string; value: Promise<PublicBody> }>(200);
  /** a reader's own part by league and user, of one stamp: a few kB each */
  private own = new Lru<string, { stamp: string; value: Promise<string> }>(5000);
  /** the last readers' whole bodies, compressed (up to 300 kB each: a few) */
  private ownBodies = new Lru<string, { stamp: string; value: Promise<LeagueBody> }>(64);
  private warming = new Set<string>();

  constructor(private readonly db: Db, private readonly writer: LeagueWriter, private readonly cards: CardIndex) {
    // every page of the league reads it again on the live message: the body is made (and compressed) soon
    // after a change, once for all the changes of WARM_MS (a storm of queue entries makes it ten times a second, not fifty)
    writer.onCommitted((id) => {
      if (this.warming.has(id)) return;
      this.warming.add(id);
      setTimeout(() => {
        this.warming.delete(id);
        this.detail(id, null).then((b) => b?.encode('br')).catch(() => {});
      }, WARM_MS).unref();
    });
  }

  /** The head after settling what was due (undefined: no such league), and the clock's now. */
  async fresh(id: string): Promise<{ head: Repo.LeagueHead; now: Date } | undefined> {
    const now = this.writer.now();
    let head = await Repo.head(this.db, id, now);
    if (head && settleDue(head, now)) {
      await this.writer.settleNow(id);
      head = await Repo.head(this.db, id, now);
    }
    return head && { head, now };
  }

  /**
   * The leaderboard of this leaderboard version, made once and shared by every reader. The runs are
   * kept in memory: a new version reads only the runs changed by writes after the version seen last
   * (the head's, read before: every write up to it has committed), and every run again after
   * FULL_READ_MS (a player's new name).
   */
  private board(l: Repo.LeagueRow, seen: number, final: boolean): Promise<Board> {
    let state = this.runs.get(l.id);
    if (!state) this.runs.set(l.id, (state = { map: new Map(), seen: -1, fullAt: 0, boards: new Map(), queue: Promise.resolve() }));
    const key = `${l.leaderboardVersion}:${final}`;
    const hit = state.boards.get(key);
    if (hit) return hit;
    const s = state;
    const made = s.queue.then(async (): Promise<Board> => {
      if (Date.now() - s.fullAt > FULL_READ_MS) {
        s.map.clear();
        s.seen = -1;
        s.fullAt = Date.now();
      }
      for (const run of await Repo.runTotals(this.db, l.id, s.seen)) s.map.set(run.id, run);
      s.seen = Math.max(s.seen, seen);
      const runs = [...s.map.values()];
      const rows = leaderboard(runs, { matchesPerRun: l.matchesPerRun, final });
      return {
        version: l.leaderboardVersion, rows, json: JSON.stringify(rows), runs: runs.length, players: rows.length,
        top: new Set(final ? rows.slice(0, LEAGUE_TOP).map((r) => r.discordId) : []),
      };
    });
    s.queue = made.catch(() => { s.fullAt = 0; });
    s.boards = new Map([[key, made]]);
    made.catch(() => { if (s.boards.get(key) === made) s.boards.delete(key); });
    return made;
  }

  /** Made once per stamp and shared by the readers of it; a failed making is not kept. */
  private stamped<T>(lru: Lru<string, { stamp: string; value: Promise<T> }>, key: string, stamp: string, make: () => Promise<T>): Promise<T> {
    const hit = lru.get(key);
    if (hit && hit.stamp === stamp) return hit.value;
    const entry = { stamp, value: make() };
    lru.set(key, entry);
    entry.value.catch(() => { if (lru.get(key) === entry) lru.delete(key); });
    return entry.value;
  }

  private publicBody(id: string, head: Repo.LeagueHead, now: Date): Promise<PublicBody> {
    const stamp = `${head.version}:${validUntil(head, now)}`;
    return this.stamped(this.bodies, id, stamp, async () => {
      const { league: l, createdByName } = notFoundIfMissing(await Repo.findLeagueNamed(this.db, id), LEAGUE_MESSAGES.notFound);
      const phase = leaguePhase(l, now);
      const board = await this.board(l, head.version, phase === 'final');
      // matches wait for the hosts when one is disputed, or after the end
      const toDecide = head.disputed || phase === 'deciding' ? await Repo.matchesToDecide(this.db, id, phase) : [];
      const name = toDecide.length ? await Repo.namesOf(this.db, toDecide.flatMap((m) => [m.player1Id, m.player2Id])) : () => '';
      const body = toLeaguePublic(l, {
        phase, runs: board.runs, players: board.players, queueSize: head.queueSize, leaderboard: [],
        toDecide: toDecide.map((m): LeagueMatch => toMatch(m, name, null)), createdByName,
      });
      // the leaderboard's JSON made once per its version; the key's own quotes are never inside a name's escaped text
      const open = JSON.stringify(body).replace(LEADERBOARD_KEY, () => `"leaderboard":${board.json}`).slice(0, -1);
      return { stamp, league: l, phase, open, anonymous: new LeagueBody(Buffer.from(`${open}${NOBODY}`), false), top: board.top };
    });
  }

  /** GET /api/leagues/{id} for this reader; undefined: no such league. */
  async detail(id: string, user: User | null): Promise<CachedBody | undefined> {
    const fresh = await this.fresh(id);
    if (!fresh) return undefined;
    const pub = await this.publicBody(id, fresh.head, fresh.now);
    if (!user) return pub.anonymous;
    const key = `${id}:${user.discordId}:${user.auth}`;
    const tail = await this.stamped(this.own, key, pub.stamp, () => this.ownPart(pub, user, fresh.now));
    // no run and no host: the visitor's bytes, compressed once; else the public ETag and this reader's part make the ETag
    if (tail === NOBODY) return pub.anonymous;
    return this.stamped(this.ownBodies, key, `${pub.stamp}|${tail.length}`, async () =>
      new LeagueBody(Buffer.from(pub.open + tail), true, contentEtag(pub.anonymous.etag + tail)));
  }

  /** `,"isHost":…,"myRun":…}`: the reader's own part of the league's JSON. */
  private async ownPart(pub: PublicBody, user: User, now: Date): Promise<string> {
    const viewer = viewerOf(user, pub.league)!;
    const run = await Repo.ownRun(this.db, pub.league.id, user.discordId);
    const myRun = run ? await this.runView(pub.league, run, viewer, pub.phase, pub.top, now) : null;
    return `,"isHost":${viewer.host},"myRun":${JSON.stringify(myRun)}}`;
  }

  private async runView(l: Repo.LeagueRow, r: Repo.RunRow, viewer: ReturnType<typeof viewerOf>, phase: LeaguePhase, top: Set<string>, now: Date): Promise<LeagueRun> {
    const matches = await Repo.matchesOfRun(this.db, r.id);
    const name = await Repo.namesOf(this.db, [r.discordId, ...matches.flatMap((m) => [m.player1Id, m.player2Id])]);
    const published = deckPublished(l.deckPrivacy, phase === 'final', top.has(r.discordId));
    const deck = deckVisible(published, viewer, r.discordId) ? await deckOf(r, this.cards) : null;
    return toRun(r, { league: l, name, matches, viewer, now, deck, published });
  }

  /** GET .../runs/{runId}: anyone reads a run and its matches; its deck as deckVisible says. */
  async run(id: string, runId: number, user: User | null): Promise<LeagueRun> {
    const fresh = notFoundIfMissing(await this.fresh(id), LEAGUE_MESSAGES.notFound);
    const pub = await this.publicBody(id, fresh.head, fresh.now);
    const r = notFoundIfMissing(await Repo.findRun(this.db, id, runId), LEAGUE_MESSAGES.runNotFound);
    return this.runView(pub.league, r, viewerOf(user, pub.league), pub.phase, pub.top, fresh.now);
  }

  /** GET .../matches/{matchId}: anyone reads it; the room to its players and the hosts. */
  async match(id: string, matchId: number, user: User | null): Promise<LeagueMatch> {
    const fresh = notFoundIfMissing(await this.fresh(id), LEAGUE_MESSAGES.notFound);
    const pub = await this.publicBody(id, fresh.head, fresh.now);
    const m = notFoundIfMissing(await Repo.findMatch(this.db, id, matchId), LEAGUE_MESSAGES.matchNotFound);
    return toMatch(m, await Repo.namesOf(this.db, [m.player1Id, m.player2Id]), viewerOf(user, pub.league));
  }

  /** GET /api/leagues: each league settled first when the clock made something due. */
  async list(seriesId: string | undefined, phase: LeaguePhase | undefined): Promise<LeagueSummary[]> {
    const now = this.writer.now();
    let rows = await Repo.listLeagues(this.db, seriesId);
    const due = rows.filter((r) => settleDue({ ...r.league, nextConfirmBy: r.nextConfirmBy, nextExpiry: null, queueSize: 0, disputed: false }, now));
    if (due.length) {
      for (const r of due) await this.writer.settleNow(r.league.id);
      rows = await Repo.listLeagues(this.db, seriesId);
    }
    return rows.map((r) => toSummary(r.league, r, leaguePhase(r.league, now))).filter((s) => !phase || s.phase === phase);
  }
}

