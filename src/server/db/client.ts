import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres pool, for LISTEN/NOTIFY; absent on PGlite */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string } // persistent, locked
  | { kind: 'pglite-memory' };

/** Open the database and apply pending migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    pool.on('error', () => {}); // idle client errors surface on the next query
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
  if (opts.kind === 'pglite') {
    lock = lockDataDir(opts.dataDir);
    try {
      client = await openPgliteDir(path.join(opts.dataDir, 'pglite'));
    } catch (e) {
      lock.release();
      throw e;
    }
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

/** A first boot interrupted half-way leaves a broken dir: initialise elsewhere, then rename. */
async function openPgliteDir(dir: string): Promise<PGlite> {
  if (!fs.existsSync(dir)) {
    const tmp = `${dir}.init-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    const fresh = new PGlite(tmp);
    await fresh.waitReady;
    await fresh.close();
    fs.renameSync(tmp, dir);
  }
  const client = new PGlite(dir);
  await client.waitReady;
  return client;
}
