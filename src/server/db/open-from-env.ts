import path from 'node:path';
import type { Env } from '../env.ts';
import { openDatabase, type Database } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (locked to one process). */
export function openDatabaseFromEnv(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) });
}
