// Read-path throughput of the site beside a bare Node server answering the
// same bytes (the ceiling on this machine), at 32 connections. Figures, not assertions.
import { fmt, load, startBareServer, startServer } from './lib.ts';


const server = await startServer(8190);
const paths = ['/api/tournaments', '/api/banlists/dates', '/api/banlists/2026-07-01', '/api/series/summaries'];
console.log('endpoint                         bytes    req/s    p99 ms  | bare req/s  p99 ms | ratio');
try {
  for (const p of paths) {
    const res = await fetch(server.url + p);
    const body = Buffer.from(await res.arrayBuffer());
    const site = await load(server.url + p);
    const bare = await startBareServer(8191, body, res.headers.get('content-type') ?? 'application/json');
    const ceiling = await load(bare.url);
    bare.stop();
    console.log(
      `${p.padEnd(32)} ${String(body.length).padStart(6)} ${fmt(site.rps).padStart(8)} ${fmt(site.p99).padStart(8)}  | ${fmt(ceiling.rps).padStart(10)} ${fmt(ceiling.p99).padStart(7)} | ${fmt(site.rps / ceiling.rps, 2)}${site.errors ? `  (${site.errors} non-2xx/errors)` : ''}`,
    );
  }
} finally {
  server.stop();
}
process.exit(0);
