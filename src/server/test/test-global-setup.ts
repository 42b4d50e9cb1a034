// Vitest's global setup of the API projects: one migrated database to copy for every test file
// (test-databases.ts), and the operator commands compiled as `npm run build` compiles them
// (test-cli.ts), made before the workers start and removed after the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SNAPSHOT_ENV, TEMPLATE_ENV, createPostgresTemplate, writePgliteSnapshot } from './test-databases.ts';
import { buildTestCli } from './test-cli.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cli = await buildTestCli();
  if (project.config.env.TEST_DB === 'postgres') {
    const template = await createPostgresTemplate();
    project.provide('testDatabases', { [TEMPLATE_ENV]: template.name, ...cli.env });
    return async () => {
      await template.drop();
      cli.remove();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  await writePgliteSnapshot(file);
  project.provide('testDatabases', { [SNAPSHOT_ENV]: file, ...cli.env });
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    cli.remove();
  };
}
