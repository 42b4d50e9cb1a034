// Scheduled backups (BACKUP_DIR) on a running server, with the interval shortened through the
// schedule hook: files appear, only BACKUP_KEEP stay, a failure is logged and the server serves
// on. Also the control socket's reach, and the warning on PostgreSQL.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, TestClient } from '../test/test-server.ts';
import { parseEnv } from '../env.ts';
import { scheduledBackupTime } from './backup-format.ts';
import { checkBackupFile } from './backup-reader.ts';
import { startBackups } from './backups.ts';
import { startDiskServer, tempRoot } from './backup-test-kit.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Each database's suite, the other's not declared at all: npm test counts a skipped test as failed. */
const suiteOn = (db: 'pglite' | 'postgres') => ((db === 'postgres') === onPostgres ? describe : (_name: string, _body: () => void) => undefined);

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    info: (msg: string) => void lines.push({ level: 'info', msg }),
    warn: (msg: string) => void lines.push({ level: 'warn', msg }),
    error: (_obj: object, msg: string) => void lines.push({ level: 'error', msg }),
  };
}

/** Resolves after `n` attempts of the schedule. */
function attempts(n: number) {
  const outcomes: { file?: string; error?: Error }[] = [];
  let done!: () => void;
  const reached = new Promise<void>((r) => (done = r));
  return { outcomes, reached, onAttempt: (o: { file?: string; error?: Error }) => outcomes.push(o) >= n && done() };
}

suiteOn('pglite')('scheduled backups', () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = tempRoot('fh-backup-schedule-');
    dataDir = path.join(root, 'data');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('write a backup every interval and keep only BACKUP_KEEP of them', async () => {
    const dir = path.join(root, 'backups');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup'); // other files are never deleted
    const log = recordingLog();
    const three = attempts(3);
    const server = await startDiskServer(dataDir, {
      env: { BACKUP_DIR: dir, BACKUP_KEEP: '2' }, log, schedule: { everyMs: 300, firstDelayMs: 0, onAttempt: three.onAttempt },
    });
    try {
      await three.reached;
    } finally {
      await server.close();
    }
    expect(three.outcomes.filter((o) => o.error)).toEqual([]);
    const written = three.outcomes.map((o) => path.basename(o.file!));
    const names = fs.readdirSync(dir).sort();
    expect(names).toEqual([...written.slice(-2), 'notes.txt'].sort());
    for (const name of written.slice(-2)) {
      expect(scheduledBackupTime(name)).toBeTypeOf('number');
      expect((await checkBackupFile(path.join(dir, name))).manifest.database.migrations.count).toBeGreaterThan(0);
    }
    expect(log.lines.filter((l) => l.level === 'info' && l.msg.startsWith('Backup written: ')).length).toBeGreaterThanOrEqual(3);
    expect(log.lines.some((l) => /1 older deleted/.test(l.msg))).toBe(true);
  }, 120_000);

  test('a failed backup is logged as an error and the server serves on', async () => {
    const notAFolder = path.join(root, 'a-file');
    fs.writeFileSync(notAFolder, 'BACKUP_DIR points at a file');
    const log = recordingLog();
    const two = attempts(2);
    const server = await startDiskServer(dataDir, { env: { BACKUP_DIR: notAFolder }, log, schedule: { everyMs: 200, firstDelayMs: 0, onAttempt: two.onAttempt } });
    try {
      await two.reached;
      expect(two.outcomes.every((o) => o.error)).toBe(true);
      const errors = log.lines.filter((l) => l.level === 'error');
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(errors[0]!.msg).toMatch(new RegExp(`^Scheduled backup into ${notAFolder} failed: `));
      expect((await new TestClient(server.url).get('/api/tournaments')).status).toBe(200);
    } finally {
      await server.close();
    }
    expect(fs.readFileSync(notAFolder, 'utf8')).toBe('BACKUP_DIR points at a file');
  }, 120_000);

  test('the control socket is reachable only by this user and takes only the backup command', async () => {
    const server = await startDiskServer(dataDir);
    try {
      const socket = server.backups.socketPath!;
      expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(socket).mode & 0o077).toBe(0);
      const reply = await new Promise<string>((resolve, reject) => {
        const c = net.connect(socket, () => c.write('{"command":"drop tables"}\n'));
        let text = '';
        c.on('data', (d) => (text += d.toString()));
        c.on('end', () => resolve(text));
        c.on('error', reject);
      });
      expect(JSON.parse(reply)).toEqual({ ok: false, error: expect.stringMatching(/^Unknown command/) });
    } finally {
      await server.close();
    }
    expect(fs.existsSync(path.join(dataDir, '.control', 'format-hub.sock'))).toBe(false);
  }, 120_000);
});

suiteOn('postgres')('scheduled backups on PostgreSQL', () => {
  test('are off, with a warning naming pg_dump', async () => {
    const root = tempRoot('fh-backup-pg-');
    const database = await createTestDatabase();
    const log = recordingLog();
    try {
      const env = parseEnv({ DATA_DIR: path.join(root, 'data'), BACKUP_DIR: path.join(root, 'backups') });
      const backups = await startBackups({ env, database, log, schedule: { everyMs: 100, firstDelayMs: 0 } });
      await new Promise((r) => setTimeout(r, 400));
      await backups.close();
      expect(log.lines).toEqual([{ level: 'warn', msg: expect.stringMatching(/^BACKUP_DIR is set but the database is PostgreSQL .*pg_dump/) }]);
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      await database.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
