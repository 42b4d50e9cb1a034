// Memory and start-up of the server as `npm start` runs it (compiled, plain node) beside the tsx
// way, on the embedded database with the demo data: RSS after the first start (demo data loaded),
// after a restart, after a load run of mixed reads and writes, and after a soak of mixed use
// (SOAK_MINUTES, default 10). Figures only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { TestClient } from '../src/server/test/test-server.ts';
import { fmt } from './lib.ts';

const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
/** cards the soak proposes on the judgement board (Raigeki, Pot of Greed, Sangan, Kuriboh) */
const SOAK_CARDS = [12580477, 55144522, 26202165, 40640057];
const PORT = 8330;
const url = `http://127.0.0.1:${PORT}`;

/** RSS of a process and its children (tsx runs node in a child), in MB. */
function rssMb(pid: number): number {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const kids = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (kids) pids.push(...kids.split(/\s+/).map(Number));
    } catch { /* gone */ }
  }
  let kb = 0;
  for (const p of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch { /* gone */ }
  }
  return kb / 1024;
}

async function start(how: 'compiled' | 'tsx', dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const args = how === 'compiled' ? [process.execPath, '--enable-source-maps', 'dist/server/main.mjs'] : ['node_modules/.bin/tsx', 'src/server/main.ts'];
  const child = spawn(args[0]!, args.slice(1), {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, ms: performance.now() - t0 };
    } catch { /* starting */ }
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Mixed use: the home page's reads, a banlist, a tournament page, votes and score reports. */
async function mixedUse(seconds: number, connections: number) {
  const admin = new TestClient(url);
  await admin.signIn('100000000000000001', 'Ada');
  const { uid } = (await (await admin.post('/api/tournaments/host', { name: `Soak ${Date.now()}` })).json()) as { uid: string };
  await admin.post(`/api/tournaments/${uid}/seed-test?count=64`);
  await admin.post(`/api/tournaments/${uid}/start`);
  const matches = (await (await admin.get(`/api/tournaments/${uid}/matches`)).json()) as { id: number; team1Id: string; team2Id: string }[];
  let writes = 0;
  const writer = (async () => {
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      const i = writes++;
      const m = matches[i % matches.length]!;
      // a flag and its resolution, a result changed back and forth (standings move), a card proposed and taken back
      await admin.post(`/api/tournaments/${uid}/matches/${m.id}/flag?message=soak`);
      await admin.post(`/api/tournaments/${uid}/matches/${m.id}/resolve-flag`);
      const team1 = i % 2 === 0;
      await admin.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${team1 ? m.team1Id : m.team2Id}`, { team1Wins: team1 ? 2 : 1, team2Wins: team1 ? 1 : 2 });
      const proposed = await admin.post('/api/judgement', { cardId: SOAK_CARDS[i % SOAK_CARDS.length], reason: `soak ${i}` });
      if (proposed.ok) await admin.request('DELETE', `/api/judgement/${((await proposed.json()) as { id: number }).id}`);
      // now and then someone new signs in (sessions pile up as on a real night)
      if (i % 20 === 0) await new TestClient(url).signIn(String(300000000000000000n + BigInt(i)), `Soak ${i}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const reads = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: ['/api/tournaments', '/api/series/summaries', '/api/banlists/dates', '/api/banlists/2026-07-01', `/api/tournaments/${uid}`, `/api/tournaments/${uid}/standings`, '/', '/banlist']
      .map((p) => ({ method: 'GET' as const, path: p })),
  });
  await writer;
  return { reads: reads.requests.total, writes: writes * 5, errors: reads.errors + reads.non2xx };
}

for (const how of ['compiled', 'tsx'] as const) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fh-mem-${how}-`));
  const first = await start(how, dir);
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`${how.padEnd(8)} first start with demo data: ${fmt(first.ms / 1000, 1)} s, ${fmt(rssMb(first.child.pid!))} MB RSS`);
  await stop(first.child);
  const again = await start(how, dir);
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`${how.padEnd(8)} restart: ${fmt(again.ms / 1000, 1)} s, ${fmt(rssMb(again.child.pid!))} MB RSS`);
  if (how === 'compiled') {
    const load = await mixedUse(30, 32);
    console.log(`${how.padEnd(8)} after a 30 s load run (${load.reads} reads at 32 connections, ${load.writes} writes, ${load.errors} errors): ${fmt(rssMb(again.child.pid!))} MB RSS`);
    const soak = await mixedUse(SOAK_MINUTES * 60, 4);
    console.log(`${how.padEnd(8)} after a ${SOAK_MINUTES}-minute soak (${soak.reads} reads at 4 connections, ${soak.writes} writes, ${soak.errors} errors): ${fmt(rssMb(again.child.pid!))} MB RSS`);
  }
  await stop(again.child);
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
