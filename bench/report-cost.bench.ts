// What one score report costs the server alone (issue 40: the event night's report path): the
// server in this process on the embedded database, a 4,096-team Swiss event started, then both
// players of BENCH_MATCHES matches report one after another through app.inject (no sockets, no live
// pages, no other load), the process's CPU counted around them. The first side's reports and the
// completing ones are counted apart, after a warm-up of 100 matches. Figures, not assertions; the
// event-night bench says what a report costs among everything else of an event night.
//
// BENCH_TEAMS (4096), BENCH_MATCHES (1000).
import { randomUUID } from 'node:crypto';
import { startTestServer, TestClient } from '../src/server/test/test-server.ts';
import { setAuth } from '../src/server/features/users/users-repository.ts';
import { fmt } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 4096);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 1000);
const WARM = 100;
const CHUNK = 100;
const ADMIN = '100000000000000001';

// the demo data, as the event-night bench's server has it: the event gets the site's current banlist
const server = await startTestServer({ RATE_LIMIT_SCALE: '1000', DEMO_DATA: '1' }, { rateLimitScale: 1000 });
try {
  const admin = new TestClient(server.url);
  await admin.signIn(ADMIN, 'Ada');
  await setAuth(server.database.db, ADMIN, 2);
  const ok = async (res: Response) => {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json();
  };
  const { uid } = (await ok(await admin.post('/api/tournaments/host', { name: `Report cost ${randomUUID().slice(0, 4)}`, manualDeckChecking: false }))) as { uid: string };
  await ok(await admin.post(`/api/tournaments/${uid}/seed-test?count=${TEAMS}`));
  const participants = (await ok(await admin.get(`/api/tournaments/${uid}/participants`))) as { discordId: string; teamUid: string; displayName: string }[];
  await ok(await admin.post(`/api/tournaments/${uid}/start`));
  const matches = ((await ok(await admin.get(`/api/tournaments/${uid}/matches?round=1`))) as { id: number; complete: boolean; team1Id: string | null; team2Id: string | null }[])
    .filter((m) => !m.complete && m.team1Id && m.team2Id).slice(0, WARM + MATCHES);
  const playerOf = new Map(participants.map((p) => [p.teamUid, p]));
  const cookies = new Map<string, string>();
  for (const m of matches) {
    for (const team of [m.team1Id!, m.team2Id!]) {
      const p = playerOf.get(team)!;
      const c = new TestClient(server.url);
      await c.signIn(p.discordId, p.displayName);
      cookies.set(team, c.cookieHeader());
    }
  }
  const report = async (m: (typeof matches)[number], team: string, won: number) => {
    const res = await server.app.inject({
      method: 'POST', url: `/api/tournaments/${uid}/matches/${m.id}/report-score`,
      headers: { cookie: cookies.get(team)!, origin: server.url, host: new URL(server.url).host, 'content-type': 'application/json' },
      payload: JSON.stringify({ gamesWon: won, gamesLost: 2 - won }),
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (const m of matches.slice(0, WARM)) {
    await report(m, m.team1Id!, 2);
    await report(m, m.team2Id!, 0);
  }
  // counted in chunks of CHUNK reports: on a shared machine the median chunk says what a report
  // costs, whatever another process took from this one meanwhile
  const measured = matches.slice(WARM);
  const chunks = (side: 1 | 2) => {
    const out: number[] = [];
    return (async () => {
      for (let i = 0; i < measured.length; i += CHUNK) {
        const part = measured.slice(i, i + CHUNK);
        const t0 = cpu();
        for (const m of part) await (side === 1 ? report(m, m.team1Id!, 2) : report(m, m.team2Id!, 0));
        out.push((cpu() - t0) / part.length);
      }
      return out.sort((a, b) => a - b);
    })();
  };
  const wall = performance.now();
  const first = await chunks(1);
  const completing = await chunks(2);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  console.log(`${TEAMS} teams, ${measured.length} matches reported by both sides, one at a time, embedded database (${fmt((performance.now() - wall) / 1000, 1)} s):`);
  console.log(`  CPU a report (median of ${first.length} chunks of ${CHUNK}; least): first side ${fmt(median(first), 2)} ms (${fmt(first[0]!, 2)}), completing ${fmt(median(completing), 2)} ms (${fmt(completing[0]!, 2)})`);
} finally {
  await server.close();
}
process.exit(0);
