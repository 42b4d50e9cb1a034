// The servers the specs talk to: the built app (`npm start`'s dist/server/main.mjs) on fresh data
// dirs. The global setup seeds two data dirs once, one with the demo data and one empty; each worker
// copies them and starts its own servers (the empty one on first use, e2e/fixtures.ts), so workers run
// side by side without seeing each other's writes and a worker restarted after a failure starts again
// from the seeded state.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Ports of worker `i` (its parallel index): the demo server, the empty one, and Discord's stand-in. */
export function workerPorts(basePort: number, i: number) {
  const demo = basePort + 10 * i;
  return { demo, empty: demo + 1, webhookSink: demo + 5 };
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  demo: boolean;
  /** where the events' Discord webhooks go (tournaments-event-discord.spec.ts listens there) */
  webhookRelay?: string;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const SERVER = 'dist/server/main.mjs';

export async function startServer({ port, dataDir, demo, webhookRelay }: ServerOptions): Promise<RunningServer> {
  // E2E_SERVER_NODE_ARGS: more arguments for node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the servers
  const nodeArgs = (process.env.E2E_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', SERVER], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DISCORD_CLIENT_ID: '',
      DEMO_DATA: demo ? '1' : '0',
      LOG_LEVEL: 'warn',
      // the specs sign in through the demo provider dozens of times a minute, far above a person's rate
      RATE_LIMIT_SCALE: '20',
      DISCORD_WEBHOOK_RELAY_URL: webhookRelay ?? '',
    },
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const name = `${path.basename(dataDir)}:${port}`;
  child.stderr!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[server ${name}] ${line}\n`);
  });
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, () => exited);
  } catch (e) {
    await stop(child, exit);
    throw e;
  }
  return { url, stop: () => stop(child, exit) };
}

async function waitForHealth(url: string, exited: () => boolean) {
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited()) throw new Error(`The server for ${url} exited before it answered`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`The server for ${url} did not answer within 2 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM: the server closes its database cleanly (a copy of its dir is then a consistent one). */
async function stop(child: ChildProcess, exit: Promise<void>) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exit;
  clearTimeout(killer);
}

/** A copy of a seeded data dir, without the control socket's folder of the server that made it. */
export function copyDataDir(from: string, to: string) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true, filter: (src) => path.basename(src) !== '.control' });
}
