// How long a judgement vote (HTTP write, commit, publish) takes to reach 1,000 subscribed
// STOMP clients, beside the bare broker delivering the same message (in-process deliver(),
// no HTTP, no database). The clients are raw WebSocket STOMP peers in child processes, so
// the load generator shares neither event loop. Median of several messages; target ratio <= 2.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { fmt, startServer } from './lib.ts';

const CLIENTS = 1000;
const CHILDREN = 2;
const MESSAGES = 21;
const WARMUP = 3;
const TOPIC = '/topic/judgement';
const ADA = '100000000000000001';
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- child process: CLIENTS / CHILDREN raw STOMP subscribers --------------------------------
async function runClients(wsUrl: string, count: number) {
  const counts = new Array<number>(count).fill(0);
  let target = 0;
  let done = 0;
  const sockets: WebSocket[] = [];
  const openOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(wsUrl, ['v12.stomp']);
      sockets.push(ws);
      ws.on('error', reject);
      ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:0,0\n\n\0'));
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.startsWith('CONNECTED')) ws.send(`SUBSCRIBE\nid:0\ndestination:${TOPIC}\nreceipt:ready\n\n\0`);
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

async function startClients(wsUrl: string): Promise<Children> {
  const self = fileURLToPath(import.meta.url);
  const children: ChildProcess[] = [];
  const waiting = new Map<ChildProcess, (at: number) => void>();
  await Promise.all(
    Array.from({ length: CHILDREN }, () => {
      const child = fork(self, ['clients', wsUrl, String(CLIENTS / CHILDREN)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
async function run() {
  const { TestClient } = await import('../src/server/test/test-server.ts');
  const { Broker, DEFAULT_BROKER_OPTIONS } = await import('../src/server/realtime/broker.ts');
  const { installTransports } = await import('../src/server/realtime/transports.ts');
  const site = await startServer(8240);
  const bareServer = http.createServer((_req, res) => res.writeHead(404).end());
  const broker = new Broker({ ...DEFAULT_BROKER_OPTIONS, onSend: () => {} });
  const transports = installTransports(bareServer, broker, { allowed: new Set(), loopback: true }, () => {});
  await new Promise<void>((r) => bareServer.listen(8242, '127.0.0.1', r));
  const groups: Children[] = [];
  try {
    const ada = new TestClient(site.url);
    await ada.signIn(ADA, 'Ada');
    const list = await (await fetch(`${site.url}/api/banlists/2026-07-01`)).text();
    const cardId = Number(/"cardId":(\d+)/.exec(list)?.[1]);
    const created = await ada.post('/api/judgement', { cardId, reason: 'Benchmark entry' });
    if (created.status !== 201) throw new Error(`could not create an entry: ${created.status} ${await created.text()}`);
    const entry = (await created.json()) as { id: number };
    let i = 0;
    let body = '';
    const answered: number[] = [];
    const vote = async () => {
      const t0 = now();
      const res = await ada.post(`/api/judgement/${entry.id}/vote?adminId=${ADA}&vote=${['0', '1', '2', '3'][i++ % 4]}`);
      if (res.status !== 200) throw new Error(`vote answered ${res.status}`);
      body = await res.text(); // the entry: what the vote publishes
      answered.push(now() - t0);
    };
    await vote();
    const siteClients = await startClients('ws://127.0.0.1:8240/ws/websocket');
    groups.push(siteClients);
    const bareClients = await startClients('ws://127.0.0.1:8242/ws/websocket');
    groups.push(bareClients);
    const siteTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let n = 1; n <= WARMUP + MESSAGES; n++) {
      const s = await round(siteClients, n, vote);
      await sleep(50);
      const b = await round(bareClients, n, async () => { broker.deliver(TOPIC, body); });
      await sleep(50);
      if (n > WARMUP) {
        siteTimes.push(s);
        bareTimes.push(b);
      }
    }
    return { siteTimes, bareTimes, answered: answered.slice(-MESSAGES), bytes: Buffer.byteLength(body) };
  } finally {
    for (const g of groups) g.stop();
    await transports.shutdown(200);
    bareServer.close();
    site.stop();
  }
}

if (process.argv[2] === 'clients') {
  await runClients(process.argv[3]!, Number(process.argv[4]));
} else {
  const { siteTimes, bareTimes, answered, bytes } = await run();
  const [s, b] = [median(siteTimes), median(bareTimes)];
  const range = (xs: number[]) => `(min ${fmt(Math.min(...xs), 1)}, max ${fmt(Math.max(...xs), 1)})`;
  console.log(`${CLIENTS} subscribed clients, ${bytes}-byte message, median of ${MESSAGES}, ms until the last client has it`);
  console.log(`vote: HTTP write + commit + publish  ${fmt(s, 1).padStart(7)}   ${range(siteTimes)}`);
  console.log(`  (its HTTP response, sent after the publish: ${fmt(median(answered), 1)})`);
  console.log(`bare broker deliver(), same message  ${fmt(b, 1).padStart(7)}   ${range(bareTimes)}`);
  console.log(`ratio ${fmt(s / b, 2)} (target <= 2)`);
  process.exit(0);
}
