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
    // No file is isolated: a worker imports the modules once, not once per file. The API files run in
    // forks (about 2 s of imports each saved); every file builds its own app on its own database, and
    // the server keeps no state in its modules. The unit files run in threads (a fifth of the unit
    // project's CPU saved, decision 025); the three that fake timers, stub globals or spy undo it
    // after each test, and scripts/vitest-unit-setup.ts undoes it after every file.
    poolOptions: { forks: { isolate: false }, threads: { isolate: false } },
    projects: [
      {
        test: {
          name: 'unit',
          pool: 'threads',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.live.test.ts'],
          setupFiles: ['scripts/vitest-unit-setup.ts'],
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
