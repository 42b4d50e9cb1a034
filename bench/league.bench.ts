// Issue 41's league figures, on PGlite in memory in this process over HTTP (BENCH_DB=postgres with
// TEST_DATABASE_URL: a fresh PostgreSQL database). A league of 2,000 runs and 10,000 matches (ten
// matches a run, so that the two figures hold together; 667 players with three runs each, every
// result confirmed, inserted directly); then 500 new players each start a run over HTTP and press
// 'Find a match' within 10 s (one every 20 ms, not waiting for the answers): every pair made once,
// pairing p99 at most 100 ms. Then GET /api/leagues/{id}: 'new' = the first read after a result
// moved the leaderboard (made again from 2,500 runs), p95 at most 20 ms; 'cached' = the same
// version again, p95 at most 5 ms; as a visitor and as a player (whose own run is appended).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { League, QueueReply } from '../src/domain/api/leagues.ts';
import { hashSessionToken, newSessionToken, SESSION_MS } from '../src/server/auth/session-token.ts';
import { insertRows } from '../src/server/db/raw-rows.ts';
import { leagueMatches, leagueRuns, leagues, sessions, users } from '../src/server/db/schema.ts';
import { loadDemoCards } from '../src/server/db/seed.ts';
import { importLflist } from '../src/server/features/banlists/banlist-import.ts';
import * as Repo from '../src/server/features/leagues/leagues-repository.ts';
import { DEMO_DIR } from '../src/server/paths.ts';
import { startTestServer } from '../src/server/test/test-server.ts';
import { seededRandom } from './event-records-setup.ts';
import { fmt } from './lib.ts';

if (process.env.BENCH_DB === 'postgres') process.env.TEST_DB = 'postgres';
const RUNS = 2000;
const PER_RUN = 10;
const PLAYERS = 667;
const NEW_PLAYERS = 500;
const WITHIN_MS = 10_000;
const READS = 200;
const rnd = seededRandom(20261201);
const DAY = 24 * 3_600_000;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const summary = (xs: number[]) => `p50 ${fmt(quantile(xs, 0.5), 1)} ms, p95 ${fmt(quantile(xs, 0.95), 1)} ms, p99 ${fmt(quantile(xs, 0.99), 1)} ms, max ${fmt(Math.max(...xs), 1)} ms`;

