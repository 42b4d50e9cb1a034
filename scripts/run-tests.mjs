// `npm test`: every test (unit, API on PGlite and on PostgreSQL when TEST_DATABASE_URL is set,
// end to end in Chromium), then one closing line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'fh-tests-'));
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
let passed = 0;
let failed = 0;

const vitestJson = join(out, 'vitest.json');
const vitestCode = run('node_modules/.bin/vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else failed += 1;
if (vitestCode !== 0 && failed === 0) failed += 1;

const build = run('node', ['scripts/ensure-build.mjs', '--server']);
const pwJson = join(out, 'playwright.json');
const pwCode = build !== 0 ? 1 : run('node_modules/.bin/playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
if (existsSync(pwJson)) {
  const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected + (s.skipped ?? 0);
} else failed += 1;
if (pwCode !== 0 && failed === 0) failed += 1;

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitestCode === 0 && pwCode === 0 ? 0 : 1);
