import { defineConfig } from 'vitest/config';

// Unit tests (domain, server units) run once; API tests run once per database:
// PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// Every phase is CPU-bound on CI's two cores: one worker per core (VITEST_MAX_WORKERS to change it).
// minWorkers = maxWorkers: with isolate off, tinypool's retiring of an idle worker kills it mid-run.
const workers = Number(process.env.VITEST_MAX_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers: workers,
    minWorkers: workers,
    // The API files run in forks that are not isolated: a worker imports the server once, not once
    // per file (about 2 s each); every file builds its own app on its own database, and the server
    // keeps no state in its modules. Vitest 3 sets isolation per pool, not per project, so the unit
    // files, some of which fake timers and globals, run isolated in the threads pool.
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    projects: [
      {
        test: {
          name: 'unit',
          pool: 'threads',
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
          // one migrated database per run, copied for each file (src/server/test/test-databases.ts)
          globalSetup: ['src/server/test/test-global-setup.ts'],
          setupFiles: ['src/server/test/test-setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
