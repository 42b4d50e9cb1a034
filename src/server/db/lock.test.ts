import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-lock-'));
  dirs.push(d);
  return d;
};
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

// The contender (src/server/test/lock-contender.ts) bundled once as plain JavaScript: a process
// started with a TypeScript loader costs six times the CPU of plain node, and ten are started here.
// lock.ts finds its native module from its own place, so import.meta.url is kept as lock.ts's.
let bundleDir: string;
let bundle: string;
beforeAll(() => {
  bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-lock-contender-'));
  bundle = path.join(bundleDir, 'lock-contender.mjs');
  buildSync({
    entryPoints: ['src/server/test/lock-contender.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.resolve('src/server/db/lock.ts')).href) },
  });
});
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

/** A contender process and a way to read its next line. */
async function contender(dir: string) {
  const child = spawn(process.execPath, [bundle, dir]); // node itself: the PID is the holder's
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => (waiting.length ? waiting.shift()!(line) : queue.push(line)));
  const next = () => new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve)));
  expect(await next()).toBe('ready');
  return { child, next, say: (line: string) => child.stdin.write(`${line}\n`) };
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

describe('data dir lock', () => {
  test('a second lock in the same process is refused, and works again after release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
    lockDataDir(dir).release();
  });

  test('a lock file naming a dead process is no obstacle', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(await deadPid()));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  test('a lock file naming a live, unrelated process (a reused PID) does not block start-up', async () => {
    const dir = tempDir();
    const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), String(unrelated.pid));
      lockDataDir(dir).release();
    } finally {
      unrelated.kill();
    }
  });

  test('a lock held by another process is refused, naming the dir and the holder', async () => {
    const dir = tempDir();
    const holder = await contender(dir);
    holder.say(`go ${Date.now()}`);
    expect(await holder.next()).toBe('won');
    expect(() => lockDataDir(dir)).toThrowError(new RegExp(`in use by another Format Hub process \\(pid ${holder.child.pid}\\)`));
  }, 30_000);

  test('the lock of a process killed with SIGKILL is free at once', async () => {
    const dir = tempDir();
    const holder = await contender(dir);
    holder.say(`go ${Date.now()}`);
    expect(await holder.next()).toBe('won');
    holder.child.kill('SIGKILL');
    await new Promise((r) => holder.child.on('exit', r));
    lockDataDir(dir).release();
  }, 30_000);

  test('eight processes starting at the same instant on a dir with a stale lock: exactly one wins, every round', async () => {
    const dir = tempDir();
    const all = await Promise.all(Array.from({ length: 8 }, () => contender(dir)));
    const stale = String(await deadPid());
    const rounds = 20;
    for (let round = 0; round < rounds; round++) {
      fs.writeFileSync(path.join(dir, LOCK_FILE), stale); // what kill -9 leaves behind
      const at = Date.now() + 150;
      for (const c of all) c.say(`go ${at}`);
      const results = await Promise.all(all.map((c) => c.next()));
      expect(results.filter((r) => r === 'won'), `round ${round}: ${results.join(' ')}`).toHaveLength(1);
      expect(results.filter((r) => r === 'lost')).toHaveLength(7);
      const winner = all[results.indexOf('won')]!;
      winner.say('release');
      expect(await winner.next()).toBe('released');
    }
  }, 60_000);
});
