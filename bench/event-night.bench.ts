// Issue 19's event-night figures: a 4,096-team Swiss event through the HTTP API, on the embedded
// database and on PostgreSQL, with 50 live pages open (each subscribed to the scoreboard and the
// standings, as the tournament page is). For each round played: both players of every match report
// in a random order, each request timed; then Next Round. The reports arrive as players send them,
// at BENCH_RATE a second (200, the issue's figure: open loop, each sent on time whatever the ones
// before it; the p99 is then the latency a player sees at that load); BENCH_RATE=0 sends them as
// fast as the server takes them instead, BENCH_IN_FLIGHT at a time (its capacity; latency there is
// mostly the queue of the others in flight).
// Prints reports a second, report latency p50/p95/p99, Next Round per round, and the targets and the
// figures before decision 019 beside them. Figures, not assertions.
//
// BENCH_TEAMS (4096), BENCH_PAGES (50 live pages), BENCH_ROUNDS (3 Swiss rounds; `all` plays to the champion), BENCH_IN_FLIGHT
// (48), BENCH_DB (`pglite,postgres`); PostgreSQL from TEST_DATABASE_URL or BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test), skipped with a line when none answers.
// BENCH_CPU_PROF=dir writes the server's V8 CPU profile there (read it with bench/cpu-profile.ts).
import fs from 'node:fs';
import pg from 'pg';
import { TestClient } from '../src/server/test/test-server.ts';
import { createPostgresDatabase } from '../src/server/test/test-databases.ts';
import { fmt, startServer } from './lib.ts';
import { livePages } from './live-pages.ts';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 4096);
const ROUNDS = process.env.BENCH_ROUNDS === 'all' ? Infinity : Number(process.env.BENCH_ROUNDS ?? 3);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 48);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SUBSCRIBERS = Number(process.env.BENCH_PAGES ?? 50);
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const ADA = '100000000000000001'; // a demo admin
/** Issue 19's targets. */
const TARGET = { nextRoundMs: 1000, reportsPerS: 200, p99Ms: 100 };
/** Before decision 019 (the same bench at 48 reports in flight, BENCH_RATE=0; this machine; docs/decisions/019-event-night-speed.md). */
const BEFORE: Record<string, string> = {
  pglite: 'Next Round 6,715–7,268 ms (CPU 4.7–5.1 s), start 24.3 s; reports 18–25/s, p99 3,556–9,114 ms, 22.8–23.8 ms server CPU a report',
  postgres: 'Next Round 3,666–14,596 ms (CPU 1.4–2.1 s), start 18.1 s; reports 23–25/s, p99 6,349–11,217 ms, 8.8–8.9 ms server CPU a report',
};

async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
/** At most this many reports wait for an answer: past it a server that cannot keep up is not sent more (the rate shows it). */
const MAX_OUTSTANDING = 256;
/** Open loop: item i starts at i / rate seconds, whether or not the ones before it have answered (up to MAX_OUTSTANDING). */
async function paced<T>(items: T[], rate: number, work: (item: T) => Promise<void>) {
  const t0 = performance.now();
  const running = new Set<Promise<void>>();
  for (const [i, item] of items.entries()) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (running.size >= MAX_OUTSTANDING) await Promise.race(running);
    const p: Promise<void> = work(item).finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
}
async function ok(res: Response) {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
}
/** CPU time (user + system) the server process has used, in ms: on a shared machine, what a change saves shows here even when the clock does not. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in ticks of 1/100 s
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/** A seeded shuffle: every run reports in the same order. */
function shuffle<T>(xs: T[], seed: number): T[] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

interface RoundFigures { round: number; reports: number; seconds: number; perS: number; p50: number; p95: number; p99: number; cpuPerReport: number; nextMs: number; nextCpuMs: number; last: boolean }

