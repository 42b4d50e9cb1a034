// The live views of a tournament (issue 18): request-scoreboard and request-standings are answered
// to the asker alone, from the cached view the REST reads serve; on PostgreSQL a write on one
// instance reaches a subscriber of another through a short notice, each instance making its views.
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Match, Scoreboard, Tournament } from '../../../domain/api/tournaments.ts';
import { LIVE_STANDINGS_TEAMS, type Standings } from '../../../domain/api/standings.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { teams, tournaments } from '../../db/schema.ts';
import { RawStomp, startLiveServer, type LiveServer } from '../../realtime/live-test-kit.ts';
import { CHANNEL } from '../../realtime/fanout.ts';
import { signedInClient, type TestClient } from '../../test/test-server.ts';
import { ok } from './tournament-test-kit.ts';

const TUNING = { heartbeat: [0, 0] as [number, number], sessionCheckMs: 0 };

let server: LiveServer;
let host: TestClient;
const raws: RawStomp[] = [];

beforeAll(async () => {
  server = await startLiveServer({ tuning: TUNING });
  host = await signedInClient(server, '960000000000000021', 2, 'Host');
});
afterAll(async () => {
  for (const r of raws) r.close();
  await server?.close();
});

const json = async <T>(url: string) => ok<T>(await fetch(url));

const subscribe = async (url: string, uid: string) => {
  const raw = await RawStomp.subscribed(url, [TOPICS.tournamentScoreboard(uid), TOPICS.tournamentStandings(uid)]);
  raws.push(raw);
  return raw;
};

/**
 * A started event of `count` seeded teams, and a client of both topics on the instance at `url` that
 * has had the views of the start: that instance has nothing more on its way for the event.
 */
