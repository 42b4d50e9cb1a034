// The lint rule that keeps queries in repositories (issue 40 §3, eslint.config.js): a query put back in a
// handler or a helper fails `npm run lint`, the same text in a *-repository.ts or src/server/db/ passes.
// One ESLint of the project's own config, fed text under paths that need not exist.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages of the rule for `text` as if it were the file at `file` (relative to the root). */
async function refusals(text: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

// a handler's query as report-routes.ts had one before the records repository
const QUERY = `import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recordDecks } from '../../db/schema.ts';

export async function publishedDeck(tx: Tx, uid: string, id: number) {
  const [deck] = await tx.select().from(recordDecks).where(and(eq(recordDecks.id, id), eq(recordDecks.tournamentUid, uid)));
  return deck;
}
`;
const RAW = `import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';

export const names = (db: Db) => rawRows(db, sql\`select name from series\`);
`;
const SCHEMA_TYPE = `import type { users } from '../../db/schema.ts';

export type Row = typeof users.$inferSelect;
`;
const SQL_TYPE = `import type { SQL } from 'drizzle-orm';
import { type SQLWrapper } from 'drizzle-orm';

export interface Notices { noticeSql(key: string): SQL | SQLWrapper | undefined }
`;

describe('queries only in repositories', () => {
  test.each([
    ['a route file', 'src/server/features/x/x-routes.ts'],
    ['a helper of a feature', 'src/server/features/x/x-reads.ts'],
    ['the auth plugin', 'src/server/auth/x-plugin.ts'],
    ['the live channel (its transport aside)', 'src/server/realtime/realtime.ts'],
  ])('refuses query builders and tables in %s', async (_label, file) => {
    const query = await refusals(QUERY, file);
    expect(query).toHaveLength(2);
    expect(query[0]).toContain('Queries live in the feature\'s *-repository.ts');
    expect(query[1]).toContain('Tables are read and written in the feature\'s *-repository.ts');
    expect(await refusals(RAW, file)).toHaveLength(2);
  });

  test('refuses even a type of the schema outside a repository: row types come from the repository', async () => {
    expect(await refusals(SCHEMA_TYPE, 'src/server/features/x/x-import.ts')).toHaveLength(1);
  });

  test('allows drizzle-orm\'s types anywhere: a type builds no query', async () => {
    expect(await refusals(SQL_TYPE, 'src/server/features/x/x-helpers.ts')).toEqual([]);
  });

  test.each([
    ['a repository', 'src/server/features/x/x-repository.ts'],
    ['a repository outside features', 'src/server/auth/sessions-repository.ts'],
    ['the database folder', 'src/server/db/x.ts'],
    ['the live channel\'s transport (NOTIFY and LISTEN)', 'src/server/realtime/fanout.ts'],
    ['a test', 'src/server/features/x/x.api.test.ts'],
    ['a test kit', 'src/server/features/x/x-test-kit.ts'],
    ['the test harness', 'src/server/test/x.ts'],
  ])('allows the same text in %s', async (_label, file) => {
    expect(await refusals(QUERY, file)).toEqual([]);
    expect(await refusals(RAW, file)).toEqual([]);
  });
});
