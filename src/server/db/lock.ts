import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Exclusive lock on an embedded data dir: two processes on one PGlite dir silently lose rows
 * (platform.md), so a second one must refuse to start. An O_EXCL pid file, stale when its
 * process is gone.
 */
export function lockDataDir(dir: string): { release: () => void } {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'format-hub.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The data dir ${path.resolve(dir)} is in use by another Format Hub process (pid ${pid}). ` +
            'Stop it first, or point DATA_DIR elsewhere (the embedded database allows one process at a time).',
        );
      }
      if (pid === process.pid) {
        throw new DataDirInUseError(`The data dir ${path.resolve(dir)} is already open in this process.`);
      }
      fs.rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new DataDirInUseError(`Could not lock the data dir ${path.resolve(dir)}.`);
}
