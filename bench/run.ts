// `npm run bench`: every bench/*.bench.ts in turn, each printing its own figures and ratios.
// Pass names to run a few: npm run bench -- home-api banlist-api
import { execFileSync, execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// the web app and the compiled server, as `npm start` has them
execSync('node scripts/ensure-build.mjs --server', { stdio: 'inherit' });
const only = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts')).sort()
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.bench\.ts$/, '')));
for (const f of files) {
  console.log(`\n== ${f.replace(/\.bench\.ts$/, '')} ==`);
  execFileSync('node_modules/.bin/tsx', [`bench/${f}`], { stdio: 'inherit' });
}
