// Two instances on one PostgreSQL behind a round-robin proxy (http-proxy-3), as a host would run
// the site behind a load balancer: a 1,024-team tournament's first round of reports (2 per match)
// sent through the proxy, so writes alternate between instances, while raw STOMP subscribers on
// each instance follow the scoreboard. Checks that nothing is lost (every match complete, every
// subscriber saw every completion) and prints the figures.
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import pg from 'pg';
import WebSocket from 'ws';
import { TestClient } from '../src/server/test/test-server.ts';
import { createPostgresDatabase } from '../src/server/test/test-databases.ts';
import { fmt } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 1024);
const SUBSCRIBERS_PER_INSTANCE = 50;
const ADA = '100000000000000001';
const PORTS = [8310, 8311];
const PROXY = 8312;

process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
try {
  await new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }).connect().then((c) => c.end());
} catch (e) {
  console.log(`skipped: no PostgreSQL at ${process.env.TEST_DATABASE_URL} (${(e as Error).message}); set BENCH_DATABASE_URL`);
  process.exit(0);
}
const database = await createPostgresDatabase('fh_bench');
const children: ChildProcess[] = [];

async function instance(port: number, demo: boolean) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, DEMO_DATA: demo ? '1' : '0', TEST_DATA: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fh-lb-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance on ${port} did not start`);
}

async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (next < items.length) await work(items[next++]!); }));
}
const ok = async (res: Response) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
};

/** A raw STOMP subscriber that remembers every match it saw completed. */
function subscriber(port: number, topic: string): Promise<{ completed: Set<number>; messages: () => number; close(): void }> {
  const completed = new Set<number>();
  let messages = 0;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/websocket`, ['v12.stomp']);
    ws.on('error', reject);
    ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:x\nheart-beat:0,0\n\n\0'));
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('CONNECTED')) ws.send(`SUBSCRIBE\nid:0\ndestination:${topic}\nreceipt:r\n\n\0`);
      else if (text.startsWith('RECEIPT')) resolve({ completed, messages: () => messages, close: () => ws.terminate() });
      else if (text.startsWith('MESSAGE')) {
        messages++;
        const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'))) as { matches: { id: number; complete: boolean }[] };
        for (const m of body.matches) if (m.complete) completed.add(m.id);
      }
    });
  });
}

try {
  if (!fs.existsSync('dist/server/main.mjs')) throw new Error('run `npm run build` first');
  await instance(PORTS[0]!, true); // seeds the demo data once
  await instance(PORTS[1]!, false);
  let turn = 0;
  const proxy = createProxyServer({});
  proxy.on('error', (_e, _req, res) => { if (res && 'writeHead' in res) (res as http.ServerResponse).writeHead(502).end(); });
  // Sign-in goes to the first instance: the demo identity provider keeps its one-time codes in
  // that process's memory (real Discord is one service for both). Everything else alternates.
  const signIn = (u = '') => u.startsWith('/demo-discord') || u.startsWith('/api/oauth/');
  const front = http.createServer((req, res) => proxy.web(req, res, { target: `http://127.0.0.1:${signIn(req.url) ? PORTS[0] : PORTS[turn++ % 2]}` }));
  front.on('upgrade', (req, socket, head) => proxy.ws(req, socket, head, { target: `http://127.0.0.1:${PORTS[turn++ % 2]}` }));
  await new Promise<void>((r) => front.listen(PROXY, '127.0.0.1', r));
  const url = `http://127.0.0.1:${PROXY}`;

  const admin = new TestClient(url);
  await admin.signIn(ADA, 'Ada');
  const { uid } = (await ok(await admin.post('/api/tournaments/host', { name: 'Load-balanced Open', manualDeckChecking: false }))) as { uid: string };
  await ok(await admin.post(`/api/tournaments/${uid}/seed-test?count=${TEAMS}`));
  const participants = (await ok(await admin.get(`/api/tournaments/${uid}/participants`))) as { discordId: string; teamUid: string; displayName: string }[];
  const players = new Map<string, TestClient>();
  await pool(participants, 16, async (p) => {
    const c = new TestClient(url);
    await c.signIn(p.discordId, p.displayName);
    players.set(p.teamUid, c);
  });
  await ok(await admin.post(`/api/tournaments/${uid}/start`));
  const topic = `/topic/tournaments/${uid}/scoreboard`;
  const subs = await Promise.all(PORTS.flatMap((port) => Array.from({ length: SUBSCRIBERS_PER_INSTANCE }, () => subscriber(port, topic))));
  const matches = ((await ok(await admin.get(`/api/tournaments/${uid}/matches?round=1`))) as { id: number; complete: boolean; team1Id: string | null; team2Id: string | null }[])
    .filter((m) => !m.complete && m.team1Id && m.team2Id);

  const t0 = performance.now();
  let reports = 0;
  await pool(matches, 32, async (m) => {
    await ok(await players.get(m.team1Id!)!.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 2, gamesLost: 1 }));
    await ok(await players.get(m.team2Id!)!.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 1, gamesLost: 2 }));
    reports += 2;
  });
  const sent = performance.now() - t0;
  // the last messages are at most 100 ms behind the last write, then cross PostgreSQL
  const want = new Set(matches.map((m) => m.id));
  const until = Date.now() + 10_000;
  while (Date.now() < until && subs.some((s) => s.completed.size < want.size)) await new Promise((r) => setTimeout(r, 50));
  const allSeen = performance.now() - t0;

  const stored = (await ok(await admin.get(`/api/tournaments/${uid}/matches?round=1`))) as { complete: boolean; bye: boolean }[];
  const incomplete = stored.filter((m) => !m.complete).length;
  const missing = subs.map((s) => [...want].filter((id) => !s.completed.has(id)).length);
  const messages = subs.map((s) => s.messages());
  console.log(`${TEAMS} teams on 2 instances behind a round-robin proxy, one PostgreSQL; ${subs.length} subscribers (${SUBSCRIBERS_PER_INSTANCE} per instance)`);
  console.log(`round 1: ${matches.length} matches, ${reports} reports in ${fmt(sent / 1000, 2)} s (${fmt(reports / (sent / 1000))} reports/s through the proxy)`);
  console.log(`every subscriber had every completion ${fmt(allSeen - sent)} ms after the last report; messages per subscriber ${Math.min(...messages)}..${Math.max(...messages)} (coalesced)`);
  console.log(`lost: ${incomplete} matches not complete in the database, ${Math.max(...missing)} completions missing at the worst subscriber`);
  // each instance's cached reads, straight after the round: the same bytes on both (the notice of every write reached the other)
  const reads = ['standings', 'scoreboard', 'matches?round=1'];
  const differ: string[] = [];
  for (const r of reads) {
    const [a, b] = await Promise.all(PORTS.map(async (port) => (await fetch(`http://127.0.0.1:${port}/api/tournaments/${uid}/${r}`)).text()));
    if (a !== b) differ.push(r);
  }
  console.log(`cached reads on the two instances: ${differ.length === 0 ? `the same (${reads.join(', ')})` : `DIFFER: ${differ.join(', ')}`}`);
  for (const s of subs) s.close();
  front.close();
  proxy.close();
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await database.drop();
}
process.exit(0);
