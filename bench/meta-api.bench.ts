// Issue 20's meta figure: GET /api/meta over 1,000 events of 64 decks on PGlite (in memory, in this
// process, over HTTP), target 200 ms; and a card's footprint. Rows inserted directly
// (event-records-setup.ts: decks drawn from 3,000 real cards, popular ones more often; 30
// archetypes; the top 8 of each event in the cut), a quarter of the events on 'Old List', the
// others on 'Bench List'. Two cases: the default privacy (the top 8's decks public: 8,000 decks
// with cards) and every deck public (64,000 decks with cards).
// "every event reclassified" = every record's version moved just before (as a reclassification
// does, here by SQL: what another instance than the one that reclassified sees; that one makes the
// default answer again at once): every event's archetype counts are read again, their card counts
// are kept (they move with decks_version); "every event rewritten" = both moved (no action of the site does this to every
// event; it is what a process's start reads in the background, and what a visitor waits for if they
// come before it is done); "first read after start" = a process's first answer once that reading
// is done (the start makes the default answer too: a hit); "new filter" = an answer
// not made yet, the events' tallies in memory (what a visitor changing the filters gets); "one
// event changed" = a record rewritten just before (one event read again); "cached" = the same
// body from memory; "304" = a revalidation.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { parseEnv } from '../src/server/env.ts';
import { insertEvents, median, seededRandom, startRecordsBench } from './event-records-setup.ts';
import { listenLocally } from '../src/server/test/test-server.ts';
import { fmt } from './lib.ts';

const EVENTS = Number(process.env.EVENTS ?? 1000);
const DECKS = 64;
const TARGET_MS = 200;
const rnd = seededRandom(20261126);

const bench = await startRecordsBench();
const { server, db, pool } = bench;
const extraApps: { close(): Promise<unknown> }[] = [];
try {
  await db.execute(sql`insert into banlists (date, kind, name) values ('2026-09-01', 'format', 'Bench List')`);
  const t0 = performance.now();
  await insertEvents(bench, { events: EVENTS, decks: DECKS, rnd, banlistName: (e) => (e % 4 === 0 ? 'Old List' : 'Bench List') });
  console.log(`inserted ${EVENTS.toLocaleString('en')} events of ${DECKS} decks in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const time = async (base: string, path: string, headers: Record<string, string> = {}) => {
    const t = performance.now();
    const res = await fetch(base + path, { headers });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 304) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - t, etag: res.headers.get('etag') ?? '', status: res.status };
  };
  /** An app of its own on the same database: a process started afresh. */
  const freshApp = async () => {
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0' }), database: server.database, rateLimitScale: 100 });
    const { url } = await listenLocally(app);
    extraApps.push(app);
    return url;
  };
  /** Rewrites one event's record as a correction does: both versions move. */
  const touch = (e: number) => db.execute(sql`update event_records set version = version + 1, decks_version = decks_version + 1, updated_at = now() where tournament_uid = ${`bench-${e}`}`);

  const report = async (label: string, decksWithCards: number) => {
    // a process that has had time for its start's reading of the tallies
    const base = await freshApp();
    await new Promise((r) => setTimeout(r, 20_000));
    const afterStart = await time(base, '/api/meta');
    // the first after a start is apart: it also pays for compiling that path
    const colds: number[] = [];
    for (let i = 0; i < 6; i++) {
      await db.execute(sql`update event_records set version = version + 1, updated_at = now()`);
      colds.push((await time(base, '/api/meta')).ms);
    }
    const firstCold = colds.shift()!;
    const cold = median(colds);
    const rewritten: number[] = [];
    for (let i = 0; i < 3; i++) {
      await db.execute(sql`update event_records set version = version + 1, decks_version = decks_version + 1, updated_at = now()`);
      rewritten.push((await time(base, '/api/meta')).ms);
    }
    const fresh: number[] = [];
    for (let i = 0; i < 7; i++) fresh.push((await time(base, `/api/meta?from=2020-01-0${1 + i}`)).ms);
    const changed: number[] = [];
    for (let i = 0; i < 7; i++) {
      await touch(i * 100);
      changed.push((await time(base, '/api/meta')).ms);
    }
    const cached: number[] = [];
    for (let i = 0; i < 15; i++) cached.push((await time(base, '/api/meta')).ms);
    const { etag } = await time(base, '/api/meta');
    const revalidated: number[] = [];
    for (let i = 0; i < 15; i++) revalidated.push((await time(base, '/api/meta', { 'if-none-match': etag })).ms);
    const filtered: number[] = [];
    for (let i = 0; i < 7; i++) filtered.push((await time(base, `/api/meta?banlist=Bench%20List&from=2025-0${1 + i}-01`)).ms);
    const fpCold = await time(base, `/api/meta/cards/${pool[0]}?days=90`);
    const fp: number[] = [];
    for (let i = 0; i < 7; i++) fp.push((await time(base, `/api/meta/cards/${pool[10 + i]}?days=90`)).ms);
    const fpCached: number[] = [];
    for (let i = 0; i < 15; i++) fpCached.push((await time(base, `/api/meta/cards/${pool[10]}?days=90`)).ms);
    // every event: the default answer is the current list's events only (issue 30 §8)
    const body = (await (await fetch(`${base}/api/meta?banlist=all`)).json()) as { events: number; decks: number; publishedDecks: number; cards: unknown[] };
    if (body.events !== EVENTS || body.decks !== EVENTS * DECKS || body.publishedDecks !== decksWithCards) throw new Error(`wrong counts: ${JSON.stringify({ ...body, cards: body.cards.length })}`);
    const m = median(fresh);
    console.log(`${label}: ${body.events.toLocaleString('en')} events, ${body.decks.toLocaleString('en')} decks, ${body.publishedDecks.toLocaleString('en')} with cards`);
    console.log(`  GET /api/meta  every event reclassified ${fmt(cold)} ms (median of 5: ${colds.map((x) => fmt(x)).join(', ')}; the process's first ${fmt(firstCold)}) | every event rewritten ${fmt(median(rewritten))} ms | first read after start ${fmt(afterStart.ms)} ms | new filter ${fmt(m)} ms (median of 7; max ${fmt(Math.max(...fresh))}) | one event changed ${fmt(median(changed))} ms | cached ${fmt(median(cached), 1)} ms | 304 ${fmt(median(revalidated), 1)} ms`);
    console.log(`  GET /api/meta?banlist=&from= (about 750 events) new filter ${fmt(median(filtered))} ms`);
    console.log(`  GET /api/meta/cards/{passcode}?days=90  first ${fmt(fpCold.ms)} ms | other cards ${fmt(median(fp))} ms | cached ${fmt(median(fpCached), 1)} ms`);
    console.log(`  target ${TARGET_MS} ms: new filter ${fmt(m / TARGET_MS, 2)} of it, first read after start ${fmt(afterStart.ms / TARGET_MS, 2)}, reclassified ${fmt(cold / TARGET_MS, 2)}`);
  };

  await report('the top 8 of each event public (deckPrivacy top-cut)', EVENTS * 8);
  await db.execute(sql`update record_decks set published = true`);
  await db.execute(sql`update event_records set version = version + 1, decks_version = decks_version + 1, updated_at = now()`);
  await report('every deck public (deckPrivacy all)', EVENTS * DECKS);
} finally {
  for (const app of extraApps) await app.close();
  await server.close();
}
process.exit(0);
