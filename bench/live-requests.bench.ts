// What anonymous live requests cost everyone else (issue 18): a 1,024-team event on PGlite, REST
// reads measured idle, then while 10 visitors (behind a trusted proxy, so each is its own address)
// send request-scoreboard / request-standings as fast as the live channel allows:
//   steady        10 sockets, each at the per-connection cap (20 frames/s);
//   reconnecting  10 visitors each opening a new connection, asking both views, closing, again,
//                 as fast as the per-address SEND budget (LIVE_SENDS_PER_ADDRESS) allows.
// Prints each read's p95 idle and attacked and their ratio (target within 2x), and what a plain
// subscriber of both topics received meanwhile (target 0: answers go to the asker alone). The
// sockets run in a child process, so the load generator shares no event loop with them.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { fmt, okResponse as ok, startServer } from './lib.ts';

const TEAMS = 1024;
const VISITORS = 10;
/** ms between one steady socket's SENDs: just under the per-connection cap of 20 frames a second */
const SEND_EVERY = 55;
const DURATION = 5;
const TURNS = 3;
const ADA = '100000000000000001'; // a demo admin
const MODES = ['steady', 'reconnecting'] as const;
type Mode = (typeof MODES)[number];
interface Counts { sent: number; answers: number; answerBytes: number; errors: number; connections: number }

