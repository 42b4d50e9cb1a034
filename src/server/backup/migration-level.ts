// The schema migration level of a database, as drizzle records it, named by the journal's tags.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '../paths.ts';
import { BackupError, type Manifest } from './backup-format.ts';

type Level = Manifest['database']['migrations'];

/** The migrations this version of Format Hub knows (drizzle's journal), oldest first. */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

/** What drizzle's migrations table says: how many were applied and the newest. */
export async function readMigrationLevel(client: PGlite): Promise<Level> {
  const { rows } = await client.query<{ count: number; last: number | null }>(
    'select count(*)::int as count, max(created_at)::float8 as last from drizzle.__drizzle_migrations',
  );
  const { count, last } = rows[0] ?? { count: 0, last: null };
  return { count, lastCreatedAt: last, lastTag: knownMigrations().find((m) => m.when === last)?.tag ?? null };
}

/** Refuses a backup whose schema is newer than this code: it would run on tables it does not know. */
export function assertMigrationLevelKnown(level: Level): void {
  const known = knownMigrations();
  const newest = known.at(-1)?.when ?? 0;
  if (level.lastCreatedAt !== null && level.lastCreatedAt > newest) {
    throw new BackupError(
      `it was made by a newer Format Hub (schema migration ${level.lastTag ?? level.lastCreatedAt}, this version knows up to ${known.at(-1)?.tag ?? 'none'}): upgrade Format Hub first`,
    );
  }
}