const server = await startTestServer({}, { rateLimitScale: 1000 });
const db = server.database.db;
try {
  let t = performance.now();
  await loadDemoCards(db);
  await importLflist(db, fs.readFileSync(path.join(DEMO_DIR, '2026.05-TCG.lflist.conf'), 'utf8'), { date: '2026-05-01' });
  const deck = fs.readFileSync(path.join(DEMO_DIR, 'decks', 'AI_Blackwing.ydk'), 'utf8');

  // ---- the league, inserted: 2,000 complete runs of ten confirmed matches each ----
  const now = Date.now();
  const startsAt = new Date(now - 20 * DAY);
  const id = randomUUID();
  const playerId = (i: number) => `95000000${String(i).padStart(10, '0')}`;
  await insertRows(db, users, Array.from({ length: PLAYERS + NEW_PLAYERS }, (_, i) => ({
    discordId: playerId(i), username: `bench-${i}`, displayName: `Bench Player ${i}`, discordUsername: `bench-${i}`,
  })));
  const creator = playerId(0);
  await db.insert(leagues).values({
    id, seriesId: 'bench', seriesName: 'Bench Monthly', name: 'Bench League', banlistDate: '2026-05-01', banlistName: '2026.05 TCG',
    banlist: fs.readFileSync(path.join(DEMO_DIR, '2026.05-TCG.lflist.conf'), 'utf8'),
    settings: {
      relay: false, dontShuffleDeck: false, dontCheckDeckContents: false, dontCheckDeckSize: false, tcgSegocRulings: false, startingLp: 8000,
      startingHand: 5, cardsPerDraw: 1, minMainDeckSize: 40, maxMainDeckSize: 60, minExtraDeckSize: 0, maxExtraDeckSize: 15, minSideDeckSize: 0,
      maxSideDeckSize: 15, ruleOptions: [], cardTypeFilters: [],
    },
    startsAt, endsAt: new Date(now + 10 * DAY), matchesPerRun: PER_RUN, bestOf: 3, confirmHours: 24, deckPrivacy: 'top-cut', createdBy: creator,
  });
  const main = Array.from({ length: 40 }, (_, i) => 1000 + i);
  const runs = await insertRows(db, leagueRuns, Array.from({ length: RUNS }, (_, r) => ({
    leagueId: id, discordId: playerId(r % PLAYERS), status: 'complete' as const, mainDeck: main, extraDeck: [], sideDeck: [],
    matchCount: PER_RUN, played: PER_RUN, startedAt: new Date(startsAt.getTime() + r * 60_000), endedAt: new Date(startsAt.getTime() + r * 60_000 + DAY),
  })));
  // run i meets runs i+1 … i+5 (mod 2,000): ten matches a run, no pair twice, never one player's two runs
  const matchRows = [];
  for (let k = 1; k <= PER_RUN / 2; k++) {
    for (let i = 0; i < RUNS; i++) {
      const [a, b] = [runs[i]!, runs[(i + k) % RUNS]!].sort((x, y) => x.id - y.id) as [typeof runs[0], typeof runs[0]];
      const win1 = rnd() < 0.5;
      const loserGames = rnd() < 0.4 ? 1 : 0;
      const at = new Date(startsAt.getTime() + (i * 5 + k) * 60_000);
      matchRows.push({
        leagueId: id, run1Id: a.id, run2Id: b.id, player1Id: a.discordId, player2Id: b.discordId, state: 'complete' as const, roomPassword: 'bench0',
        games1: win1 ? 2 : loserGames, games2: win1 ? loserGames : 2, reportGames1: win1 ? 2 : loserGames, reportGames2: win1 ? loserGames : 2,
        winnerRunId: win1 ? a.id : b.id, reportedBy: a.discordId, reportedAt: at, confirmBy: new Date(at.getTime() + DAY), resolution: 'confirmed' as const,
        resultAt: at, completedAt: at, createdAt: at,
      });
    }
  }
  for (let i = 0; i < matchRows.length; i += 2000) await insertRows(db, leagueMatches, matchRows.slice(i, i + 2000));
  await db.transaction(async (tx) => Repo.recountRuns(tx, runs.map((r) => r.id), 1));
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(leagueMatches).where(eq(leagueMatches.leagueId, id));
  console.log(`league: ${RUNS.toLocaleString('en')} runs of ${PLAYERS} players, ${counted!.n.toLocaleString('en')} matches, inserted in ${fmt((performance.now() - t) / 1000, 1)} s (${server.database.kind})`);

  // ---- 500 new players: a session each, a run over HTTP ----
  const cookies: string[] = [];
  const sessionRows = Array.from({ length: NEW_PLAYERS }, (_, i) => {
    const token = newSessionToken();
    cookies.push(`fh_session=${token}`);
    return { idHash: hashSessionToken(token), discordId: playerId(PLAYERS + i), expiresAt: new Date(Date.now() + SESSION_MS) };
  });
  await insertRows(db, sessions, sessionRows);
  const call = async (method: string, p: string, cookie?: string, body?: unknown) => {
    const res = await fetch(server.url + p, {
      method, headers: { ...(cookie && { cookie }), ...(method !== 'GET' && { origin: server.url }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
    return { res, text };
  };
  t = performance.now();
  for (let i = 0; i < NEW_PLAYERS; i += 25) {
    await Promise.all(cookies.slice(i, i + 25).map((cookie) => call('POST', `/api/leagues/${id}/runs`, cookie, { ydk: deck })));
  }
  console.log(`${NEW_PLAYERS} runs started over HTTP (each deck checked) in ${fmt((performance.now() - t) / 1000, 1)} s`);

  // ---- the queue: 500 'Find a match' within 10 s ----
  const latencies: number[] = [];
  const answers: QueueReply[] = [];
  const pressed = performance.now();
  await Promise.all(cookies.map(async (cookie, i) => {
    await new Promise((r) => setTimeout(r, (i * WITHIN_MS) / NEW_PLAYERS));
    const start = performance.now();
    const { text } = await call('POST', `/api/leagues/${id}/queue`, cookie);
    latencies.push(performance.now() - start);
    answers.push(JSON.parse(text) as QueueReply);
  }));
  const elapsed = performance.now() - pressed;
  const made = await db.select().from(leagueMatches).where(sql`${leagueMatches.leagueId} = ${id} and ${leagueMatches.state} = 'playing'`);
  const sides = made.flatMap((m) => [m.run1Id, m.run2Id]);
  const once = new Set(sides).size === sides.length && sides.length === NEW_PLAYERS;
  const paired = answers.filter((a) => !a.waiting).length;
  console.log(`queue: ${NEW_PLAYERS} presses in ${fmt(elapsed / 1000, 1)} s: ${made.length} matches, ${paired} answered with their match, every run in exactly one: ${once ? 'yes' : 'NO'}`);
  console.log(`pairing (POST .../queue): ${summary(latencies)} (target p99 ≤ 100 ms: ${quantile(latencies, 0.99) <= 100 ? 'met' : 'NOT met'})`);

  // ---- the leaderboard read: as a browser asks (brotli), over a kept-alive connection, the bytes read whole ----
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const read = (cookie?: string) => new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
    const start = performance.now();
    http.get(`${server.url}/api/leagues/${id}`, { agent, headers: { 'accept-encoding': 'br, gzip', ...(cookie && { cookie }) } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => (res.statusCode === 200 ? resolve({ ms: performance.now() - start, bytes }) : reject(new Error(`GET league: ${res.statusCode}`))));
    }).on('error', reject);
  });
  const { text: plain } = await call('GET', `/api/leagues/${id}`);
  const league = JSON.parse(plain) as League;
  console.log(`GET /api/leagues/{id}: ${league.leaderboard.length} players on the leaderboard, ${fmt(Buffer.byteLength(plain) / 1024, 0)} KiB (${fmt((await read()).bytes / 1024, 0)} KiB brotli)`);
  const fresh: number[] = [];
  const freshMine: number[] = [];
  const cached: number[] = [];
  const cachedMine: number[] = [];
  for (let i = 0; i < Math.min(READS / 2, made.length); i++) {
    // a result: reported and confirmed by its two players (the leaderboard moves)
    const m = made[i]!;
    const cookieOf = (discordId: string) => cookies[Number(discordId.slice(-10)) - PLAYERS]!;
    await call('POST', `/api/leagues/${id}/matches/${m.id}/report`, cookieOf(m.player1Id), { gamesWon: 2, gamesLost: 1 });
    await call('POST', `/api/leagues/${id}/matches/${m.id}/confirm`, cookieOf(m.player2Id));
    (i % 2 ? freshMine : fresh).push((await read(i % 2 ? cookieOf(m.player1Id) : undefined)).ms);
  }
  for (let i = 0; i < 20; i++) await read(cookies[i]); // each player's own part made once
  for (let i = 0; i < READS; i++) cached.push((await read()).ms);
  for (let i = 0; i < READS; i++) cachedMine.push((await read(cookies[i % 20])).ms);
  console.log(`leaderboard read, new (after a result): visitor ${summary(fresh)}; player ${summary(freshMine)} (target p95 ≤ 20 ms: ${Math.max(quantile(fresh, 0.95), quantile(freshMine, 0.95)) <= 20 ? 'met' : 'NOT met'})`);
  console.log(`leaderboard read, cached: visitor ${summary(cached)}; player ${summary(cachedMine)} (target p95 ≤ 5 ms: ${Math.max(quantile(cached, 0.95), quantile(cachedMine, 0.95)) <= 5 ? 'met' : 'NOT met'})`);
} finally {
  await server.close();
}
process.exit(0);