async function startedEvent(count: number, url = server.url): Promise<{ uid: string; version: number; probe: RawStomp }> {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: `Live ${count}`, manualDeckChecking: false }));
  const probe = await subscribe(url, uid);
  await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=${count}`));
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const { version } = await json<Tournament>(`${server.url}/api/tournaments/${uid}`);
  // every change sends the scoreboard, then the standings
  for (let board: Scoreboard | undefined; ;) {
    const frame = await probe.frame('MESSAGE');
    const body = JSON.parse(frame.body) as Scoreboard;
    if (frame.headers.subscription === '0') board = body;
    else if (board?.version === version && body.version === version) break;
  }
  return { uid, version, probe };
}

const request = (raw: RawStomp, uid: string, view: 'scoreboard' | 'standings') =>
  raw.send(`SEND\ndestination:/app/tournaments/${uid}/request-${view}\n\n\0`);

describe('request-scoreboard and request-standings', () => {
  test('are answered to the asker alone, from the cached view (a change made behind the cache does not show)', async () => {
    const { uid, version, probe: other } = await startedEvent(8);
    const asker = await subscribe(server.url, uid);

    // the views as GET reads them (now cached), then a change no write announced
    const board = await (await fetch(`${server.url}/api/tournaments/${uid}/scoreboard`)).text();
    const standings = await (await fetch(`${server.url}/api/tournaments/${uid}/standings`)).text();
    await server.database.db.update(teams).set({ name: 'Behind the cache' }).where(eq(teams.tournamentUid, uid));

    request(asker, uid, 'scoreboard');
    const answer = await asker.frame('MESSAGE');
    expect(answer.headers).toMatchObject({ subscription: '0', destination: TOPICS.tournamentScoreboard(uid) });
    expect(answer.body).toBe(board);
    expect(JSON.parse(answer.body)).toMatchObject({ uid, version, full: true, change: 'request' });
    request(asker, uid, 'standings');
    const rows = await asker.frame('MESSAGE');
    expect(rows.headers.subscription).toBe('1');
    expect(rows.body).toBe(standings);
    expect((JSON.parse(rows.body) as Standings).rows.map((r) => r.teamName)).not.toContain('Behind the cache');

    // the other subscriber got none of it: the first message it sees is the answer to its own request
    request(other, uid, 'standings');
    expect((await other.frame('MESSAGE')).headers.subscription).toBe('1');
    expect(other.frames).toEqual([]);
  });

  test('asking again for a view that did not change is not answered again; after a change it is', async () => {
    const { uid, probe } = await startedEvent(4);
    request(probe, uid, 'scoreboard');
    request(probe, uid, 'scoreboard');
    request(probe, uid, 'standings');
    // one answer to each subscription, in either order (the standings may be cached, the scoreboard made
    // on the ask); the second ask of the scoreboard brings nothing (the end checks no frame is left)
    const answers = new Map((await Promise.all([probe.frame('MESSAGE'), probe.frame('MESSAGE')])).map((f) => [f.headers.subscription, f.body]));
    expect([...answers.keys()].sort()).toEqual(['0', '1']);
    const first = JSON.parse(answers.get('0')!) as Scoreboard;
    expect(first.change).toBe('request');

    const [m] = await json<Match[]>(`${server.url}/api/tournaments/${uid}/matches?round=1`);
    await ok(await host.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
    const pushed = JSON.parse((await probe.frame('MESSAGE')).body) as Scoreboard;
    expect(pushed.change).toBe('override');
    await probe.frame('MESSAGE'); // its standings
    request(probe, uid, 'scoreboard');
    const again = JSON.parse((await probe.frame('MESSAGE')).body) as Scoreboard;
    expect(again).toMatchObject({ change: 'request', version: pushed.version });
    expect(again.version).toBeGreaterThan(first.version);
    expect(probe.frames).toEqual([]);
  });
});

describe(`an event of more than ${LIVE_STANDINGS_TEAMS} teams (decision 022)`, () => {
  test('GET ?version= never answers older standings than asked: a cached read behind that version is read again', async () => {
    const { uid, version } = await startedEvent(4); // small: no notice, no announced body
    expect((await json<Standings>(`${server.url}/api/tournaments/${uid}/standings`)).version).toBe(version); // now cached
    // a write this instance has not heard of yet (another instance's, its notice still on the way)
    await server.database.db.update(tournaments).set({ version: version + 1 }).where(eq(tournaments.uid, uid));
    expect((await json<Standings>(`${server.url}/api/tournaments/${uid}/standings`)).version).toBe(version);
    expect((await json<Standings>(`${server.url}/api/tournaments/${uid}/standings?version=${version + 1}`)).version).toBe(version + 1);
    expect((await fetch(`${server.url}/api/tournaments/${uid}/standings?version=`)).status).toBe(400);
  });

  test('its standings topic carries a short notice; GET ?version= answers every page with the body made for it', async () => {
    const { uid, probe } = await startedEvent(LIVE_STANDINGS_TEAMS + 1);
    const [m] = (await json<Match[]>(`${server.url}/api/tournaments/${uid}/matches?round=1`)).filter((x) => x.team1Id && x.team2Id);
    await ok(await host.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team2Id}`, { team1Wins: 0, team2Wins: 2 }));
    // a large event's views move at most once a second (LARGE_EVENT_GAP_MS), and take long on a busy machine
    const board = JSON.parse((await probe.frame('MESSAGE', 15_000)).body) as Scoreboard;
    const frame = await probe.frame('MESSAGE', 15_000);
    expect(frame.headers.subscription).toBe('1');
    expect(frame.body.length).toBeLessThan(300);
    const notice = JSON.parse(frame.body) as unknown;
    expect(notice).toEqual({ uid, version: board.version, change: 'override', notice: true });

    const first = await fetch(`${server.url}/api/tournaments/${uid}/standings?version=${board.version}`);
    const standings = (await first.json()) as Standings;
    expect(standings.version).toBe(board.version);
    expect(standings.rows).toHaveLength(LIVE_STANDINGS_TEAMS + 1);
    expect(standings.rows.find((r) => r.teamId === m!.team2Id)).toMatchObject({ wins: 1, points: 3 });
    const second = await fetch(`${server.url}/api/tournaments/${uid}/standings?version=${board.version}`);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // a change after it that no page here hears (no views made): ?version= still answers the announced
    // body, a plain GET the standings as they are
    probe.send('UNSUBSCRIBE\nid:0\n\n\0');
    probe.send('UNSUBSCRIBE\nid:1\nreceipt:gone\n\n\0');
    await probe.frame('RECEIPT', 15_000);
    await ok(await host.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
    const again = await fetch(`${server.url}/api/tournaments/${uid}/standings?version=${board.version}`);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const fresh = await json<Standings>(`${server.url}/api/tournaments/${uid}/standings`);
    expect(fresh.version).toBeGreaterThan(board.version);
    expect(fresh.rows.find((r) => r.teamId === m!.team2Id)).toMatchObject({ wins: 0, points: 0 });
    // a version no notice announced yet: the standings as they are
    expect((await json<Standings>(`${server.url}/api/tournaments/${uid}/standings?version=${fresh.version + 100}`)).version).toBe(fresh.version);
    expect((await fetch(`${server.url}/api/tournaments/${uid}/standings?version=x`)).status).toBe(400);
  });
});

