// The public tournament reads come from memory until the next change (issue 12): ETags and 304s,
// a write seen by the very next read, and on PostgreSQL a write on one instance seen on another
// once the notice its transaction sent arrives (or, after a gap in notices, at once).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Tournament, TournamentSummary } from '../../../domain/api/tournaments.ts';
import type { Standings } from '../../../domain/api/standings.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { apiTest } from '../../test/api-test.ts';

const { server, host } = apiTest({ host: ['960000000000000001', 2, 'Ada'] });
let uid: string;

beforeAll(async () => {
  uid = ((await (await host.post('/api/tournaments/host', { name: 'Cached' })).json()) as { uid: string }).uid;
});

const PATHS = () => ['/api/tournaments', `/api/tournaments/${uid}`, `/api/tournaments/${uid}/standings`, `/api/tournaments/${uid}/scoreboard`, `/api/tournaments/${uid}/matches?round=1`, `/api/tournaments/${uid}/participants`, `/api/tournaments/${uid}/teams`, '/api/series/summaries'];

test('every public list answers with an ETag and a 304 for a client that has it', async () => {
  for (const path of PATHS()) {
    const first = await fetch(`${server.url}${path}`);
    expect(first.status, path).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag, path).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag! } })).status, path).toBe(304);
  }
});

test('a write is in the very next read: sign-ups, a start, a report', async () => {
  const before = (await (await fetch(`${server.url}/api/tournaments/${uid}`)).json()) as Tournament;
  await host.post(`/api/tournaments/${uid}/seed-test?count=4`);
  const after = (await (await fetch(`${server.url}/api/tournaments/${uid}`)).json()) as Tournament;
  expect(after.teams).toHaveLength(4);
  expect(after.version).toBeGreaterThan(before.version);
  expect(await (await fetch(`${server.url}/api/tournaments/${uid}/teams`)).json()).toEqual(after.teams);
  const team = after.teams[2]!;
  expect(await (await fetch(`${server.url}/api/tournaments/${uid}/teams/${team.uid}`)).json()).toEqual(team);
  const listed = ((await (await fetch(`${server.url}/api/tournaments`)).json()) as TournamentSummary[]).find((t) => t.uid === uid)!;
  expect(listed.teamCount).toBe(4);
  // a write's answer is the read a visitor gets next, made once (the same bytes, the same ETag)
  const startReply = await host.post(`/api/tournaments/${uid}/start`);
  const read = await fetch(`${server.url}/api/tournaments/${uid}`);
  expect(startReply.headers.get('etag')).toBe(read.headers.get('etag'));
  expect(await startReply.json()).toEqual(await read.json());
  const matches = (await (await fetch(`${server.url}/api/tournaments/${uid}/matches?round=1`)).json()) as { id: number; team1Id: string }[];
  expect(matches).toHaveLength(2);
  await host.post(`/api/tournaments/${uid}/matches/${matches[0]!.id}/override-winner?winnerTeamId=${matches[0]!.team1Id}`, { team1Wins: 2, team2Wins: 0 });
  const standings = (await (await fetch(`${server.url}/api/tournaments/${uid}/standings`)).json()) as Standings;
  expect(standings.rows[0]).toMatchObject({ teamId: matches[0]!.team1Id, points: 3 });
  const name = 'Renamed series';
  await host.post('/api/series', { name });
  expect(JSON.stringify(await (await fetch(`${server.url}/api/series/summaries`)).json())).toContain(name);
});

// two instances share only PostgreSQL: a notice sent in each write's transaction tells the other one
if (process.env.TEST_DB === 'postgres') {
  describe('a second instance on the same PostgreSQL', () => {
    let other: Awaited<ReturnType<typeof openDatabase>>;
    let app2: Awaited<ReturnType<typeof buildApp>>;
    let url2: string;
    beforeAll(async () => {
      other = await openDatabase({ kind: 'postgres', url: (server.database.pool!.options as { connectionString: string }).connectionString });
      app2 = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0' }), database: other, rateLimitScale: 100 });
      await app2.listen({ port: 0, host: '127.0.0.1' });
      const address = app2.server.address();
      url2 = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => {
      await app2?.close();
      await other?.close();
    });
    const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;
    const dropped = async () => (await json<Tournament>(`${url2}/api/tournaments/${uid}`)).teams.filter((t) => t.dropped).length;

    test('a write on one instance is read on the other', async () => {
      const before = await dropped(); // now cached on the second instance
      const team = (await json<Tournament>(`${server.url}/api/tournaments/${uid}`)).teams.find((t) => !t.dropped)!;
      await host.post(`/api/tournaments/${uid}/teams/${team.uid}/drop`);
      await expect.poll(dropped, { timeout: 3000 }).toBe(before + 1);
    });

    test('a result on one instance is read on the other (its notice rides on the write’s first statement)', async () => {
      // an event of its own: the tests above drop teams of the shared one, which completes its open matches
      const own = ((await (await host.post('/api/tournaments/host', { name: 'Reported on the first' })).json()) as { uid: string }).uid;
      await host.post(`/api/tournaments/${own}/seed-test?count=4`);
      await host.post(`/api/tournaments/${own}/start`);
      type Row = { id: number; complete: boolean; team1Id: string };
      const round = async () => json<Row[]>(`${url2}/api/tournaments/${own}/matches?round=1`);
      const open = (await round()).find((m) => !m.complete)!; // now cached on the second instance
      await host.post(`/api/tournaments/${own}/matches/${open.id}/override-winner?winnerTeamId=${open.team1Id}`, { team1Wins: 2, team2Wins: 1 });
      await expect.poll(async () => (await round()).find((m) => m.id === open.id)!.complete, { timeout: 3000 }).toBe(true);
    });

    test('a tournament hosted on one instance is in the other one\'s cached list', async () => {
      const names = async () => (await json<TournamentSummary[]>(`${url2}/api/tournaments`)).map((t) => t.name);
      expect(await names()).not.toContain('Hosted on the first');
      await host.post('/api/tournaments/host', { name: 'Hosted on the first' });
      await expect.poll(names, { timeout: 3000 }).toContain('Hosted on the first');
    });

    test('after its LISTEN connection was cut, an instance reads again what it may have missed', async () => {
      const before = await dropped(); // cached on the second instance
      // a change whose notice no instance heard (it committed while the listeners were away)
      const team = (await json<Tournament>(`${server.url}/api/tournaments/${uid}`)).teams.find((t) => !t.dropped)!;
      await server.database.pool!.query('update teams set dropped = true where uid = $1', [team.uid]);
      expect(await dropped()).toBe(before);
      await server.database.pool!.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'format-hub-live' and datname = current_database()`);
      await expect.poll(dropped, { timeout: 10_000, interval: 200 }).toBe(before + 1);
    });
  });
}
