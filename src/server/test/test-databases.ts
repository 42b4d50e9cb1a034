// Fresh databases for tests, made cheaply. A fresh embedded database is initdb (about 2 s of CPU)
// plus the migrations; loading a dump of one migrated database takes a fifth of that. A fresh
// PostgreSQL database is a copy of one migrated template (CREATE DATABASE … TEMPLATE) instead of
// the migrations run again. Vitest's global setup (test-global-setup.ts) makes both once per run;
// without it (benchmarks) the snapshot is made once per process and PostgreSQL migrates as usual.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import path from 'node:path';
import { openDatabase, pgliteDirOf } from '../db/client.ts';

/** The file holding the migrated embedded database's dump, set by the global setup. */
export const SNAPSHOT_ENV = 'FH_TEST_PGLITE_SNAPSHOT';
/** The migrated PostgreSQL database fresh ones are copied from, set by the global setup. */
export const TEMPLATE_ENV = 'FH_TEST_PG_TEMPLATE';

/** Dumps a newly migrated embedded database into `file` (written whole, then renamed into place). */
export async function writePgliteSnapshot(file: string): Promise<void> {
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${file}.part`, file);
  } finally {
    await client.close();
  }
}

let snapshot: Promise<Blob> | undefined;

/** The migrated snapshot: read from the global setup's file, or made here once. */
export function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = process.env[SNAPSHOT_ENV];
    if (file && fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  return snapshot;
}

/**
 * Makes `dataDir` hold the embedded database as a first start leaves it (initdb, then the
 * migrations), from the migrated snapshot: a first start runs initdb in a child process, about 9 s
 * of CPU on CI, where loading the snapshot takes under 2. For tests of what a server or a command
 * does with a data dir, not of the first start itself (src/server/db/pglite-prepared and the end-to-end
 * seeding run that one).
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite({ dataDir: dir, loadDataDir: await pgliteSnapshot() });
  await client.waitReady;
  await client.close();
}

/** Runs one statement on the server's maintenance connection (TEST_DATABASE_URL). */
export async function adminQuery(statement: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A test database's address. Its sessions commit without waiting for the WAL to reach the disk
 * (synchronous_commit off): a crash of the PostgreSQL server could lose the last commits of a test
 * database, which nobody keeps, and every commit is about a millisecond cheaper; what is committed,
 * and in which order, is the same.
 */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  if (!url.searchParams.has('options')) url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

/** A migrated PostgreSQL database to copy fresh ones from; nobody may stay connected to it. */
export async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `fh_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
  await database.close();
  return { name, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresDatabase(prefix = 'fh_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEMPLATE_ENV];
  if (template && !/^fh_template_[0-9a-f]+$/.test(template)) throw new Error(`${TEMPLATE_ENV} is not a template's name: ${template}`);
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
