import { describe, expect, test } from 'vitest';
import {
  BACKUP_FORMAT, backupsBeyondKeep, isSafeEntryPath, parseManifest, restoredPath, scheduledBackupName, scheduledBackupTime, type Manifest,
} from './backup-format.ts';

const manifest = (over: Partial<Manifest> = {}): Manifest => ({
  format: BACKUP_FORMAT,
  version: 1,
  createdAt: '2025-01-31T03:00:00.000Z',
  database: { engine: 'pglite', postgresVersion: '18', migrations: { count: 5, lastTag: '0004_x', lastCreatedAt: 1 }, heldMs: 120 },
  directories: ['database/pgdata/pg_tblspc', 'uploads'],
  files: [{ path: 'database/pgdata/PG_VERSION', bytes: 3, sha256: 'a'.repeat(64) }],
  ...over,
});

describe('archive paths', () => {
  test.each([
    ['database/pgdata/base/5/16384', true],
    ['uploads/a1.png', true],
    ['uploads/nested/x.gif', true],
    ['uploads', true],
    ['database/pgdata/', false],
    ['uploads/../../etc/passwd', false],
    ['uploads/./a', false],
    ['uploads//a', false],
    ['uploads/a\\..\\b', false],
    ['/etc/passwd', false],
    ['manifest.json', false],
    ['other/a', false],
  ])('%s is safe: %s', (p, safe) => expect(isSafeEntryPath(p)).toBe(safe));

  test('the database goes to pglite/, uploads to uploads/', () => {
    expect(restoredPath('database/pgdata/base/5/1')).toEqual(['pglite', 'base', '5', '1']);
    expect(restoredPath('uploads/a.png')).toEqual(['uploads', 'a.png']);
  });
});

describe('the manifest', () => {
  test('a good one parses', () => expect(parseManifest(JSON.stringify(manifest()))).toEqual(manifest()));
  test.each([
    ['not json', '{', /not JSON/],
    ['another format', JSON.stringify({ ...manifest(), format: 'zip' }), /not a Format Hub backup/],
    ['a newer format', JSON.stringify({ ...manifest(), version: 2 }), /backup format 2, newer .*upgrade first/],
    ['a missing field', JSON.stringify({ ...manifest(), database: undefined }), /incomplete \(database\)/],
    ['an unsafe path', JSON.stringify(manifest({ files: [{ path: 'uploads/../x', bytes: 1, sha256: 'b'.repeat(64) }] })), /unsafe path/],
    ['no database', JSON.stringify(manifest({ files: [] })), /holds no database/],
  ])('%s is refused in a sentence', (_, text, why) => expect(() => parseManifest(text)).toThrow(why));
});

describe('scheduled backup names', () => {
  test('carry their instant and sort in time order', () => {
    const at = new Date('2025-01-31T03:04:05.678Z');
    expect(scheduledBackupName(at)).toBe('format-hub-backup-2025-01-31T03-04-05.678Z.zip');
    expect(scheduledBackupTime(scheduledBackupName(at))).toBe(at.getTime());
    expect(scheduledBackupTime('format-hub-backup-2025-01-31.zip')).toBeUndefined();
    expect(scheduledBackupTime('.format-hub-backup-2025-01-31T03-04-05.678Z.zip.partial-12')).toBeUndefined();
  });

  test('only the oldest of our own beyond the number kept are deleted', () => {
    const names = [3, 1, 4, 2].map((d) => scheduledBackupName(new Date(Date.UTC(2025, 0, d))));
    const others = ['notes.txt', 'format-hub-backup-manual.zip', '.format-hub-backup-x.partial-1'];
    expect(backupsBeyondKeep([...names, ...others], 2)).toEqual([names[1], names[3]]);
    expect(backupsBeyondKeep([...names, ...others], 7)).toEqual([]);
  });
});
