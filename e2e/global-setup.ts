// Seeds the data dirs every worker copies (e2e/servers.ts): the demo data once, not once per server.
import path from 'node:path';
import { startServer } from './servers.ts';

export const seededDir = (kind: 'demo' | 'empty') => path.join(process.env.FH_E2E_RUN_DIR!, `seed-${kind}`);

export default async function globalSetup() {
  const basePort = Number(process.env.E2E_PORT ?? 8090);
  const servers = await Promise.all([
    startServer({ port: basePort + 98, dataDir: seededDir('demo'), demo: true }),
    startServer({ port: basePort + 99, dataDir: seededDir('empty'), demo: false }),
  ]);
  await Promise.all(servers.map((s) => s.stop()));
}
