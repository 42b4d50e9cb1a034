// Read-path throughput of the site beside a bare Node server answering the same bytes, headers
// included (the ceiling on this machine), at 32 connections: the home page's lists and a running 256-team
// tournament's pages (standings, scoreboard, a round's matches, the tournament). Goal: at least
// 0.8 of the bare server. Each side is measured three times by turns; the medians are printed.
// Figures, not assertions.
import { TestClient } from '../src/server/test/test-server.ts';
import { fmt, load, replayableHeaders, startBareServer, startServer, type LoadResult } from './lib.ts';

const ROUNDS = 3;
const SECONDS = 3;
/** the run of median throughput */
const medianOf = (runs: LoadResult[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

const server = await startServer(8190, { RATE_LIMIT_SCALE: '1000' });
try {
  const ada = new TestClient(server.url);
  await ada.signIn('100000000000000001', 'Ada');
  const { uid } = (await (await ada.post('/api/tournaments/host', { name: 'Bench reads' })).json()) as { uid: string };
  await ada.post(`/api/tournaments/${uid}/seed-test?count=256`);
  await ada.post(`/api/tournaments/${uid}/start`);
  const paths = [
    '/api/tournaments', '/api/series/summaries', '/api/banlists/dates', '/api/banlists/2026-07-01',
    `/api/tournaments/${uid}/standings`, `/api/tournaments/${uid}/scoreboard`, `/api/tournaments/${uid}/matches?round=1`, `/api/tournaments/${uid}`,
  ];
  console.log('endpoint                                        bytes    req/s    p99 ms  | bare req/s  p99 ms | ratio');
  for (const p of paths) {
    // the bytes autocannon gets: no Accept-Encoding
    const res = await fetch(server.url + p, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    const bare = await startBareServer(8191, body, res.headers.get('content-type') ?? 'application/json', replayableHeaders(res.headers));
    // site and bare by turns, the median of each: the noise of a shared 2-core machine falls on both alike
    const sites: LoadResult[] = [];
    const bares: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      sites.push(await load(server.url + p, 32, SECONDS));
      bares.push(await load(bare.url, 32, SECONDS));
    }
    await bare.stop();
    const [site, ceiling] = [medianOf(sites), medianOf(bares)];
    const label = p.replace(uid, '{uid}');
    console.log(
      `${label.padEnd(47)} ${String(body.length).padStart(6)} ${fmt(site.rps).padStart(8)} ${fmt(site.p99).padStart(8)}  | ${fmt(ceiling.rps).padStart(10)} ${fmt(ceiling.p99).padStart(7)} | ${fmt(site.rps / ceiling.rps, 2)}${site.errors ? `  (${site.errors} non-2xx/errors)` : ''}`,
    );
  }
} finally {
  await server.stop();
}
process.exit(0);
