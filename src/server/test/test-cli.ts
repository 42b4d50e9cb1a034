// The operator commands (src/server/cli.ts) as the API tests run them, each in its own process: compiled
// once per run by the global setup, as `npm run build` compiles them into dist/server/cli.mjs, and run
// with plain node. Through tsx each start cost a second more of CPU, on thirty-odd starts a run. Without
// the global setup (a file run on its own by other means), tsx runs the source as `npm run cli` does.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildServer } from '../../../scripts/build-server.mjs';
import { PROJECT_ROOT } from '../paths.ts';

export const TEST_CLI_ENV = 'FH_TEST_CLI';

/** Compiles the CLI under node_modules/.cache (inside the project: it finds the project root and its packages from there). */
export async function buildTestCli(): Promise<{ env: Record<string, string>; remove(): void }> {
  const outdir = path.join(PROJECT_ROOT, 'node_modules', '.cache', `fh-test-cli-${randomBytes(6).toString('hex')}`);
  await buildServer({ outdir, entryPoints: { cli: path.join(PROJECT_ROOT, 'src/server/cli.ts') } });
  return { env: { [TEST_CLI_ENV]: path.join(outdir, 'cli.mjs') }, remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

/** The program and arguments of `npm run cli -- <args>`. */
export function cliCommand(args: readonly string[]): [string, string[]] {
  const compiled = process.env[TEST_CLI_ENV];
  if (compiled) return [process.execPath, ['--enable-source-maps', compiled, ...args]];
  return [path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), [path.join(PROJECT_ROOT, 'src/server/cli.ts'), ...args]];
}
