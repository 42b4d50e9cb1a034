// The queue under a storm (issue 41): 200 runs pressing 'Find a match' at once pair each waiting run
// once: never two matches for one run, never one run paired twice. On PostgreSQL the requests go to
// two app instances on one database, half to each (the league row's lock orders them); on PGlite,
// one process by definition, to the one instance.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { QueueReply } from '../../../domain/api/leagues.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { leagueMatches, leagueRuns } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listenLocally, type TestClient } from '../../test/test-server.ts';
import { leagueCalls, leagueTest } from './league-test-kit.ts';

const RUNS = 200;
const { kit } = leagueTest();
let second: { app: FastifyInstance; database: Database; url: string } | undefined;

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const database = await openDatabase({ kind: 'postgres', url: (kit.server.database.pool!.options as { connectionString: string }).connectionString });
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0' }), database, rateLimitScale: 100 });
    second = { app, database, url: (await listenLocally(app)).url };
  }
}, 60_000);
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
});

/** A client's request to an instance of its choosing (the session is the database's: any instance knows it). */
function post(client: TestClient, base: string, path: string, body?: unknown): Promise<Response> {
  return fetch(new URL(path, base), {
    method: 'POST', body: body === undefined ? undefined : JSON.stringify(body),
    headers: { cookie: client.cookieHeader(), origin: base, ...(body !== undefined && { 'content-type': 'application/json' }) },
  });
}

test(`${RUNS} runs find a match at once${process.env.TEST_DB === 'postgres' ? ' on two instances' : ''}: each is paired once, a hundred matches`, async () => {
  const c = leagueCalls(kit);
  const { id } = await c.create();
  const players: TestClient[] = [];
  for (let i = 0; i < RUNS; i += 20) players.push(...await Promise.all(Array.from({ length: 20 }, (_, j) => kit.player(5000 + i + j))));
  for (const p of players) await c.join(id, p);

  const bases = [kit.server.url, second?.url ?? kit.server.url];
  const answers = await Promise.all(players.map(async (p, i) => {
    const res = await post(p, bases[i % 2]!, `/api/leagues/${id}/queue`);
    expect(res.status).toBe(200);
    return (await res.json()) as QueueReply;
  }));
  const paired = answers.filter((a) => !a.waiting);
  expect(paired).toHaveLength(RUNS / 2);
  expect(answers.filter((a) => a.waiting)).toHaveLength(RUNS / 2);

  const db = kit.server.database.db;
  const matches = await db.select().from(leagueMatches).where(eq(leagueMatches.leagueId, id));
  expect(matches).toHaveLength(RUNS / 2);
  const sides = matches.flatMap((m) => [m.run1Id, m.run2Id]);
  expect(new Set(sides).size).toBe(RUNS);
  expect(new Set(paired.map((a) => (a.waiting ? 0 : a.match!.id))).size).toBe(RUNS / 2);
  const runs = await db.select().from(leagueRuns).where(eq(leagueRuns.leagueId, id));
  expect(runs.every((r) => r.matchCount === 1 && r.currentMatchId !== null && r.queuedUntil === null)).toBe(true);
  for (const m of matches) {
    expect(runs.find((r) => r.id === m.run1Id)!.currentMatchId).toBe(m.id);
    expect(runs.find((r) => r.id === m.run2Id)!.currentMatchId).toBe(m.id);
  }
  expect((await c.league(id)).queueSize).toBe(0);
}, 120_000);

test('a result written on one instance is on the other’s leaderboard at once (its runs in memory read again past the version it saw)', async () => {
  const c = leagueCalls(kit);
  const { id } = await c.create({ matchesPerRun: 3 });
  const [a, b, d] = await Promise.all([kit.player(6001), kit.player(6002), kit.player(6003)]);
  for (const p of [a, b, d]) await c.join(id, p);
  const other = second?.url ?? kit.server.url;
  expect((await c.league(id)).leaderboard.every((r) => r.points === 0)).toBe(true); // the first instance's board, in memory
  const m = await c.pair(id, a, b);
  expect((await post(a, other, `/api/leagues/${id}/matches/${m.id}/report`, { gamesWon: 2, gamesLost: 0 })).status).toBe(200);
  expect((await post(b, other, `/api/leagues/${id}/matches/${m.id}/confirm`)).status).toBe(200);
  const board = (await c.league(id)).leaderboard;
  expect(board[0]).toMatchObject({ discordId: m.player1.discordId, points: 1, matchWins: 1, gamesWon: 2 });
  expect(board.map((r) => r.runs)).toEqual([1, 1, 1]);
  await c.join(id, (await kit.player(6004)));
  expect((await c.league(id)).players).toBe(4);
});
