// Compiles the server (src/server and the src/domain it imports) into dist/server/main.mjs and
// dist/server/cli.mjs with esbuild: one file each, packages left in node_modules. `npm start` runs
// it with plain node: no TypeScript compiler at start, no esbuild helper processes.
import { build } from 'esbuild';

export async function buildServer({ outdir = 'dist/server', entryPoints = { main: 'src/server/main.ts', cli: 'src/server/cli.ts' } } = {}) {
  await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
