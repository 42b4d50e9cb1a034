// A backup file appears under its real name complete or not at all: it is written to a temporary
// name in the same folder, flushed to disk, optionally checked, then renamed.
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';

const PARTIAL = /^\.(.+)\.partial-(\d+)$/;

export const partialName = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}`);

/**
 * Runs `fill` with a stream into a temporary file next to `file`, then `check` on that file, then
 * renames it to `file`. On any failure the temporary file is removed and `file` is untouched.
 */
export async function writeFileAtomically<T>(
  file: string,
  fill: (sink: Writable) => Promise<T>,
  check?: (tmp: string) => Promise<void>,
): Promise<T> {
  const tmp = partialName(file);
  const sink = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  sink.on('error', () => {}); // the writer sees the first error; later ones add nothing
  try {
    await new Promise<void>((resolve, reject) => sink.once('open', () => resolve()).once('error', reject));
    const result = await fill(sink);
    if (!sink.writableFinished) await new Promise<void>((resolve, reject) => sink.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await syncFile(tmp);
    await check?.(tmp);
    await fs.promises.rename(tmp, file);
    await syncFile(path.dirname(file));
    return result;
  } catch (e) {
    sink.destroy();
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

/** Flushes a file to disk, or a folder (the rename in it survives a power cut only then). */
async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } catch (e) {
    // some file systems refuse fsync on a folder: the rename is still atomic
    if (!(await handle.stat()).isDirectory()) throw e;
  } finally {
    await handle.close();
  }
}

/** Temporary files a process that died mid-write left in `dir` (their pid no longer runs). */
export function removeAbandonedPartials(dir: string): string[] {
  const removed: string[] = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const m = PARTIAL.exec(name);
    if (!m || Number(m[2]) === process.pid || isRunning(Number(m[2]))) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `file` (absolute) with every symbolic link resolved, as far as it exists: its nearest existing
 * folder's real path joined with the rest. Tells where a path that only looks elsewhere really is.
 */
export function realPathOf(file: string): string {
  const rest: string[] = [];
  for (let at = path.resolve(file); ; at = path.dirname(at)) {
    try {
      return path.join(fs.realpathSync(at), ...rest.reverse());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(at) === at) throw e;
      rest.push(path.basename(at));
    }
  }
}

/** True when `file` is `dir` or anything under it (both absolute, already real paths). */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel));
}
