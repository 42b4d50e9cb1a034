// What main.ts starts next to the HTTP server: the control socket the CLI's `backup` talks to and,
// with BACKUP_DIR, the schedule. Backups of one data dir run one at a time.
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Env } from '../env.ts';
import type { Database } from '../db/client.ts';
import { writeBackup, type BackupResult } from './backup-writer.ts';
import { startBackupSchedule, type BackupScheduleOptions } from './backup-schedule.ts';
import { startControlSocket } from './control-socket.ts';

export interface BackupsLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Backups {
  /** writes one backup into `sink`, after any already running */
  backup(sink: Writable, onStaged?: () => void): Promise<BackupResult>;
  /** the control socket's path, when there is one */
  socketPath?: string;
  /** stops the schedule and the socket, and waits for a backup in progress */
  close(): Promise<void>;
}

export interface StartBackupsOptions {
  env: Pick<Env, 'DATA_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'>;
  database: Database;
  log: BackupsLog;
  /** tests shorten the schedule (BACKUP_EVERY is at least a minute) */
  schedule?: Partial<Pick<BackupScheduleOptions, 'everyMs' | 'firstDelayMs' | 'onAttempt'>>;
}

export async function startBackups({ env, database, log, schedule }: StartBackupsOptions): Promise<Backups> {
  if (!database.embedded) {
    if (env.BACKUP_DIR) log.warn('BACKUP_DIR is set but the database is PostgreSQL (DATABASE_URL): no scheduled backups; back it up with pg_dump (README, "Backups").');
    return { backup: () => Promise.reject(new Error('No embedded database to back up')), close: async () => {} };
  }
  const dataDir = path.resolve(env.DATA_DIR);
  let queue: Promise<unknown> = Promise.resolve();
  const backup = (sink: Writable, onStaged?: () => void): Promise<BackupResult> => {
    const run = queue.then(() => writeBackup({ database, dataDir, sink, onStaged }));
    queue = run.catch(() => {});
    return run;
  };
  const control = await startControlSocket({ dataDir, backup, log });
  const scheduled = env.BACKUP_DIR
    ? startBackupSchedule({ dir: path.resolve(env.BACKUP_DIR), everyMs: env.BACKUP_EVERY, keep: env.BACKUP_KEEP, backup, log, ...schedule })
    : undefined;
  return {
    backup,
    socketPath: control?.path,
    close: async () => {
      await scheduled?.stop();
      await control?.close();
      await queue;
    },
  };
}