// PostgreSQL only: PGlite is one process by definition, so there is no second instance.
if (process.env.TEST_DB === 'postgres') {
  describe('two instances on one PostgreSQL database', () => {
    let second: Database;
    let other: LiveServer;
    let watcher: pg.Client;
    const payloads: string[] = [];
    beforeAll(async () => {
      const url = server.database.pool!.options.connectionString!;
      second = await openDatabase({ kind: 'postgres', url });
      other = await startLiveServer({ database: second, tuning: TUNING });
      // what crosses between instances, as a third listener hears it
      watcher = new pg.Client({ connectionString: url });
      await watcher.connect();
      watcher.on('notification', (n) => { if (n.payload) payloads.push(n.payload); });
      await watcher.query(`LISTEN ${CHANNEL}`);
    });
    afterAll(async () => {
      await watcher?.end();
      await other?.close();
    });

    test('a write on one instance reaches a subscriber of the other with the right views; only a short notice crosses', async () => {
      const { uid, probe: theirs } = await startedEvent(64, other.url); // views far over one NOTIFY (8,000 bytes)
      await json(`${other.url}/api/tournaments/${uid}/standings`); // cached there: the write must drop it
      const [m] = await json<Match[]>(`${server.url}/api/tournaments/${uid}/matches?round=1`);

      payloads.length = 0;
      await ok(await host.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team2Id}`, { team1Wins: 0, team2Wins: 2 }));
      const { version } = await json<Tournament>(`${server.url}/api/tournaments/${uid}`);
      const board = JSON.parse((await theirs.frame('MESSAGE')).body) as Scoreboard;
      expect(board).toMatchObject({ uid, version, full: false, change: 'override' });
      expect(board.matches.map((x) => [x.id, x.complete, x.outcome?.winnerTeamId])).toEqual([[m!.id, true, m!.team2Id]]);
      const standings = JSON.parse((await theirs.frame('MESSAGE')).body) as Standings;
      expect(standings).toMatchObject({ uid, version });
      expect(standings.rows.find((r) => r.teamId === m!.team2Id)).toMatchObject({ wins: 1, points: 3 });

      // the cache notice of the write's transaction, then one change notice: no view, no chunks
      // (notices of earlier tests' events may still arrive: this event's are told by its uid)
      await expect.poll(() => payloads.some((p) => p.includes('!b:tournament') && p.includes(uid))).toBe(true);
      for (const p of payloads) {
        expect(p.length).toBeLessThan(1000);
        const parsed = JSON.parse(p) as { t?: string; c?: string };
        expect(parsed.c).toBeUndefined();
        expect(parsed.t?.startsWith('/topic/')).toBe(false);
      }
      const notice = payloads.map((p) => JSON.parse(p) as { t: string; b: string }).find((p) => p.t === '!b:tournament' && p.b.includes(uid))!;
      expect(JSON.parse(notice.b)).toEqual({ uid, version, change: 'override', touched: [m!.id] });
    });

    test('a request on one instance is answered there alone: nothing crosses, a subscriber of the other gets nothing', async () => {
      const { uid, probe: theirs } = await startedEvent(64, other.url);
      const asker = await subscribe(server.url, uid);
      payloads.length = 0;
      request(asker, uid, 'scoreboard');
      request(asker, uid, 'standings');
      const answers = await Promise.all([asker.frame('MESSAGE'), asker.frame('MESSAGE')]);
      expect(answers.map((f) => f.headers.subscription).sort()).toEqual(['0', '1']);

      // a mark of our own on the channel: whatever the requests made cross would be heard before it
      await watcher.query(`NOTIFY ${CHANNEL}, 'mark'`);
      await expect.poll(() => payloads.includes('mark')).toBe(true);
      expect(payloads.filter((p) => p.includes(uid))).toEqual([]); // (earlier tests' events may still be heard)
      // the other instance's subscriber: the first message it sees is the answer to its own request
      request(theirs, uid, 'scoreboard');
      const own = JSON.parse((await theirs.frame('MESSAGE')).body) as Scoreboard;
      expect(own).toMatchObject({ uid, change: 'request' });
      expect(theirs.frames).toEqual([]);
    });
  });
}
