// `npm run cli -- backup FILE` and `restore FILE`: each answers one line.
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { BackupError, POSTGRES_BACKUP_LINE, type Manifest } from './backup-format.ts';
import { isInside, realPathOf, writeFileAtomically } from './backup-file.ts';
import { checkBackupFile, restoreBackup } from './backup-reader.ts';
import { writeBackup } from './backup-writer.ts';
import { requestBackup } from './control-socket.ts';
import { heldTotal, heldWords } from '../discord/held.ts';
import type { OutboxTable } from '../discord/outbox-repository.ts';

type Settings = Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Env, 'BACKUP_DIR'>>;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A backup of DATA_DIR into `file`: by the running server when one holds the data dir, else by this process. */
export async function backupCommand(env: Settings, file: string): Promise<string> {
  if (env.DATABASE_URL) throw new BackupError(`backup: ${POSTGRES_BACKUP_LINE}`);
  const dataDir = path.resolve(env.DATA_DIR);
  const target = path.resolve(file);
  refuseTargetInside(env, dataDir, target);
  if (fs.existsSync(target)) throw new BackupError(`backup: ${target} already exists: name a new file (a backup never replaces one).`);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`backup: the folder ${path.dirname(target)} does not exist.`);
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) throw new BackupError(`backup: ${dataDir} holds no database: nothing to back up.`);

  let database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir });
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
  }
  let checked: Manifest | undefined;
  const check = async (tmp: string) => {
    try {
      checked = (await checkBackupFile(tmp)).manifest;
    } catch (e) {
      throw new BackupError(`backup: what was written did not check out (${(e as Error).message.replace(/^.*? is not a usable backup: /, '')}) and was deleted.`);
    }
  };
  if (!database) {
    // the data dir is held: a running server writes it (its own queue, its own consistent copy)
    await writeFileAtomically(target, (sink) => requestBackup(dataDir, sink), check);
    return `Backup of the running server written to ${target} (${mb(fs.statSync(target).size)}, ${checked!.files.length} files; ` +
      `the database was held ${checked!.database.heldMs} ms).`;
  }
  try {
    const result = await writeFileAtomically(target, (sink) => writeBackup({ database, dataDir, sink }), check);
    return `Backup written to ${target} (${mb(result.bytes)}, ${result.manifest.files.length} files, in ${(result.totalMs / 1000).toFixed(1)} s).`;
  } finally {
    await database.close();
  }
}

/**
 * A backup inside DATA_DIR is lost with the data it saves, and one in DATA_DIR/uploads is copied
 * into the next backup (twice the size, then four times…); BACKUP_DIR is the schedule's folder,
 * whose files it counts and deletes. Real paths are compared: a symbolic link is no way round.
 */
function refuseTargetInside(env: Settings, dataDir: string, target: string): void {
  const real = realPathOf(target);
  const named = real === target ? target : `${target} (really ${real})`;
  const folders: [name: string, dir: string, why: string][] = [['DATA_DIR', dataDir, 'keep a backup apart from the data it saves']];
  if (env.BACKUP_DIR) folders.push(['BACKUP_DIR', path.resolve(env.BACKUP_DIR), "the scheduled backups' folder"]);
  for (const [name, dir, why] of folders) {
    if (isInside(real, realPathOf(dir))) throw new BackupError(`backup: ${named} is inside ${name} (${dir}): ${why}; name a file elsewhere. Nothing was written.`);
  }
}

/** Fills an empty or absent DATA_DIR from `file`. */
export async function restoreCommand(env: Settings, file: string): Promise<string> {
  if (env.DATABASE_URL) throw new BackupError(`restore: ${POSTGRES_BACKUP_LINE}`);
  const dataDir = path.resolve(env.DATA_DIR);
  let manifest: Manifest;
  let held: Record<OutboxTable, number>;
  try {
    ({ manifest, held } = await restoreBackup(path.resolve(file), dataDir));
  } catch (e) {
    if (e instanceof BackupError) throw new BackupError(`restore: ${e.message}`);
    throw e;
  }
  const uploads = manifest.files.filter((f) => f.path.startsWith('uploads/')).length;
  const restored = `Restored ${dataDir} from ${file} (taken ${manifest.createdAt}; ${uploads} uploaded file${uploads === 1 ? '' : 's'}).`;
  const n = heldTotal(held);
  if (n === 0) return restored;
  return `${restored}\nThe Discord messages the old site had queued (${heldWords(held)}) ${n === 1 ? 'is' : 'are'} held, not sent: ` +
    '`npm run cli -- outbox release` sends them, `npm run cli -- outbox discard` drops them.';
}
