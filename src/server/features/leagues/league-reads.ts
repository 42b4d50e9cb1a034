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
import { CachedBody, Lru } from '../../http/http-cache.ts';
import { notFoundIfMissing } from '../../errors.ts';
import type { CardIndex } from '../cards/card-index.ts';
import { deckOf } from './league-decks.ts';
import { toLeaguePublic, toMatch, toRun, toSummary, viewerOf } from './league-views.ts';
import { settleDue, validUntil, type LeagueWriter } from './league-writer.ts';
import * as Repo from './leagues-repository.ts';

type User = { discordId: string; auth: number };
const JSON_TYPE = 'application/json; charset=utf-8';

interface Board { version: number; rows: LeaderboardRow[]; runs: number; players: number; top: Set<string> }
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
  private boards = new Lru<string, Promise<Board>>(200);
  /** by league: the body of one stamp (the version, and until when the clock changes nothing) */
  private bodies = new Lru<string, { stamp: string; value: Promise<PublicBody> }>(200);
  /** a reader's own part by league and user, of one stamp: a few kB each */
  private own = new Lru<string, { stamp: string; value: Promise<string> }>(5000);

  constructor(private readonly db: Db, private readonly writer: LeagueWriter, private readonly cards: CardIndex) {}

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

  /** The leaderboard of this leaderboard version (made once, shared by every reader). */
  private board(l: Repo.LeagueRow, final: boolean): Promise<Board> {
    const key = `${l.id}:${l.leaderboardVersion}:${final}`;
    let board = this.boards.get(key);
    if (!board) {
      board = Repo.runTotals(this.db, l.id).then((runs) => {
        const rows = leaderboard(runs, { matchesPerRun: l.matchesPerRun, final });
        return { version: l.leaderboardVersion, rows, runs: runs.length, players: rows.length, top: new Set(final ? rows.slice(0, LEAGUE_TOP).map((r) => r.discordId) : []) };
      });
      this.remember(this.boards, key, board);
    }
    return board;
  }

  private remember<T>(lru: Lru<string, Promise<T>>, key: string, value: Promise<T>) {
    lru.set(key, value);
    value.catch(() => { if (lru.get(key) === value) lru.delete(key); });
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
      const l = notFoundIfMissing(await Repo.findLeague(this.db, id), LEAGUE_MESSAGES.notFound);
      const phase = leaguePhase(l, now);
      const board = await this.board(l, phase === 'final');
      const toDecide = await Repo.matchesToDecide(this.db, id, phase);
      const name = await Repo.namesOf(this.db, [l.createdBy, ...toDecide.flatMap((m) => [m.player1Id, m.player2Id])]);
      const body = toLeaguePublic(l, {
        phase, runs: board.runs, players: board.players, queueSize: await Repo.queueSize(this.db, id, now), leaderboard: board.rows,
        toDecide: toDecide.map((m): LeagueMatch => toMatch(m, name, null)), createdByName: name(l.createdBy),
      });
      const open = JSON.stringify(body).slice(0, -1);
      return { stamp, league: l, phase, open, anonymous: new CachedBody(Buffer.from(`${open},"isHost":false,"myRun":null}`), JSON_TYPE), top: board.top };
    });
  }

  /** GET /api/leagues/{id} for this reader; undefined: no such league. */
  async detail(id: string, user: User | null): Promise<CachedBody | undefined> {
    const fresh = await this.fresh(id);
    if (!fresh) return undefined;
    const pub = await this.publicBody(id, fresh.head, fresh.now);
    if (!user) return pub.anonymous;
    const tail = await this.stamped(this.own, `${id}:${user.discordId}:${user.auth}`, pub.stamp, () => this.ownPart(pub, user, fresh.now));
    return new CachedBody(Buffer.from(pub.open + tail), JSON_TYPE);
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
    const due = rows.filter((r) => settleDue({ ...r.league, nextConfirmBy: r.nextConfirmBy, nextExpiry: null }, now));
    if (due.length) {
      for (const r of due) await this.writer.settleNow(r.league.id);
      rows = await Repo.listLeagues(this.db, seriesId);
    }
    return rows.map((r) => toSummary(r.league, r, leaguePhase(r.league, now))).filter((s) => !phase || s.phase === phase);
  }
}

