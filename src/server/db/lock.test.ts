import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { DataDirInUseError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('data dir lock', () => {
  test('a second lock in the same process is refused, and works again after release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
    lockDataDir(dir).release();
  });

  test('a lock held by another live process is refused with a message naming the dir', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'format-hub.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrowError(/in use by another Format Hub process/);
    } finally {
      child.kill();
    }
  });

  test('a stale lock of a dead process is taken over', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.on('exit', r));
    fs.writeFileSync(path.join(dir, 'format-hub.lock'), String(child.pid));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'format-hub.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'format-hub.lock'))).toBe(false);
  });
});