async function run(db: string, extraEnv: Record<string, string>, port: number): Promise<RoundFigures[]> {
  const profDir = process.env.BENCH_CPU_PROF;
  const server = await startServer(port, { RATE_LIMIT_SCALE: '1000', ...extraEnv },
    profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${db}-${Date.now()}.cpuprofile`] : []);
  const figures: RoundFigures[] = [];
  try {
    const admin = new TestClient(server.url);
    await admin.signIn(ADA, 'Ada');
    const { uid } = (await ok(await admin.post('/api/tournaments/host', { name: 'Event Night Open', manualDeckChecking: false }))) as { uid: string };
    const t0 = performance.now();
    await ok(await admin.post(`/api/tournaments/${uid}/seed-test?count=${TEAMS}`));
    const participants = (await ok(await admin.get(`/api/tournaments/${uid}/participants`))) as { discordId: string; teamUid: string; displayName: string }[];
    const clients = new Map<string, TestClient>();
    await pool(participants, 32, async (p) => {
      const c = new TestClient(server.url);
      await c.signIn(p.discordId, p.displayName);
      clients.set(p.teamUid, c);
    });
    const pages = await livePages(server.url, uid, SUBSCRIBERS);
    const tStart = performance.now();
    const started = (await ok(await admin.post(`/api/tournaments/${uid}/start`))) as { roundCount: number };
    console.log(`[${db}] ${TEAMS} teams seeded and signed in in ${fmt((tStart - t0) / 1000, 1)} s; ${SUBSCRIBERS} live pages; start ${fmt(performance.now() - tStart)} ms; ${started.roundCount} rounds`);
    for (let round = 1; round <= ROUNDS; round++) {
      const matches = (await ok(await admin.get(`/api/tournaments/${uid}/matches?round=${round}`))) as { id: number; complete: boolean; team1Id: string | null; team2Id: string | null }[];
      const open = matches.filter((m) => !m.complete && m.team1Id && m.team2Id);
      const reports = shuffle(open.flatMap((m) => [{ m, team: m.team1Id!, won: 2 }, { m, team: m.team2Id!, won: 0 }]), round);
      const times: number[] = [];
      const tRound = performance.now();
      const cpuRound = cpuMs(server.pid);
      const report = async ({ m, team, won }: (typeof reports)[number]) => {
        const t = performance.now();
        await ok(await clients.get(team)!.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: won, gamesLost: 2 - won }));
        times.push(performance.now() - t);
      };
      if (RATE > 0) await paced(reports, RATE, report);
      else await pool(reports, IN_FLIGHT, report);
      const seconds = (performance.now() - tRound) / 1000;
      const cpuPerReport = (cpuMs(server.pid) - cpuRound) / reports.length;
      times.sort((a, b) => a - b);
      const state = (await ok(await admin.get(`/api/tournaments/${uid}`))) as { currentRound: number; roundCount: number; championTeamUid: string | null };
      const last = state.championTeamUid !== null || state.currentRound >= state.roundCount;
      const tNext = performance.now();
      const cpuNext = cpuMs(server.pid);
      await ok(await admin.post(`/api/tournaments/${uid}/${last ? 'winner' : 'next-round'}`));
      const nextMs = performance.now() - tNext;
      const f = { round, reports: reports.length, seconds, perS: reports.length / seconds, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), cpuPerReport, nextMs, nextCpuMs: cpuMs(server.pid) - cpuNext, last };
      figures.push(f);
      console.log(`[${db}] round ${String(round).padStart(2)}: ${String(f.reports).padStart(4)} reports in ${fmt(seconds, 1)} s = ${fmt(f.perS)}/s, p50 ${fmt(f.p50)} ms, p95 ${fmt(f.p95)} ms, p99 ${fmt(f.p99)} ms, server CPU ${fmt(f.cpuPerReport, 2)} ms a report; ${last ? 'winner' : 'next round'} ${fmt(f.nextMs)} ms (CPU ${fmt(f.nextCpuMs)} ms)`);
      if (last) break;
    }
    // the messages of the last Next Round (a large event's come at most once a second) and the pages'
    // reads after them are done before they are counted
    await new Promise((r) => setTimeout(r, 3000));
    const got = await pages.counts();
    if (SUBSCRIBERS) console.log(`[${db}] each live page received ${Math.min(...got.messages)}..${Math.max(...got.messages)} messages (${fmt(got.bytes[0]! / 1e6, 1)} MB)`);
    await pages.close();
  } finally {
    await server.stop();
  }
  return figures;
}

function summary(db: string, figures: RoundFigures[]): string {
  if (!figures.length) return 'no rounds';
  const next = figures.filter((f) => !f.last).map((f) => f.nextMs);
  const perS = figures.map((f) => f.perS);
  const p99 = figures.map((f) => f.p99);
  const range = (xs: number[], digits = 0) => (xs.length ? `${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}` : '—');
  const met = (good: boolean) => (good ? 'met' : 'NOT met');
  const nextCpu = figures.filter((f) => !f.last).map((f) => f.nextCpuMs / 1000);
  return `${db}: Next Round ${range(next)} ms (CPU ${range(nextCpu, 1)} s; target ≤ ${TARGET.nextRoundMs}: ${met(Math.max(...next, 0) <= TARGET.nextRoundMs)}); `
    // sent at a fixed rate, a round lasts (reports / rate) s plus the last answer: kept up within 2%
    + `reports ${range(perS)}/s (≥ ${TARGET.reportsPerS}: ${met(Math.min(...perS) >= TARGET.reportsPerS * (RATE > 0 ? 0.98 : 1))}), `
    + `p99 ${range(p99)} ms (≤ ${TARGET.p99Ms}: ${met(Math.max(...p99) <= TARGET.p99Ms)}), `
    + `${range(figures.map((f) => f.cpuPerReport), 1)} ms server CPU a report`;
}

const results: [string, RoundFigures[]][] = [];
let port = 8260;
for (const db of DATABASES) {
  if (db === 'pglite') results.push([db, await run(db, {}, port++)]);
  else if (db === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    try {
      await new pg.Client({ connectionString: adminUrl }).connect().then((c) => c.end());
    } catch (e) {
      console.log(`[postgres] skipped: no PostgreSQL at ${adminUrl} (${(e as Error).message}); set BENCH_DATABASE_URL`);
      continue;
    }
    process.env.TEST_DATABASE_URL = adminUrl;
    const database = await createPostgresDatabase('fh_bench');
    try {
      results.push([db, await run(db, { DATABASE_URL: database.url }, port++)]);
    } finally {
      await database.drop();
    }
  }
}
console.log(`\n${TEAMS} teams, ${RATE > 0 ? `reports sent at ${RATE} a second` : `${IN_FLIGHT} reports in flight`}, ${SUBSCRIBERS} live pages:`);
for (const [db, figures] of results) {
  console.log(`  now    ${summary(db, figures)}`);
  console.log(`  before ${db}: ${BEFORE[db] ?? '—'}`);
}
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(Object.fromEntries(results), null, 2));
process.exit(0);
