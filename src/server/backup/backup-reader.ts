// Reading a backup: every check (a whole archive, a known format and schema level, each file's
// size and SHA-256) passes before anything is written; a restore then fills a temporary folder
// next to DATA_DIR, opens it as the server would (holding the Discord messages the old site had
// queued: decision 026), and only then renames it into place.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { openDatabase } from '../db/client.ts';
import { holdPending, type OutboxTable } from '../discord/outbox-repository.ts';
import { BackupError, MANIFEST_ENTRY, parseManifest, restoredPath, type Manifest } from './backup-format.ts';
import { assertMigrationLevelKnown } from './migration-level.ts';

/** files inflated together: a bound on memory, and few passes over the central directory */
const BATCH_BYTES = 64 * 1024 * 1024;

export interface CheckedBackup {
  manifest: Manifest;
  /** calls `use` with every file's bytes, in batches, each already checked against the manifest */
  eachFile(use: (entry: Manifest['files'][number], data: Uint8Array) => Promise<void> | void): Promise<void>;
}

/** Reads and checks a whole backup file; throws a BackupError that names the file and what is wrong. */
export async function checkBackupFile(file: string): Promise<CheckedBackup> {
  let buf: Buffer;
  try {
    buf = await fs.promises.readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? (e as Error).message}).`);
  }
  const bad = (why: string) => new BackupError(`${file} is not a usable backup: ${why}; nothing was written.`);
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(buf, { filter: (f) => (entries.push(f), false) });
  } catch {
    throw bad('it is not a complete ZIP archive (truncated or damaged)');
  }
  let manifest: Manifest;
  try {
    const raw = unzipSync(buf, { filter: (f) => f.name === MANIFEST_ENTRY })[MANIFEST_ENTRY];
    if (!raw) throw new BackupError('it has no manifest');
    manifest = parseManifest(new TextDecoder().decode(raw));
    assertMigrationLevelKnown(manifest.database.migrations);
  } catch (e) {
    throw bad(e instanceof BackupError ? e.message : 'its manifest cannot be read');
  }

  const infos = new Map(entries.map((e) => [e.name, e]));
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const f of manifest.files) {
    const info = infos.get(f.path);
    if (!info) throw bad(`${f.path} is missing`);
    if (info.originalSize !== f.bytes) throw bad(`${f.path} has the wrong size`);
  }
  for (const name of infos.keys()) if (name !== MANIFEST_ENTRY && !listed.has(name)) throw bad(`it holds ${name}, which its manifest does not list`);

  const batches: Manifest['files'][] = [[]];
  let batchBytes = 0;
  for (const f of manifest.files) {
    if (batchBytes + f.bytes > BATCH_BYTES && batches.at(-1)!.length) {
      batches.push([]);
      batchBytes = 0;
    }
    batches.at(-1)!.push(f);
    batchBytes += f.bytes;
  }
  const eachFile: CheckedBackup['eachFile'] = async (use) => {
    for (const batch of batches) {
      const wanted = new Set(batch.map((f) => f.path));
      let files: Record<string, Uint8Array>;
      try {
        files = unzipSync(buf, { filter: (f) => wanted.has(f.name) });
      } catch {
        throw bad('a file in it cannot be unpacked (damaged)');
      }
      for (const f of batch) {
        const data = files[f.path];
        if (!data || data.length !== f.bytes || createHash('sha256').update(data).digest('hex') !== f.sha256) {
          throw bad(`${f.path} does not match its checksum (damaged)`);
        }
        await use(f, data);
      }
    }
  };
  await eachFile(() => {}); // the whole check, before the caller writes anything
  return { manifest, eachFile };
}

/** True when `dir` is absent or an empty folder. */
function isEmptyOrAbsent(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTDIR') return false;
    throw e;
  }
}

export const notEmptyMessage = (dataDir: string) =>
  `The data dir ${dataDir} is not empty: restore only fills an empty (or absent) DATA_DIR. Nothing was changed; move it away or point DATA_DIR at a new folder.`;

export interface RestoreResult {
  manifest: Manifest;
  /** Discord messages the backup had queued (of each outbox), now held until `outbox release` (or `outbox discard`) */
  held: Record<OutboxTable, number>;
}

/** Restores `file` into an empty or absent `dataDir`. */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  const target = path.resolve(dataDir);
  if (!isEmptyOrAbsent(target)) throw new BackupError(notEmptyMessage(target));
  const backup = await checkBackupFile(file);
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.restoring-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  try {
    for (const d of backup.manifest.directories) fs.mkdirSync(path.join(tmp, ...restoredPath(d)), { recursive: true });
    await backup.eachFile(async (f, data) => {
      const to = path.join(tmp, ...restoredPath(f.path));
      await fs.promises.mkdir(path.dirname(to), { recursive: true });
      await fs.promises.writeFile(to, data, { flag: 'wx' });
    });
    // open it as the server does (lock, migrations up to this version's), and read from it; the old
    // site's queued messages are held before any server can start on it (a copy must not post them)
    let held: Record<OutboxTable, number>;
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: tmp });
      try {
        await database.embedded!.client.query('select count(*) from drizzle.__drizzle_migrations');
        held = await holdPending(database.db);
      } finally {
        await database.close();
      }
    } catch (e) {
      throw new BackupError(`${file} was unpacked but its database does not open (${(e as Error).message.split('\n')[0]}); nothing was written to ${target}.`);
    }
    if (!isEmptyOrAbsent(target)) throw new BackupError(`${notEmptyMessage(target)} (It was filled while the restore ran.)`);
    try {
      fs.renameSync(tmp, target); // replaces an empty folder, or creates it
    } catch (e) {
      throw new BackupError(`The restored data could not be moved into ${target} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing was changed.`);
    }
    return { manifest: backup.manifest, held };
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}
