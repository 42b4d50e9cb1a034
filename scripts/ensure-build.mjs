// `npm start` on a fresh clone, or after a change: build the web app and the server when their
// build is missing or older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const newest = (dirs) => {
  let t = 0;
  const walk = (d) => {
    if (!statSync(d).isDirectory()) {
      t = Math.max(t, statSync(d).mtimeMs);
      return;
    }
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!/\.test\.tsx?$/.test(e.name)) t = Math.max(t, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return t;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

if (!process.env.WEB_DIR && builtAt('dist/web/index.html') < newest(['src/web', 'src/domain', 'index.html'])) {
  console.log('Building the web app (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}
if (process.argv.includes('--server') && builtAt('dist/server/main.mjs') < newest(['src/server', 'src/domain', 'package.json'])) {
  console.log('Compiling the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
