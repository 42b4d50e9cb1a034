import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult { rps: number; p99: number; errors: number }

/** Load a URL with autocannon: requests per second (mean) and p99 latency in ms. */
export async function load(url: string, connections = 32, duration = 5, headers?: Record<string, string>): Promise<LoadResult> {
  // one second first, not counted: both sides measured warm (the JIT has compiled the hot path)
  await autocannon({ url, connections, duration: 1, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function waitFor(url: string, child: ChildProcess, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Ends a server process and resolves once it is gone: its port is free for the next one (which would otherwise meet the old one). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await exited;
}

/** The real server as `npm start` runs it (compiled, with the built web app and demo data), in its own process on a fresh data dir. */
export async function startServer(port: number, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): Promise<{ url: string; stop(): Promise<void>; pid: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bench-'));
  // nodeArgs: flags NODE_OPTIONS refuses (--cpu-prof); BENCH_NODE_ARGS adds more (--trace-gc: its lines
  // go to the server's stdout, shown when BENCH_NODE_ARGS is set)
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...extra, 'dist/server/main.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...extraEnv },
    stdio: ['ignore', extra.length ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return {
    url,
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A bare Node http server answering fixed bytes: the ceiling on this machine. With `headers` it
 * sends the site's own response headers too (its security headers are part of every answer and
 * cost the client time to parse), so both send the same bytes.
 */
export async function startBareServer(port: number, body: Buffer, contentType: string, headers: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bare-')), 'body');
  fs.writeFileSync(file, body);
  const all = { ...headers, 'content-type': contentType };
  const code = `const body=require('fs').readFileSync(${JSON.stringify(file)});const h=${JSON.stringify(all)};require('http').createServer((q,s)=>{s.writeHead(200,{...h,'content-length':body.length});s.end(body)}).listen(${port},'127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child);
  return { url, stop: () => stopChild(child) };
}

/** A response's headers as a server sets them (without those Node adds per connection). */
export function replayableHeaders(headers: Headers): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-encoding']);
  return Object.fromEntries([...headers].filter(([k]) => !skip.has(k)));
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The answer when it is 2xx; any other status throws with the body. */
export async function okResponse(res: Response): Promise<Response> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res;
}
