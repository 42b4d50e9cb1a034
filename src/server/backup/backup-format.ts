// What a backup file is (docs/decisions/015-backups.md): a ZIP archive holding the embedded
// database's folder file by file (deflated), the uploads (stored: images are compressed already)
// and, last, manifest.json naming the format version, the schema migration level and the size and
// SHA-256 of every file. Pure: no I/O here.
import { z } from 'zod';

export const BACKUP_FORMAT = 'format-hub-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** the PGlite folder (DATA_DIR/pglite) in the archive */
export const DATABASE_PREFIX = 'database/pgdata/';
/** DATA_DIR/uploads in the archive */
export const UPLOADS_PREFIX = 'uploads/';

/** A failure an operator reads: one sentence, no stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const POSTGRES_BACKUP_LINE =
  'DATABASE_URL is set, so the data lives in PostgreSQL: back it up with pg_dump -Fc and restore it with pg_restore, ' +
  'and copy DATA_DIR/uploads yourself (README, "Backups"); this command handles the embedded database only.';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  /** when the database was copied: every write answered before this instant is in the backup */
  createdAt: z.string(),
  database: z.object({
    engine: z.literal('pglite'),
    /** PG_VERSION of the data folder */
    postgresVersion: z.string(),
    /** drizzle migrations applied: how many, and the newest (its journal tag and timestamp) */
    migrations: z.object({ count: z.number().int().min(0), lastTag: z.string().nullable(), lastCreatedAt: z.number().nullable() }),
    /** how long the database answered no query while it was copied (CHECKPOINT included) */
    heldMs: z.number(),
  }),
  /** folders to create (empty ones matter: PostgreSQL needs pg_tblspc, pg_notify, ...) */
  directories: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: sha256Hex })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * True for a path inside the archive's database or uploads folder that cannot climb out of it:
 * forward slashes, no empty, `.` or `..` segment, no backslash or NUL (a hostile archive must not
 * write outside the folder it restores into).
 */
export function isSafeEntryPath(p: string): boolean {
  const prefix = p.startsWith(DATABASE_PREFIX) ? DATABASE_PREFIX : p.startsWith(UPLOADS_PREFIX) ? UPLOADS_PREFIX : undefined;
  if (!prefix) return p === UPLOADS_PREFIX.slice(0, -1);
  const rest = p.slice(prefix.length);
  if (!rest || /[\\\0]/.test(rest)) return false;
  return rest.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Where an archive path goes under the folder being restored (posix segments). */
export function restoredPath(p: string): string[] {
  if (p.startsWith(DATABASE_PREFIX)) return ['pglite', ...p.slice(DATABASE_PREFIX.length).split('/')];
  return p.split('/'); // uploads/...
}

/** Parses and checks a manifest; every problem is one sentence. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError('its manifest is not JSON');
  }
  if ((raw as { format?: unknown })?.format !== BACKUP_FORMAT) throw new BackupError('it is not a Format Hub backup (its manifest names another format)');
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(`it was written in backup format ${version}, newer than this version of Format Hub reads (${BACKUP_FORMAT_VERSION}): upgrade first`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`its manifest is incomplete (${parsed.error.issues[0]?.path.join('.') || 'format'})`);
  const m = parsed.data;
  for (const p of [...m.directories, ...m.files.map((f) => f.path)]) {
    if (!isSafeEntryPath(p)) throw new BackupError(`its manifest names an unsafe path (${JSON.stringify(p).slice(0, 80)})`);
  }
  if (!m.files.some((f) => f.path === `${DATABASE_PREFIX}PG_VERSION`)) throw new BackupError('it holds no database');
  return m;
}

// ---- names of scheduled backups -----------------------------------------------------------------

const SCHEDULED = /^format-hub-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.zip$/;

/** `format-hub-backup-2025-01-31T03-00-00.000Z.zip`: sorts by name in time order. */
export function scheduledBackupName(at: Date): string {
  return `format-hub-backup-${at.toISOString().replace(/:/g, '-')}.zip`;
}

/** The instant in a scheduled backup's name, or undefined for any other file. */
export function scheduledBackupTime(name: string): number | undefined {
  const m = SCHEDULED.exec(name);
  if (!m) return undefined;
  const t = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(t) ? undefined : t;
}

/** Scheduled backups beyond the newest `keep`, oldest first; files of other names are never chosen. */
export function backupsBeyondKeep(names: string[], keep: number): string[] {
  const ours = names.filter((n) => scheduledBackupTime(n) !== undefined).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
}
