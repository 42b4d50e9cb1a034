// A 1,024-team Swiss → top 8 event from sign-up to champion through the HTTP API, as a busy event
// night would drive it: Seed Test Data, Start, then for every round both players of every match
// report (32 at a time), Next Round, and finally Mark Winner. Prints the total, each round and
// the server's memory (RSS, for the README's machine sizes).
// Figures, not assertions.
import fs from 'node:fs';
import { TestClient } from '../src/server/test/test-server.ts';
import { fmt, startServer } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 1024);
const CONCURRENCY = 32;
const ADA = '100000000000000001'; // a demo admin

async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
async function ok(res: Response) {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
}

const server = await startServer(8250, { RATE_LIMIT_SCALE: '1000' });
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, rssMb(server.pid)); }, 500);
sampler.unref();
try {
  const admin = new TestClient(server.url);
  await admin.signIn(ADA, 'Ada');
  const { uid } = (await ok(await admin.post('/api/tournaments/host', { name: 'Bench Open', manualDeckChecking: false }))) as { uid: string };
  const t0 = performance.now();
  await ok(await admin.post(`/api/tournaments/${uid}/seed-test?count=${TEAMS}`));
  const participants = (await ok(await admin.get(`/api/tournaments/${uid}/participants`))) as { discordId: string; teamUid: string; displayName: string }[];
  const clients = new Map<string, TestClient>();
  const tSignIn = performance.now();
  await pool(participants, 16, async (p) => {
    const c = new TestClient(server.url);
    await c.signIn(p.discordId, p.displayName);
    clients.set(p.teamUid, c);
  });
  const signIns = performance.now() - tSignIn;
  const tStart = performance.now();
  const started = (await ok(await admin.post(`/api/tournaments/${uid}/start`))) as { roundCount: number };
  console.log(`${TEAMS} teams: seed-test and ${participants.length} sign-ins ${fmt((performance.now() - t0) / 1000, 1)} s (sign-ins ${fmt(signIns / 1000, 1)} s); start ${fmt(performance.now() - tStart)} ms; ${started.roundCount} rounds`);
  let reports = 0;
  for (let round = 1; ; round++) {
    const tRound = performance.now();
    const matches = (await ok(await admin.get(`/api/tournaments/${uid}/matches?round=${round}`))) as { id: number; complete: boolean; team1Id: string | null; team2Id: string | null }[];
    const open = matches.filter((m) => !m.complete && m.team1Id && m.team2Id);
    await pool(open, CONCURRENCY, async (m) => {
      await ok(await clients.get(m.team1Id!)!.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 2, gamesLost: 0 }));
      await ok(await clients.get(m.team2Id!)!.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 0, gamesLost: 2 }));
      reports += 2;
    });
    const reported = performance.now() - tRound;
    const state = (await ok(await admin.get(`/api/tournaments/${uid}`))) as { currentRound: number; roundCount: number; championTeamUid: string | null };
    const tNext = performance.now();
    const last = state.championTeamUid !== null || state.currentRound >= state.roundCount;
    await ok(await admin.post(`/api/tournaments/${uid}/${last ? 'winner' : 'next-round'}`));
    console.log(`round ${String(round).padStart(2)}: ${String(open.length).padStart(4)} matches, ${open.length * 2} reports in ${fmt(reported / 1000, 2)} s (${fmt((open.length * 2) / (reported / 1000))} reports/s); ${last ? 'winner' : 'next round'} ${fmt(performance.now() - tNext)} ms`);
    if (last) break;
  }
  console.log(`sign-up to champion: ${fmt((performance.now() - t0) / 1000, 1)} s, ${reports} reports; server RSS ${fmt(rssMb(server.pid))} MB (peak ${fmt(peakRss)} MB)`);
} finally {
  await server.stop();
}
process.exit(0);