// ---- child process: the visitors and the plain subscriber -----------------------------------------
async function runSockets(wsUrl: string, uid: string) {
  const topics = [`/topic/tournaments/${uid}/scoreboard`, `/topic/tournaments/${uid}/standings`];
  const ask = (view: string) => `SEND\ndestination:/app/tournaments/${uid}/request-${view}\n\n\0`;
  const counts = Object.fromEntries(MODES.map((m) => [m, { sent: 0, answers: 0, answerBytes: 0, errors: 0, connections: 0 }])) as Record<Mode, Counts>;
  const watched = { messages: 0, bytes: 0 };
  let mode: Mode | undefined;

  /** A connection subscribed to both topics; `on` hears its frames (the command is enough: nobody parses the views). */
  const open = (forwardedFor: string, on: (command: string, frame: Buffer) => void) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(wsUrl, ['v12.stomp'], { headers: { 'x-forwarded-for': forwardedFor } });
      ws.on('error', reject);
      ws.on('close', () => reject(new Error('closed before it was ready'))); // refused (too many connections)
      ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:0,0\n\n\0'));
      ws.on('message', (data: Buffer) => {
        const command = data.subarray(0, 16).toString().split('\n')[0]!;
        if (command === 'CONNECTED') ws.send(topics.map((t, i) => `SUBSCRIBE\nid:${i}\ndestination:${t}\n${i ? 'receipt:ready\n' : ''}\n\0`).join(''));
        else if (command === 'RECEIPT') resolve(ws);
        else on(command, data);
      });
    });
  const tally = (c: Counts) => (command: string, frame: Buffer) => {
    if (command === 'ERROR') c.errors++;
    else if (command === 'MESSAGE') {
      c.answers++;
      c.answerBytes += frame.length;
    }
  };
  const watcher = await open('198.51.100.1', (_command, frame) => {
    if (!mode) return;
    watched.messages++;
    watched.bytes += frame.length;
  });

  // steady: one connection each (reopened if cut), a SEND every SEND_EVERY ms, the views by turns
  const steady: (WebSocket | undefined)[] = [];
  const keepOpen = async (i: number) => {
    const ws = await open(`203.0.113.${i + 1}`, tally(counts.steady));
    steady[i] = ws;
    ws.once('close', () => { if (mode === 'steady') void keepOpen(i); });
  };
  let timers: NodeJS.Timeout[] = [];
  const startSteady = async () => {
    await Promise.all(Array.from({ length: VISITORS }, (_, i) => keepOpen(i)));
    counts.steady.connections += VISITORS;
    timers = steady.map((_, i) => {
      let k = 0;
      return setInterval(() => {
        const ws = steady[i];
        if (ws?.readyState !== WebSocket.OPEN) return;
        ws.send(ask(k++ % 2 ? 'standings' : 'scoreboard'));
        counts.steady.sent++;
      }, SEND_EVERY);
    });
  };

  // reconnecting: connect, ask both, close once answered (or refused), again
  const loops: Promise<void>[] = [];
  const reconnectLoop = async (i: number) => {
    const c = counts.reconnecting;
    while (mode === 'reconnecting') {
      let done!: () => void;
      const finished = new Promise<void>((r) => {
        done = r;
        setTimeout(r, 5000).unref(); // never wait for ever on a lost answer
      });
      let got = 0;
      const count = tally(c);
      try {
        const ws = await open(`203.0.113.${i + 101}`, (command, frame) => {
          count(command, frame);
          if (command === 'ERROR' || (command === 'MESSAGE' && ++got === 2)) done();
        });
        c.connections++;
        ws.once('close', () => done());
        ws.send(ask('scoreboard') + ask('standings'));
        c.sent += 2;
        await finished;
        ws.terminate();
      } catch {
        c.errors++;
      }
    }
  };

  process.on('message', async (msg: { type: string; mode?: Mode }) => {
    if (msg.type === 'start') {
      mode = msg.mode!;
      if (mode === 'steady') await startSteady();
      else for (let i = 0; i < VISITORS; i++) loops.push(reconnectLoop(i));
      process.send!({ type: 'started' });
    } else if (msg.type === 'pause') {
      const was = mode;
      mode = undefined;
      for (const t of timers) clearInterval(t);
      timers = [];
      await Promise.all(loops.splice(0));
      if (was === 'steady') for (const ws of steady.splice(0)) ws?.terminate();
      process.send!({ type: 'paused' });
    } else if (msg.type === 'stop') {
      process.send!({ type: 'counts', counts, watched });
      watcher.terminate();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready' });
}

// ---- parent ----------------------------------------------------------------------------------------
interface Latency { p95: number; rps: number; errors: number }

/** p95 of the response times of `url` under autocannon (10 connections), after a warm-up second. */
async function p95(url: string): Promise<Latency> {
  // as a browser asks: cached views go compressed (once per version)
  const headers = { 'accept-encoding': 'br, gzip' };
  await autocannon({ url, connections: 10, duration: 1, headers });
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: 10, duration: DURATION, headers }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return { p95: times[Math.floor(times.length * 0.95)] ?? NaN, rps: r.requests.average, errors: r.errors + r.non2xx };
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second)
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const { TestClient } = await import('../src/server/test/test-server.ts');
  // production limits; behind a "proxy" (this machine) each visitor is its own address
  const site = await startServer(8260, { TRUST_PROXY: 'loopback' });
  try {
    const ada = new TestClient(site.url);
    await ada.signIn(ADA, 'Ada');
    const { uid } = (await (await ok(await ada.post('/api/tournaments/host', { name: 'Bench requests', manualDeckChecking: false }))).json()) as { uid: string };
    await ok(await ada.post(`/api/tournaments/${uid}/seed-test?count=${TEAMS}`));
    await ok(await ada.post(`/api/tournaments/${uid}/start`));
    const sizes = await Promise.all(['scoreboard', 'standings'].map(async (v) => (await (await ok(await fetch(`${site.url}/api/tournaments/${uid}/${v}`))).arrayBuffer()).byteLength));
    console.log(`${TEAMS} teams, started; scoreboard ${fmt(sizes[0]! / 1024)} KB, standings ${fmt(sizes[1]! / 1024)} KB`);

    const child = fork(fileURLToPath(import.meta.url), ['sockets', 'ws://127.0.0.1:8260/ws/websocket', uid], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    type Report = { counts: Record<Mode, Counts>; watched: { messages: number; bytes: number } };
    const waiting = new Map<string, (msg: Report) => void>();
    child.on('message', (msg: Report & { type: string }) => waiting.get(msg.type)?.(msg));
    child.on('exit', (code) => { if (code) console.error(`socket process exited with ${code}`); });
    const next = (type: string) => new Promise<Report>((resolve) => waiting.set(type, resolve));
    const tell = async (msg: object, answer: string) => {
      const answered = next(answer);
      child.send(msg);
      return answered;
    };
    await next('ready');

    // by turns (idle, steady, reconnecting, three times), so the noise of a shared machine falls on all alike
    const paths = [`/api/tournaments/${uid}`, `/api/tournaments/${uid}/standings`, `/api/tournaments/${uid}/teams`];
    const runs: Record<'idle' | Mode, Latency[][]> = { idle: paths.map(() => []), steady: paths.map(() => []), reconnecting: paths.map(() => []) };
    const seconds: Record<Mode, number> = { steady: 0, reconnecting: 0 };
    const measure = async (into: Latency[][]) => {
      for (const [i, path] of paths.entries()) into[i]!.push(await p95(`${site.url}${path}`));
    };
    // the server's own cost of each attack, with nothing else asking
    const cpu: Record<'idle' | Mode, number> = { idle: 0, steady: 0, reconnecting: 0 };
    for (const mode of ['idle', ...MODES] as const) {
      if (mode !== 'idle') await tell({ type: 'start', mode }, 'started');
      const [c0, t0] = [cpuSeconds(site.pid), performance.now()];
      await new Promise((r) => setTimeout(r, DURATION * 1000));
      const elapsed = (performance.now() - t0) / 1000;
      cpu[mode] = (cpuSeconds(site.pid) - c0) / elapsed;
      if (mode !== 'idle') seconds[mode] += elapsed;
      if (mode !== 'idle') await tell({ type: 'pause' }, 'paused');
    }
    for (let turn = 0; turn < TURNS; turn++) {
      await measure(runs.idle);
      for (const mode of MODES) {
        await tell({ type: 'start', mode }, 'started');
        const t0 = performance.now();
        await measure(runs[mode]);
        seconds[mode] += (performance.now() - t0) / 1000;
        await tell({ type: 'pause' }, 'paused');
      }
    }
    const { counts, watched } = await tell({ type: 'stop' }, 'counts');

    console.log(`REST p95 in ms (10 connections, ${DURATION} s a run, median of ${TURNS} turns): idle, then while ${VISITORS} visitors ask for the views`);
    console.log(`  ${'GET'.padEnd(34)} ${'idle'.padStart(8)} ${'steady'.padStart(8)} ${'reconn.'.padStart(8)}   ratios (target <= 2)   req/s idle / steady / reconnecting`);
    paths.forEach((path, i) => {
      const p = (k: 'idle' | Mode) => median(runs[k][i]!.map((x) => x.p95));
      const rps = (k: 'idle' | Mode) => fmt(median(runs[k][i]!.map((x) => x.rps)));
      const errors = Object.values(runs).flatMap((r) => r[i]!).reduce((n, x) => n + x.errors, 0);
      console.log(`  ${path.replace(uid, '{id}').padEnd(34)} ${fmt(p('idle'), 1).padStart(8)} ${fmt(p('steady'), 1).padStart(8)} ${fmt(p('reconnecting'), 1).padStart(8)}   ${fmt(p('steady') / p('idle'), 2)} / ${fmt(p('reconnecting') / p('idle'), 2)}   ${rps('idle')} / ${rps('steady')} / ${rps('reconnecting')}${errors ? `, ${errors} errors` : ''}`);
    });
    for (const mode of MODES) {
      const c = counts[mode];
      console.log(`${mode}: ${fmt(c.sent)} requests in ${fmt(seconds[mode], 1)} s (${fmt(c.sent / seconds[mode])}/s) on ${fmt(c.connections)} connections; ${fmt(c.answers)} answers (${fmt(c.answerBytes / 1024 / 1024, 1)} MB, ${fmt(c.answerBytes / 1024 / 1024 / seconds[mode], 1)} MB/s); ${fmt(c.errors)} refusals`);
    }
    console.log(`server CPU with no REST load: idle ${fmt(cpu.idle * 100)}%, steady ${fmt(cpu.steady * 100)}%, reconnecting ${fmt(cpu.reconnecting * 100)}% of a core`);
    console.log(`plain subscriber meanwhile: ${watched.messages} messages, ${fmt(watched.bytes)} bytes (target 0)`);
  } finally {
    await site.stop();
  }
}

if (process.argv[2] === 'sockets') await runSockets(process.argv[3]!, process.argv[4]!);
else {
  await main();
  process.exit(0);
}
