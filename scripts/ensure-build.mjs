// `npm start` on a fresh clone: build the web app first when it has not been built.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!process.env.WEB_DIR && !existsSync(new URL('../dist/web/index.html', import.meta.url))) {
  console.log('No build found in dist/web: building the web app once (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}
