import { defineConfig } from 'vitest/config';

// Unit tests (domain, server units) run once; API tests run once per database:
// PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single one on CI's 2 cores, where the API
    // files spend most of their time waiting on PostgreSQL and the network. Three overlap that wait.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.live.test.ts'],
        },
      },
      ...databases.map((db) => ({
        test: {
          name: `api-${db}`,
          include: ['src/**/*.api.test.ts', 'src/**/*.live.test.ts'],
          // *.pglite.api.test.ts: what only the embedded database has (its files, backups)
          exclude: db === 'postgres' ? ['src/**/*.pglite.api.test.ts'] : [],
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
