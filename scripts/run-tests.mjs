// `npm test`: every test (unit, API on PGlite and on PostgreSQL when TEST_DATABASE_URL is set,
// end to end in Chromium), then each phase's time, the ten slowest test files of each runner, and
// one closing line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slowestPlaywrightFiles, slowestVitestFiles, formatReport } from './test-report.mjs';

const out = mkdtempSync(join(tmpdir(), 'fh-tests-'));
const phases = [];
const run = (phase, cmd, args, env = {}) => {
  const start = performance.now();
  const status = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  phases.push({ phase, seconds: (performance.now() - start) / 1000 });
  return status;
};
let passed = 0;
let failed = 0;
const slowest = {};

const vitestJson = join(out, 'vitest.json');
const vitestTimes = join(out, 'vitest-files.json');
const vitestCode = run(
  'unit and API tests (Vitest)', 'node_modules/.bin/vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`, '--reporter=./scripts/vitest-file-times.ts'],
  { FH_VITEST_TIMES: vitestTimes },
);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else failed += 1;
if (existsSync(vitestTimes)) slowest.Vitest = slowestVitestFiles(JSON.parse(readFileSync(vitestTimes, 'utf8')));
if (vitestCode !== 0 && failed === 0) failed += 1;

const build = run('build (web app and server)', 'node', ['scripts/ensure-build.mjs', '--server']);
const pwJson = join(out, 'playwright.json');
const pwCode = build !== 0 ? 1 : run('end to end (Playwright)', 'node_modules/.bin/playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, FH_E2E_BUILT: '1' });
if (existsSync(pwJson)) {
  const r = JSON.parse(readFileSync(pwJson, 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected + (r.stats.skipped ?? 0) + (r.stats.flaky ?? 0);
  slowest.Playwright = slowestPlaywrightFiles(r);
} else failed += 1;
if (pwCode !== 0 && failed === 0) failed += 1;

console.log(formatReport(phases, slowest));
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitestCode === 0 && pwCode === 0 ? 0 : 1);
