// Backups of the demo-data database (~15,000 cards), the server as `npm start` runs it: how long
// `npm run cli -- backup` takes against the running server, how long PGlite answered no query
// (the manifest's heldMs), and what a reader saw meanwhile: one card search at a time, each
// touching the database, before and during the backup. Then a backup with no server running and
// a restore of it. Figures only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { checkBackupFile } from '../src/server/backup/backup-reader.ts';
import { fmt } from './lib.ts';

const run = promisify(execFile);
const PORT = 8360;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bench-backup-'));
const dataDir = path.join(root, 'data');
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000' };
const url = `http://127.0.0.1:${PORT}`;
const cli = async (args: string[], extra: Record<string, string> = {}) => {
  const t0 = performance.now();
  const { stdout } = await run(process.execPath, ['dist/server/cli.mjs', ...args], { env: { ...env, ...extra } });
  return { ms: performance.now() - t0, out: stdout.trim() };
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** Card searches one after another until `until` resolves: each one's latency. */
async function probe(until: Promise<unknown>): Promise<number[]> {
  const names = ['dragon', 'blue-eyes', 'magician', 'warrior', 'dark', 'hero', 'spell', 'trap'];
  const ms: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  for (let i = 0; !done; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/cards/search?name=${names[i % names.length]}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`search answered ${res.status}`);
    ms.push(performance.now() - t0);
  }
  return ms;
}

const server = spawn(process.execPath, ['dist/server/main.mjs'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const stopped = new Promise<void>((r) => server.once('exit', () => r()));
try {
  for (let t = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
    if (Date.now() - t > 180_000 || server.exitCode !== null) throw new Error('the server did not start');
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
  }
  const idle = await probe(new Promise((r) => setTimeout(r, 3000)));
  console.log(`card search, one at a time, no backup: p50 ${fmt(pct(idle, 0.5), 1)} ms, p99 ${fmt(pct(idle, 0.99), 1)} ms, max ${fmt(Math.max(...idle), 1)} ms`);
  for (let i = 1; i <= 3; i++) {
    const file = path.join(root, `live-${i}.zip`);
    const backup = cli(['backup', file]);
    const during = await probe(backup);
    const { ms } = await backup;
    const { manifest } = await checkBackupFile(file);
    console.log(
      `backup ${i} from the running server: ${fmt(ms / 1000, 1)} s for the command, ${fmt(fs.statSync(file).size / 1e6, 1)} MB, ` +
        `${manifest.files.length} files; database held ${manifest.database.heldMs} ms; ` +
        `card search meanwhile (${during.length}): p50 ${fmt(pct(during, 0.5), 1)} ms, p99 ${fmt(pct(during, 0.99), 1)} ms, max ${fmt(Math.max(...during), 1)} ms`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await stopped;
}
try {
  const file = path.join(root, 'offline.zip');
  const offline = await cli(['backup', file]);
  console.log(`backup with no server running: ${fmt(offline.ms / 1000, 1)} s for the command (${offline.out.replace(/^.*\((.*)\)\.$/, '$1')})`);
  const restore = await cli(['restore', file], { DATA_DIR: path.join(root, 'restored') });
  console.log(`restore into an empty data dir: ${fmt(restore.ms / 1000, 1)} s for the command (checks, unpacks, opens the database)`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
