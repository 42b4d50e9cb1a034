// `npm run bench`: every bench/*.bench.ts in turn, each printing its own figures and ratios.
// Pass names to run a few: npm run bench -- home-api banlist-api
import { execFileSync, execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// the web app and the compiled server, as `npm start` has them
execSync('node scripts/ensure-build.mjs --server', { stdio: 'inherit' });
const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts')).sort()
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.bench\.ts$/, '')));
// one bench that fails (a missing service, a crash) does not keep the others from printing
const failed: string[] = [];
for (const f of files) {
  const name = f.replace(/\.bench\.ts$/, '');
  console.log(`\n== ${name} ==`);
  try {
    execFileSync('node_modules/.bin/tsx', [`bench/${f}`], { stdio: 'inherit' });
  } catch {
    failed.push(name);
  }
}
if (failed.length) {
  console.log(`\nbenches that failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
