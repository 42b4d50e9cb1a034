// Print and export of a 4,096-team Swiss round (issue 19) through the HTTP API of the compiled
// server, on PGlite and, when TEST_DATABASE_URL or DATABASE_URL names one, on PostgreSQL: after the
// start, the print view's reads (pairings with players, standings), pairings.csv and standings.csv,
// each first read after a write (a result: the export is made afresh) and read again (from the read
// cache), beside today's reads of the same round and standings; and the render of the print view's
// lists (renderToString of the page's own components, React's production build). The bar:
// print and CSV of such a round at most 300 ms. Figures, not assertions.
import pg from 'pg';
import type { PrintPairings, PrintStandings } from '../src/domain/api/event-exports.ts';
import { TestClient } from '../src/server/test/test-server.ts';
import { createPostgresDatabase } from '../src/server/test/test-databases.ts';
import { fmt, startServer } from './lib.ts';

// the page's render as a browser runs it: React's production build (loaded after this is set)
process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { PairingsLists, StandingsList } = await import('../src/web/features/tournaments/print/print-tables.tsx');

const TEAMS = Number(process.env.BENCH_TEAMS ?? 4096);
const BAR_MS = 300;
const ADA = '100000000000000001'; // a demo admin
const PORT = 8270;

async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (next < items.length) await work(items[next++]!); }));
}
async function ok<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One GET, read to the end: ms and bytes. */
async function timed(client: TestClient, path: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await client.get(path, { 'accept-encoding': 'gzip, br' });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length };
}

type Match = { id: number; team1Id: string | null; team2Id: string | null; complete: boolean };

async function run(label: string, extraEnv: Record<string, string>) {
  const server = await startServer(PORT, { RATE_LIMIT_SCALE: '1000', ...extraEnv });
  try {
    const admin = new TestClient(server.url);
    await admin.signIn(ADA, 'Ada');
    const { uid } = await ok<{ uid: string }>(await admin.post('/api/tournaments/host', { name: 'Bench Print Open', manualDeckChecking: false }));
    const api = `/api/tournaments/${uid}`;
    const t0 = performance.now();
    await ok(await admin.post(`${api}/seed-test?count=${TEAMS}`));
    await ok(await admin.post(`${api}/start`));
    const round = (await ok<Match[]>(await admin.get(`${api}/matches?round=1`))).filter((m) => !m.complete && m.team1Id && m.team2Id);
    // some results in, as mid-round (standings with records, pairings with scores)
    await pool(round.slice(-64), 16, async (m) => {
      await ok(await admin.post(`${api}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 1 }));
    });
    console.log(`[${label}] ${TEAMS} teams seeded, started and 64 results in ${fmt((performance.now() - t0) / 1000, 1)} s; round 1 has ${round.length} matches`);

    // a write before each first read: every export is made afresh, as after a report on the night
    let writes = 0;
    const write = async () => {
      const m = round[writes++]!;
      await ok(await admin.post(`${api}/matches/${m.id}/override-winner?winnerTeamId=${m.team2Id}`, { team1Wins: 0, team2Wins: 2 }));
    };
    const reader = new TestClient(server.url); // a visitor: the exports are public
    const rows: string[][] = [];
    const measure = async (name: string, path: string, counted: boolean) => {
      await write();
      const made = await timed(reader, path);
      const again: number[] = [];
      for (let i = 0; i < 15; i++) again.push((await timed(reader, path)).ms);
      const verdict = counted ? (made.ms <= BAR_MS ? 'within' : 'OVER') : 'today';
      rows.push([name, fmt(made.ms), fmt(median(again), 1), `${fmt(made.bytes / 1024)} KB`, verdict]);
    };
    await measure('GET .../matches?round=1 (today’s read)', `${api}/matches?round=1`, false);
    await measure('GET .../standings (today’s read)', `${api}/standings`, false);
    await measure('print view: pairings with players', `${api}/print/pairings?round=1`, true);
    await measure('print view: standings with players', `${api}/print/standings`, true);
    await measure('pairings.csv?round=1', `${api}/pairings.csv?round=1`, true);
    await measure('standings.csv', `${api}/standings.csv`, true);

    // the page's render of its lists (the data read above, in this process)
    const pairings = await ok<PrintPairings>(await reader.get(`${api}/print/pairings?round=1`));
    const standings = await ok<PrintStandings>(await reader.get(`${api}/print/standings`));
    const render = (make: () => string) => {
      make(); // warm
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        size = make().length;
        times.push(performance.now() - t);
      }
      return { ms: median(times), size };
    };
    const p = render(() => renderToString(createElement(PairingsLists, { pairings })));
    const s = render(() => renderToString(createElement(StandingsList, { standings })));
    rows.push(['render: pairings by table and players A–Z', fmt(p.ms), '', `${fmt(p.size / 1024)} KB HTML`, p.ms <= BAR_MS ? 'within' : 'OVER']);
    rows.push(['render: standings', fmt(s.ms), '', `${fmt(s.size / 1024)} KB HTML`, s.ms <= BAR_MS ? 'within' : 'OVER']);

    const widths = [44, 10, 10, 14, 8];
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
    console.log(line(['', 'first ms', 'cached ms', 'size', `≤ ${BAR_MS} ms`]));
    for (const r of rows) console.log(line(r));
  } finally {
    await server.stop();
  }
}

await run('PGlite', {});

// PostgreSQL when a server is named (as the API tests choose it), skipped when it does not answer
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl) {
  process.env.TEST_DATABASE_URL = pgUrl;
  let reachable = true;
  try {
    await new pg.Client({ connectionString: pgUrl }).connect().then((c) => c.end());
  } catch (e) {
    reachable = false;
    console.log(`[PostgreSQL] skipped: no server at ${pgUrl} (${(e as Error).message})`);
  }
  if (reachable) {
    const database = await createPostgresDatabase('fh_bench');
    try {
      await run('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  }
} else {
  console.log('[PostgreSQL] skipped: set TEST_DATABASE_URL (or DATABASE_URL) to measure it too');
}
process.exit(0);
