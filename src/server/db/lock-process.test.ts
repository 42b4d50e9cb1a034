import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './client.ts';

const run = promisify(execFile);
let dir: string;
let held: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-held-'));
  held = await openDatabase({ kind: 'pglite', dataDir: dir });
}, 60_000);
afterAll(async () => {
  await held?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function exitOf(args: string[]) {
  try {
    // node with tsx's loader, not the tsx command: that would start a second node to run this one
    await run(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0' }, timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
}

describe('a second process on a held data dir', () => {
  test('the CLI exits non-zero saying the data dir is in use', async () => {
    const { code, stderr } = await exitOf(['src/server/cli.ts', 'users', 'set-auth', '1', '2']);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/data dir .* is in use/);
  }, 40_000);

  test('the server exits non-zero saying the data dir is in use', async () => {
    const { code, stderr } = await exitOf(['src/server/main.ts']);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/data dir .* is in use/);
  }, 40_000);
});
