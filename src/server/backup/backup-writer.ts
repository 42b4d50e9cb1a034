// Writing a backup of a PGlite data dir while it serves: the database's files are copied to a
// staging folder while PGlite runs no query (a fraction of a second, and the event loop keeps
// turning: the copy is asynchronous I/O), then archived from there at leisure with the uploads.
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client.ts';
import { ArchiveWriter } from './archive-writer.ts';
import {
  BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, DATABASE_PREFIX, MANIFEST_ENTRY, POSTGRES_BACKUP_LINE, UPLOADS_PREFIX, type Manifest,
} from './backup-format.ts';
import { readMigrationLevel } from './migration-level.ts';

/** DATA_DIR/.backup-staging-<pid>: the database's files copied while PGlite is held */
export const STAGING_PREFIX = '.backup-staging-';
const COPIES_AT_ONCE = 8;

export interface BackupResult {
  manifest: Manifest;
  /** archive size */
  bytes: number;
  /** the database answered no query for this long (CHECKPOINT and copy) */
  heldMs: number;
  /** from the first query to the last byte */
  totalMs: number;
}

export interface WriteBackupOptions {
  database: Database;
  /** DATA_DIR: uploads are read from DATA_DIR/uploads, the staging folder goes there too */
  dataDir: string;
  sink: Writable;
  /** called once the database is copied, before the first byte goes to the sink */
  onStaged?: () => void;
}

/** The embedded database's client and folder, or a sentence saying why there is none. */
export function embeddedOf(database: Database): { client: PGlite; dir: string } {
  if (database.embedded) return database.embedded;
  throw new BackupError(database.kind === 'postgres' ? POSTGRES_BACKUP_LINE : 'An in-memory database has no files to back up.');
}

/** Writes a whole backup archive to `sink` and ends it. One at a time per data dir (the caller queues). */
export async function writeBackup({ database, dataDir, sink, onStaged }: WriteBackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const embedded = embeddedOf(database);
  const migrations = await readMigrationLevel(embedded.client);
  removeStaleStaging(dataDir);
  const staging = path.join(dataDir, `${STAGING_PREFIX}${process.pid}`);
  try {
    const { createdAt, heldMs } = await stageDatabase(embedded, staging);
    onStaged?.();
    const archive = new ArchiveWriter(sink);
    const files: Manifest['files'] = [];
    const directories: string[] = [];
    let lastTurn = performance.now();
    const add = async (name: string, file: string, compress: boolean) => {
      try {
        files.push({ path: name, ...(await addOne(archive, name, file, compress)) });
      } catch (e) {
        // an upload swept (expired temporary image) since it was listed: nothing to keep
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' && name.startsWith(UPLOADS_PREFIX)) return;
        throw e;
      }
      // small files are read and deflated on this thread: let requests in every few milliseconds
      if (performance.now() - lastTurn > 4) {
        await new Promise((r) => setImmediate(r));
        lastTurn = performance.now();
      }
    };
    const db = await listTree(staging);
    directories.push(...db.dirs.map((d) => DATABASE_PREFIX + d));
    for (const f of db.files) await add(DATABASE_PREFIX + f, path.join(staging, f), true);
    // uploads are listed after the database was copied: every image row of the copy has its file
    // (the file is written before its row), and files never change once written
    const uploadsDir = path.join(dataDir, 'uploads');
    if (fs.existsSync(uploadsDir)) {
      const uploads = await listTree(uploadsDir);
      directories.push(UPLOADS_PREFIX.slice(0, -1), ...uploads.dirs.map((d) => UPLOADS_PREFIX + d));
      for (const f of uploads.files) await add(UPLOADS_PREFIX + f, path.join(uploadsDir, f), false);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt,
      database: {
        engine: 'pglite',
        postgresVersion: fs.readFileSync(path.join(staging, 'PG_VERSION'), 'utf8').trim(),
        migrations,
        heldMs: Math.round(heldMs),
      },
      directories,
      files,
    };
    await archive.addBytes(MANIFEST_ENTRY, new TextEncoder().encode(JSON.stringify(manifest, null, 1)));
    await archive.end();
    return { manifest, bytes: archive.bytes, heldMs, totalMs: performance.now() - started };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** Files up to this size are read and deflated in one call each; larger ones stream. */
const SMALL_FILE = 128 * 1024;

async function addOne(archive: ArchiveWriter, name: string, file: string, compress: boolean) {
  if (fs.statSync(file).size <= SMALL_FILE) return archive.addBytes(name, fs.readFileSync(file), compress);
  const handle = await fs.promises.open(file, 'r');
  try {
    return await archive.addFile(name, handle, compress);
  } finally {
    await handle.close();
  }
}

/**
 * Copies the PGlite folder while PGlite runs nothing: both of its locks are taken (a transaction
 * holds the first from BEGIN to COMMIT, every query the second), so no transaction is half done
 * and no file changes during the copy. A CHECKPOINT first writes the shared buffers out, so the
 * copy opens without replaying much WAL. PGlite has no background processes.
 */
async function stageDatabase(embedded: { client: PGlite; dir: string }, staging: string): Promise<{ createdAt: string; heldMs: number }> {
  const { client, dir } = embedded;
  const t0 = performance.now();
  await client.exec('CHECKPOINT');
  const checkpointMs = performance.now() - t0;
  let createdAt = '';
  let copyMs = 0;
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const t1 = performance.now();
      createdAt = new Date().toISOString();
      const { files, dirs } = await listTree(dir);
      await fs.promises.mkdir(staging, { recursive: true });
      for (const d of dirs) await fs.promises.mkdir(path.join(staging, d), { recursive: true });
      // in the thread pool, several at once: the event loop stays free, and on a busy machine
      // this beat copying the small files on this thread (260-470 ms against 450-1,070 ms here)
      let next = 0;
      await Promise.all(Array.from({ length: COPIES_AT_ONCE }, async () => {
        while (next < files.length) {
          const f = files[next++]!;
          // a reflink where the file system offers one, else a plain copy
          await fs.promises.copyFile(path.join(dir, f), path.join(staging, f), fs.constants.COPYFILE_FICLONE);
        }
      }));
      copyMs = performance.now() - t1;
    }),
  );
  return { createdAt, heldMs: checkpointMs + copyMs };
}

/** Every file and folder under `root`, as posix paths relative to it, sorted. */
async function listTree(root: string): Promise<{ files: string[]; dirs: string[] }> {
  const files: string[] = [];
  const dirs: string[] = [];
  const walk = async (rel: string) => {
    const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        dirs.push(r);
        await walk(r);
      } else if (e.isFile()) {
        files.push(r);
      } else {
        throw new BackupError(`${path.join(root, r)} is neither a file nor a folder: a backup cannot hold it`);
      }
    }
  };
  await walk('');
  return { files, dirs };
}

/** Staging folders left by a process that died mid-backup (the data-dir lock says none is running). */
function removeStaleStaging(dataDir: string): void {
  for (const name of fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []) {
    if (name.startsWith(STAGING_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}
