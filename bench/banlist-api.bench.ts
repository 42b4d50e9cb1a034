// GET /api/banlists/{date} of a 6,177-card list (HAT 2014.4, imported through the API as an admin) at 32
// connections, beside a bare Node http server answering the same bytes: the ceiling on this machine.
// Figures, not assertions; the target is a ratio of at least 0.5 for the plain (uncompressed) request.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TestClient } from '../src/server/test/test-server.ts';
import { fmt, load, startBareServer, startServer, type LoadResult } from './lib.ts';

// the site on PORT, the bare servers on PORT + 1 and PORT + 2
const PORT = Number(process.env.BENCH_PORT ?? 8220);
const DURATION = Number(process.env.DURATION ?? 5);
const DATE = '2014-04-01';
const ADA = '100000000000000001'; // demo admin (auth 2)
const HAT = new URL('../../shared/data/lflists/2014.4-HAT.lflist.conf', import.meta.url);

const server = await startServer(PORT);
const row = (label: string, bytes: number, site: LoadResult, bare: LoadResult) =>
  console.log(
    `${label.padEnd(22)} ${fmt(bytes).padStart(10)} ${fmt(site.rps).padStart(8)} ${fmt(site.p99).padStart(7)}  | ${fmt(bare.rps).padStart(9)} ${fmt(bare.p99).padStart(7)} | ${fmt(site.rps / bare.rps, 2)}` +
      `${site.errors ? `  (${site.errors} non-2xx/errors)` : ''}`,
  );
try {
  const admin = new TestClient(server.url);
  await admin.signIn(ADA, 'Ada');
  const imported = await admin.request('PUT', `/api/banlists/${DATE}`, { body: fs.readFileSync(HAT, 'utf8') });
  if (imported.status !== 200) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  const { name, entries } = (await imported.json()) as { name: string; entries: number };

  const url = `${server.url}/api/banlists/${DATE}`;
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? 'application/json';
  await fetch(url, { headers: { 'accept-encoding': 'gzip' } }); // first gzip request compresses; later ones reuse it

  console.log(`GET /api/banlists/${DATE}: "${name}", ${fmt(entries)} entries, 32 connections, ${DURATION} s each`);
  console.log('request                     bytes    req/s  p99 ms  | bare req/s  p99 ms | ratio');

  const plain = await load(url, 32, DURATION);
  let bare = await startBareServer(PORT + 1, body, type);
  const plainCeiling = await load(bare.url, 32, DURATION);
  await bare.stop();
  row('plain', body.length, plain, plainCeiling);

  const gz = gzipSync(body);
  const gzipped = await load(url, 32, DURATION, { 'accept-encoding': 'gzip' });
  bare = await startBareServer(PORT + 2, gz, type);
  const gzipCeiling = await load(bare.url, 32, DURATION);
  await bare.stop();
  row('accept-encoding: gzip', gz.length, gzipped, gzipCeiling);

  const ratio = plain.rps / plainCeiling.rps;
  console.log(`ratio (plain) ${fmt(ratio, 2)}: ${ratio >= 0.5 ? 'meets' : 'BELOW'} the target of 0.5`);
} finally {
  await server.stop();
}
process.exit(0);
