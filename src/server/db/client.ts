import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../paths.ts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './lock.ts';
import { isStalePlan, preparedPglite } from './pglite-prepared.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres pool, for LISTEN/NOTIFY; absent on PGlite */
  pool?: pg.Pool;
  /** the embedded database's client and its folder (DATA_DIR/pglite), for backups; only on a PGlite data dir */
  embedded?: { client: PGlite; dir: string };
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string } // persistent, locked
  /** `snapshot`: a dump of a migrated database (`dumpDataDir`) to start from instead of initdb; tests open hundreds */
  | { kind: 'pglite-memory'; snapshot?: Blob };

/** SQLSTATEs of a transaction PostgreSQL aborted that succeeds when run again. */
const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure
export const TRANSACTION_ATTEMPTS = 5;

export function isRetryable(e: unknown): boolean {
  // the embedded database's prepared statement outlived its tables' shape: parsed afresh on the next try
  if (isStalePlan(e)) return true;
  for (let err = e as { code?: string; cause?: unknown } | undefined, depth = 0; err && depth < 4; err = err.cause as typeof err, depth++) {
    if (typeof err.code === 'string' && RETRYABLE.has(err.code)) return true;
  }
  return false;
}

/**
 * Every `db.transaction` of the app retries when PostgreSQL aborts it for a deadlock or a
 * serialization failure (after a short random pause), so such a race never reaches a person as
 * a 500. Transaction bodies therefore must only touch the database (publish after commit).
 */
function retryTransactions(db: Db): Db {
  const once = db.transaction.bind(db);
  db.transaction = (async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work, config);
      } catch (e) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(e)) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
  return db;
}

/** Open the database and apply pending migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    pool.on('error', () => {}); // idle client errors surface on the next query
    const db = retryTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    // several instances may start together: one migrates at a time
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }

  let lock: { release(): void } | undefined;
  let client: PGlite;
  const pgliteDir = opts.kind === 'pglite' ? pgliteDirOf(opts.dataDir) : undefined;
  if (opts.kind === 'pglite') {
    lock = lockDataDir(opts.dataDir);
    try {
      client = await openPgliteDir(pgliteDir!);
    } catch (e) {
      lock.release();
      throw e;
    }
  } else {
    client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: opts.snapshot });
  }
  // the app's statements are prepared once (decision 024); migrations run through PGlite's own query
  const db = retryTransactions(drizzlePglite(preparedPglite(client) as unknown as PGlite, { schema }) as unknown as Db);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    embedded: pgliteDir ? { client, dir: pgliteDir } : undefined,
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

/** Where the embedded database lives inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** A first boot interrupted half-way leaves a broken dir: initialise elsewhere, then rename. */
async function openPgliteDir(dir: string): Promise<PGlite> {
  if (!fs.existsSync(dir)) {
    const tmp = `${dir}.init-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    await initdbInChildProcess(tmp);
    fs.renameSync(tmp, dir);
  }
  const client = new PGlite(dir, PGLITE_OPTIONS);
  await client.waitReady;
  return client;
}

/**
 * PostgreSQL's defaults size the WASM heap for a server: 128 MB of shared buffers alone. The site's
 * data is tens of megabytes, so 32 MB holds its working set (about 150 MB less RSS).
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'] };

/**
 * initdb grows the WASM heap to ~800 MB and a WASM heap never shrinks: run it in a child process,
 * whose memory goes back to the system when it exits, and open the result here.
 */
function initdbInChildProcess(dir: string): Promise<void> {
  const code = `import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', code, dir], { cwd: PROJECT_ROOT, timeout: 300_000 }, (error, _out, stderr) =>
      error ? reject(new Error(`Could not initialise the embedded database in ${dir}: ${stderr.trim().split('\n').pop() ?? error.message}`)) : resolve(),
    );
  });
}
