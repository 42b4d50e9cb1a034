// What the league's API tests share: a server whose league clock the test moves, the cards of two
// real decks (one legal on the 2026.05 TCG list, one it refuses), that list, a series, signed-in
// players, and leagues played through the API.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import type { League, LeagueMatch, LeagueRun, QueueReply } from '../../../domain/api/leagues.ts';
import { parseYdk } from '../../../domain/decks/ydk.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_DIR } from '../../paths.ts';
import { hashSessionToken, newSessionToken, SESSION_MS } from '../../auth/session-token.ts';
import { madeLater } from '../../test/api-test.ts';
import { signedInClient, startTestServer, TestClient, type TestServer, type TestServerOptions } from '../../test/test-server.ts';
import * as UsersRepository from '../users/users-repository.ts';
import { importLflist } from '../banlists/banlist-import.ts';
import { cardRowFromJson } from '../cards/card-import.ts';
import type { CardJson } from '../cards/card-json.ts';
import * as CardsRepository from '../cards/cards-repository.ts';

export const HOUR = 3_600_000;
export const LIST_DATE = '2026-05-01';
const read = (file: string) => fs.readFileSync(path.join(DEMO_DIR, file), 'utf8');
/** legal on the 2026.05 TCG list */
export const LEGAL = read('decks/AI_Blackwing.ydk');
/** refused by it */
export const ILLEGAL = read('decks/AI_Chaos408.ydk');

/** The JSON of a 2xx answer; any other status throws with the body. */
export async function ok<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
export const refusal = async (res: Response) => ({ status: res.status, error: ((await res.json()) as { error: string }).error });

export interface LeagueKit {
  server: TestServer;
  /** the league's clock: tests move it forward */
  clock: { at: number; advance(ms: number): void };
  admin: TestClient;
  curator: TestClient;
  anonymous: TestClient;
  seriesId: string;
  /** a signed-in player (made once per id) */
  player(n: number): Promise<TestClient>;
  playerId(n: number): string;
}

/** The two decks' cards only (all 14,723 would take most of the file's time), and the list of LIST_DATE. */
export async function loadLeagueCards(db: Db): Promise<void> {
  const used = new Set([LEGAL, ILLEGAL].flatMap((text) => Object.values(parseYdk(text).deck).flat()));
  const cards = (JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(DEMO_DIR, 'cards-official.json.gz'))).toString('utf8')) as CardJson[]).filter((c) => used.has(c.id));
  await CardsRepository.upsertCards(db, cards.map(cardRowFromJson));
  await importLflist(db, read('2026.05-TCG.lflist.conf'), { date: LIST_DATE });
}

export async function startLeagueKit(options: TestServerOptions = {}): Promise<LeagueKit> {
  const clock = { at: Date.now(), advance(ms: number) { this.at += ms; } };
  const server = await startTestServer({}, { now: () => new Date(clock.at), ...options });
  await loadLeagueCards(server.database.db);
  const admin = await signedInClient(server, '941000000000000001', 2, 'Ada');
  const curator = await signedInClient(server, '941000000000000002', 1, 'Curie');
  const { id: seriesId } = await ok<{ id: string }>(await admin.post('/api/series', { name: 'League Monthly' }));
  const players = new Map<number, Promise<TestClient>>();
  const playerId = (n: number) => `9420000000${String(n).padStart(8, '0')}`;
  return {
    server, clock, admin, curator, anonymous: new TestClient(server.url), seriesId, playerId,
    player(n) {
      let p = players.get(n);
      if (!p) players.set(n, (p = sessionClient(server, playerId(n), `Player ${n}`)));
      return p;
    },
  };
}

/**
 * The prelude of a league API test file: registers its beforeAll (startLeagueKit) and afterAll
 * (close), and returns at once the kit, whose fields are read once it has started, and its calls.
 */
export function leagueTest(options: TestServerOptions = {}): { kit: LeagueKit; c: ReturnType<typeof leagueCalls> } {
  const started = madeLater<LeagueKit>('the league kit', ['server', 'clock', 'admin', 'curator', 'anonymous', 'seriesId', 'player', 'playerId']);
  beforeAll(async () => {
    started.set(await startLeagueKit(options));
  }, 60_000);
  afterAll(() => started.made()?.server.close());
  return { kit: started.view, c: leagueCalls(started.view) };
}

/** A client holding a session written straight into the database (hundreds of players without the sign-in dance, which its own tests prove). */
class SessionClient extends TestClient {
  constructor(base: string, private readonly token: string) {
    super(base);
  }

  override cookieHeader(): string {
    return `fh_session=${this.token}`;
  }
}

/** A player (made if new) signed in by a session written straight into the database. */
export async function sessionClient(server: TestServer, discordId: string, name: string): Promise<TestClient> {
  const db = server.database.db;
  await UsersRepository.upsertFromDiscord(db, { id: discordId, username: name.toLowerCase().replace(/\s+/g, '-'), global_name: name, discriminator: '0' });
  const token = newSessionToken();
  await UsersRepository.createSession(db, hashSessionToken(token), discordId, new Date(Date.now() + SESSION_MS));
  return new SessionClient(server.url, token);
}

/** League calls by a client, with the answers typed. */
export function leagueCalls(kit: LeagueKit) {
  const create = async (body: Record<string, unknown> = {}, by = kit.curator) =>
    ok<League>(await by.post('/api/leagues', { seriesId: kit.seriesId, name: 'May League', banlistDate: LIST_DATE, ...body }));
  const league = async (id: string, by: TestClient = kit.anonymous) => ok<League>(await by.get(`/api/leagues/${id}`));
  const join = async (id: string, by: TestClient, deck = LEGAL) => ok<LeagueRun>(await by.post(`/api/leagues/${id}/runs`, { ydk: deck }));
  const find = async (id: string, by: TestClient) => ok<QueueReply>(await by.post(`/api/leagues/${id}/queue`));
  const report = (id: string, matchId: number, by: TestClient, gamesWon: number, gamesLost: number) =>
    by.post(`/api/leagues/${id}/matches/${matchId}/report`, { gamesWon, gamesLost });
  const confirm = (id: string, matchId: number, by: TestClient) => by.post(`/api/leagues/${id}/matches/${matchId}/confirm`);
  const match = async (id: string, matchId: number, by: TestClient = kit.anonymous) => ok<LeagueMatch>(await by.get(`/api/leagues/${id}/matches/${matchId}`));

  /** Two players (joined already) find each other: the match. */
  async function pair(id: string, a: TestClient, b: TestClient): Promise<LeagueMatch> {
    const first = await find(id, a);
    if (!first.waiting) return first.match!;
    const second = await find(id, b);
    if (second.waiting || !second.match) throw new Error('not paired');
    return second.match;
  }

  /** A played match: paired, `winner` reports winnerGames–loserGames, the other confirms. */
  async function play(id: string, winner: TestClient, loser: TestClient, winnerGames = 2, loserGames = 0): Promise<LeagueMatch> {
    const m = await pair(id, winner, loser);
    await ok(await report(id, m.id, winner, winnerGames, loserGames));
    return ok<LeagueMatch>(await confirm(id, m.id, loser));
  }

  return { create, league, join, find, report, confirm, match, pair, play };
}
