import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// fs-native-extensions: Linux open-file-description locks (F_OFD_SETLK), BSD flock on macOS.
const { tryLock, unlock } = createRequire(import.meta.url)('fs-native-extensions') as {
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
};

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export const LOCK_FILE = 'format-hub.lock';

/**
 * Exclusive lock on an embedded data dir: two processes on one PGlite dir silently lose rows
 * (platform.md), so a second one must refuse to start. An OS lock on `format-hub.lock`: taking
 * it is one atomic system call, so exactly one of many simultaneous starters wins, and the
 * kernel drops it when its holder dies (kill -9 included), so there is no stale lock to judge
 * by PID. The file is never deleted: unlinking a lock file lets a newcomer lock a new inode
 * while another process still holds the old one. The PID inside is only for the message.
 */
export function lockDataDir(dir: string): { release: () => void } {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  let locked = false;
  try {
    locked = tryLock(fd);
  } finally {
    if (!locked) fs.closeSync(fd);
  }
  if (!locked) {
    const holder = readHolder(file);
    throw new DataDirInUseError(
      `The data dir ${path.resolve(dir)} is in use by another Format Hub process${holder === process.pid ? ' (this one)' : holder ? ` (pid ${holder})` : ''}. ` +
        'Stop it first, or point DATA_DIR elsewhere (the embedded database allows one process at a time).',
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid), 0);
  fs.fsyncSync(fd);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      fs.ftruncateSync(fd, 0);
      unlock(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  process.once('exit', release);
  return { release };
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
