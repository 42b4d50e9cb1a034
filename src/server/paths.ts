// Files the server reads from the project (migrations, demo data, EDOPro mappings, the built web
// app), found from the project root, so the same code runs from src/ (tsx) and from the compiled
// dist/server/main.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'assets'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No project root above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
export const MIGRATIONS_DIR = projectPath('src', 'server', 'db', 'migrations');
export const DEMO_DIR = projectPath('assets', 'demo');
export const EDOPRO_ASSETS_DIR = projectPath('assets', 'edopro');
export const WEB_DIST_DIR = projectPath('dist', 'web');
