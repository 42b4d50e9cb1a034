// Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP): one every `everyMs`, counted from the
// newest already in the folder, so a restart neither skips one nor adds one; the oldest beyond
// `keep` are deleted after each success. A failure is logged as an error and the next one is tried
// on time: the server goes on serving.
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { backupsBeyondKeep, scheduledBackupName, scheduledBackupTime } from './backup-format.ts';
import { removeAbandonedPartials, writeFileAtomically } from './backup-file.ts';
import type { BackupResult } from './backup-writer.ts';

export interface ScheduleLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupScheduleOptions {
  dir: string;
  everyMs: number;
  keep: number;
  /** writes one backup into the sink (queued with any other backup of this data dir) */
  backup: (sink: Writable) => Promise<BackupResult>;
  log: ScheduleLog;
  /** the first one waits at least this long after start (default 1 minute: let the server warm up) */
  firstDelayMs?: number;
  /** called after each attempt (tests wait on it) */
  onAttempt?: (outcome: { file?: string; error?: Error }) => void;
}

export interface BackupSchedule {
  /** stops the timer and waits for a backup in progress */
  stop(): Promise<void>;
}

/** setTimeout holds at most 2^31-1 ms (24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function startBackupSchedule(opts: BackupScheduleOptions): BackupSchedule {
  const { dir, everyMs, keep, backup, log, firstDelayMs = 60_000, onAttempt } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const newestInFolder = (): number | undefined => {
    try {
      const times = fs.readdirSync(dir).map(scheduledBackupTime).filter((t): t is number => t !== undefined);
      return times.length ? Math.max(...times) : undefined;
    } catch {
      return undefined; // no folder yet, or an unusable one: the attempt will say why
    }
  };

  const wakeAt = (at: number) => {
    if (stopped) return;
    const wait = Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS);
    timer = setTimeout(() => (Date.now() >= at ? (running = attempt().finally(() => (running = undefined))) : wakeAt(at)), wait);
    timer.unref();
  };

  async function attempt(): Promise<void> {
    const startedAt = Date.now();
    try {
      fs.mkdirSync(dir, { recursive: true });
      removeAbandonedPartials(dir);
      const file = path.join(dir, scheduledBackupName(new Date(startedAt)));
      const result = await writeFileAtomically(file, backup);
      const deleted = backupsBeyondKeep(fs.readdirSync(dir), keep);
      for (const name of deleted) fs.rmSync(path.join(dir, name), { force: true });
      log.info(`Backup written: ${file} (${(result.bytes / 1e6).toFixed(1)} MB, ${result.manifest.files.length} files; ` +
        `the database was held ${Math.round(result.heldMs)} ms${deleted.length ? `; ${deleted.length} older deleted` : ''})`);
      onAttempt?.({ file });
    } catch (e) {
      log.error({ err: e }, `Scheduled backup into ${dir} failed: ${(e as Error).message}`);
      onAttempt?.({ error: e as Error });
    }
    wakeAt(startedAt + everyMs);
  }

  const newest = newestInFolder();
  wakeAt(Math.max(Date.now() + firstDelayMs, newest === undefined ? 0 : newest + everyMs));
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
