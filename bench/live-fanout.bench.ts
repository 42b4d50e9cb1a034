// How long a write takes to reach every subscribed STOMP client, beside the bare broker
// delivering the same message (in-process deliver(), no HTTP, no database): a judgement vote to
// the board's subscribers, and a tournament score report to the scoreboard's. The clients are raw
// WebSocket STOMP peers in child processes, so the load generator shares neither event loop.
// Median of several messages; target ratio <= 2, and at most 300 ms for 10,000 clients.
// Crowds of 1,000, 5,000 and 10,000 (about 4 minutes); LIVE_CLIENTS=1000 runs one crowd.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { fmt, okResponse as ok, startServer } from './lib.ts';

const CROWDS = (process.env.LIVE_CLIENTS ?? '1000,5000,10000').split(',').map(Number);
const MESSAGES = 21;
const WARMUP = 3;
const JUDGEMENT = '/topic/judgement';
const ADA = '100000000000000001';
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- child process: CLIENTS / CHILDREN raw STOMP subscribers --------------------------------
async function runClients(wsUrl: string, count: number, cookie: string, topic: string) {
  const counts = new Array<number>(count).fill(0);
  let target = 0;
  let done = 0;
  const sockets: WebSocket[] = [];
  const openOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      // the board is for signed-in users: every subscriber carries Ada's session cookie
      const ws = new WebSocket(wsUrl, ['v12.stomp'], { headers: cookie ? { cookie } : {} });
      sockets.push(ws);
      ws.on('error', reject);
      ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:0,0\n\n\0'));
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.startsWith('CONNECTED')) ws.send(`SUBSCRIBE\nid:0\ndestination:${topic}\nreceipt:ready\n\n\0`);
        else if (text.startsWith('RECEIPT')) resolve();
        else if (text.startsWith('MESSAGE') && ++counts[i]! === target && ++done === count) {
          process.send!({ type: 'received', n: target, at: now() });
        }
      });
    });
  for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => openOne(i + k)));
  process.on('message', (msg: { type: string; n?: number }) => {
    if (msg.type === 'expect') {
      target = msg.n!;
      done = counts.filter((c) => c >= target).length;
    } else if (msg.type === 'stop') {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready' });
}

// ---- parent ---------------------------------------------------------------------------------
interface Children {
  /** resolves with the time the last client of every child got message n */
  expect(n: number): Promise<number>;
  stop(): void;
}

async function startClients(wsUrl: string, clients: number, topic: string, cookie = ''): Promise<Children> {
  const CHILDREN = Math.max(2, Math.ceil(clients / 2500));
  const self = fileURLToPath(import.meta.url);
  const children: ChildProcess[] = [];
  const waiting = new Map<ChildProcess, (at: number) => void>();
  await Promise.all(
    Array.from({ length: CHILDREN }, () => {
      const child = fork(self, ['clients', wsUrl, String(Math.ceil(clients / CHILDREN)), cookie, topic], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        child.on('exit', (code) => { if (code) reject(new Error(`client process exited with ${code}`)); });
        child.on('message', (msg: { type: string; at?: number }) => {
          if (msg.type === 'ready') resolve();
          if (msg.type === 'received') waiting.get(child)?.(msg.at!);
        });
      });
    }),
  );
  return {
    expect: async (n) => {
      const times = await Promise.all(
        children.map((child) => new Promise<number>((resolve) => {
          waiting.set(child, resolve);
          child.send({ type: 'expect', n });
        })),
      );
      return Math.max(...times);
    },
    stop: () => { for (const c of children) c.send({ type: 'stop' }); },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Arm the children for message n, send it, time until their last client has it. */
async function round(children: Children, n: number, send: () => Promise<void>): Promise<number> {
  const received = children.expect(n);
  await sleep(20); // let the children arm
  const t0 = now();
  await send();
  return (await received) - t0;
}

/**
 * Both at once, rounds interleaved (a site message, then a bare one), so the noise of a shared
 * machine falls on both alike: the real site in its own process (PGlite, demo data) where Ada
 * votes over HTTP, and the broker alone on a bare http server in this process.
 */
interface Scenario {
  label: string;
  topic: string;
  /** the write whose message the clients wait for; returns the body the bare broker sends */
  write(): Promise<string>;
  cookie: string;
}

async function run(clients: number) {
  const { TestClient } = await import('../src/server/test/test-server.ts');
  const { Broker, DEFAULT_BROKER_OPTIONS } = await import('../src/server/realtime/broker.ts');
  const { installTransports } = await import('../src/server/realtime/transports.ts');
  const site = await startServer(8240, { RATE_LIMIT_SCALE: '1000' });
  const bareServer = http.createServer((_req, res) => res.writeHead(404).end());
  const broker = new Broker({ ...DEFAULT_BROKER_OPTIONS, maxSubscriptions: 100, onSend: () => {} });
  const transports = installTransports(bareServer, broker, { allowed: new Set(), loopback: true }, async () => null, () => {});
  await new Promise<void>((r) => bareServer.listen(8242, '127.0.0.1', r));
  const results: { label: string; siteTimes: number[]; bareTimes: number[]; answered: number[]; bytes: number }[] = [];
  try {
    const ada = new TestClient(site.url);
    await ada.signIn(ADA, 'Ada');

    // the judgement board: an admin's vote
    const list = await (await fetch(`${site.url}/api/banlists/2026-07-01`)).text();
    const cardId = Number(/"cardId":(\d+)/.exec(list)?.[1]);
    const entry = (await (await ok(await ada.post('/api/judgement', { cardId, reason: 'Benchmark entry' }))).json()) as { id: number };
    let i = 0;
    const vote: Scenario = {
      label: 'judgement vote', topic: JUDGEMENT, cookie: ada.cookieHeader(),
      write: async () => (await ok(await ada.post(`/api/judgement/${entry.id}/vote?adminId=${ADA}&vote=${['0', '1', '2', '3'][i++ % 4]}`))).text(),
    };

    // a tournament: a player's score report of a running match
    const { uid } = (await (await ok(await ada.post('/api/tournaments/host', { name: 'Bench live', manualDeckChecking: false }))).json()) as { uid: string };
    await ok(await ada.post(`/api/tournaments/${uid}/seed-test?count=2`));
    await ok(await ada.post(`/api/tournaments/${uid}/start`));
    const [match] = (await (await ok(await ada.get(`/api/tournaments/${uid}/matches`))).json()) as { id: number; team1Id: string }[];
    const t = (await (await ok(await ada.get(`/api/tournaments/${uid}`))).json()) as { teams: { uid: string; captainDiscordId: string }[] };
    const player = new TestClient(site.url);
    await player.signIn(t.teams.find((x) => x.uid === match!.team1Id)!.captainDiscordId, 'Player');
    let k = 0;
    let scoreboardBody = '';
    const report: Scenario = {
      label: 'score report', topic: `/topic/tournaments/${uid}/scoreboard`, cookie: '',
      write: async () => {
        // one side re-reporting (allowed until the other side reports): each is a new score
        await ok(await player.post(`/api/tournaments/${uid}/matches/${match!.id}/report-score`, { gamesWon: k++ % 2 ? 2 : 1, gamesLost: 0 }));
        return scoreboardBody;
      },
    };
    // the bare broker sends a scoreboard message of the real size
    scoreboardBody = await (await ok(await fetch(`${site.url}/api/tournaments/${uid}/scoreboard`))).text();

    for (const scenario of [vote, report]) {
      let body = await scenario.write();
      const answered: number[] = [];
      const timedWrite = async () => {
        const t0 = now();
        body = await scenario.write();
        answered.push(now() - t0);
      };
      const siteClients = await startClients('ws://127.0.0.1:8240/ws/websocket', clients, scenario.topic, scenario.cookie);
      const bareClients = await startClients('ws://127.0.0.1:8242/ws/websocket', clients, scenario.topic);
      try {
        const siteTimes: number[] = [];
        const bareTimes: number[] = [];
        for (let n = 1; n <= WARMUP + MESSAGES; n++) {
          // the site coalesces a tournament's messages within 100 ms: leave more than that between writes
          const s = await round(siteClients, n, timedWrite);
          await sleep(150);
          const b = await round(bareClients, n, async () => { broker.deliver(scenario.topic, body); });
          await sleep(50);
          if (n > WARMUP) {
            siteTimes.push(s);
            bareTimes.push(b);
          }
        }
        results.push({ label: scenario.label, siteTimes, bareTimes, answered: answered.slice(-MESSAGES), bytes: Buffer.byteLength(body) });
      } finally {
        siteClients.stop();
        bareClients.stop();
        await sleep(500);
      }
    }
    return results;
  } finally {
    await transports.shutdown(200);
    bareServer.close();
    // the next crowd's site takes the same port
    await site.stop();
  }
}

if (process.argv[2] === 'clients') {
  await runClients(process.argv[3]!, Number(process.argv[4]), process.argv[5] ?? '', process.argv[6]!);
} else {
  const range = (xs: number[]) => `(min ${fmt(Math.min(...xs), 1)}, max ${fmt(Math.max(...xs), 1)})`;
  for (const clients of CROWDS) {
    for (const r of await run(clients)) {
      const [s, b] = [median(r.siteTimes), median(r.bareTimes)];
      console.log(`${r.label}: ${clients} subscribed clients, ${r.bytes}-byte message, median of ${MESSAGES}, ms until the last client has it`);
      console.log(`  site: HTTP write + commit + publish  ${fmt(s, 1).padStart(7)}   ${range(r.siteTimes)}   (HTTP response ${fmt(median(r.answered), 1)})`);
      console.log(`  bare broker deliver(), same message  ${fmt(b, 1).padStart(7)}   ${range(r.bareTimes)}`);
      console.log(`  ratio ${fmt(s / b, 2)} (target <= 2)`);
    }
  }
  process.exit(0);
}
