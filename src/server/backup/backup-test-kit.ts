// What the backup tests share: a server on a PGlite data dir on disk (as main.ts runs it, with the
// control socket), the CLI run as a separate process, and a digest of a folder's files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { seedPgliteDataDir } from '../test/test-databases.ts';
import { cliCommand } from '../test/test-cli.ts';
import { parseEnv } from '../env.ts';
import { listenLocally, type TestServer } from '../test/test-server.ts';
import type { WebhookTuning } from '../features/webhooks/event-webhooks.ts';
import { startBackups, type Backups, type StartBackupsOptions } from './backups.ts';


export const tempRoot = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

export type DiskServer = TestServer & { backups: Backups; dataDir: string };

/**
 * A server on `dataDir` (filled with a migrated database on first use), listening on a free port,
 * backups started; `webhooks` tunes its Discord outbox worker (`{ enabled: false }`: sends nothing).
 */
export async function startDiskServer(
  dataDir: string,
  { env = {}, log, schedule, webhooks }: {
    env?: Record<string, string>; log?: StartBackupsOptions['log']; schedule?: StartBackupsOptions['schedule']; webhooks?: WebhookTuning;
  } = {},
): Promise<DiskServer> {
  await seedPgliteDataDir(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  // tests seed test teams, as on a demo site (TEST_DATA)
  const settings = parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0', TEST_DATA: '1', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ env: settings, database, rateLimitScale: 100, webhooks });
  const backups = await startBackups({ env: settings, database, log: log ?? app.log, schedule });
  const { url } = await listenLocally(app);
  return {
    app,
    database,
    backups,
    dataDir,
    url,
    close: async () => {
      await backups.close();
      await app.close();
      await database.close();
    },
  };
}

/** `npm run cli -- <args>` as an operator runs it, in its own process. */
export function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(...cliCommand(args), { env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, timeout: 180_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

/** Every file under `dir` with its SHA-256 (empty when `dir` is absent). */
export function digestTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) {
        out[`${r}/`] = 'dir';
        walk(r);
      } else {
        out[r] = createHash('sha256').update(fs.readFileSync(path.join(dir, r))).digest('hex');
      }
    }
  };
  if (fs.existsSync(dir)) walk('');
  return out;
}
