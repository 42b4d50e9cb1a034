// Issue 32 §4's card page figure: GET /api/cards/{passcode}/history, target 30 ms first, cached after,
// on PGlite (in memory, this process, over HTTP) with 1,000 recorded events of 64 decks (the top 8
// public: 8,000 decks with cards, as meta-api.bench.ts draws them), 100 format lists of 200 cards and
// a send-off's decisions on each. "first" = a card not read since the last write (its stamp is new),
// the events' tallies already in memory (the process's start reads them); "cached" = the same again.
// And GET /api/banlists/compare between two of the lists: first and cached.
import { banlistEntries, banlists, judgementDecisions } from '../src/server/db/schema.ts';
import { DAY, insertEvents, median, seededRandom, startRecordsBench } from './event-records-setup.ts';
import { fmt } from './lib.ts';

const EVENTS = Number(process.env.EVENTS ?? 1000);
const DECKS = 64;
const LISTS = 100;
const TARGET_MS = 30;
const rnd = seededRandom(20261127);
const listDate = (l: number) => new Date(Date.UTC(2018, 0, 1) + l * 30 * DAY).toISOString().slice(0, 10);

const bench = await startRecordsBench();
const { server, db, pool } = bench;
try {
  const t0 = performance.now();
  for (let l = 0; l < LISTS; l++) {
    const date = listDate(l);
    const [list] = await db.insert(banlists).values({ date, kind: 'format', name: `Bench ${date}` }).returning({ id: banlists.id });
    await db.insert(banlistEntries).values(Array.from({ length: 200 }, (_, i) => ({ banlistId: list!.id, cardId: pool[i]!, count: Math.floor(rnd() * 4), position: i })));
    await db.insert(judgementDecisions).values(Array.from({ length: 5 }, (_, i) => ({
      banlistDate: date, cardId: pool[(l + i) % 50]!, cardName: 'x', posterDiscordId: '700000000000000001', reason: 'Bench reason',
      opinion: '1', votes: [['700000000000000001', '1'], ['700000000000000002', '1']] as [string, string][], proposedAt: new Date(),
    })));
  }
  await insertEvents(bench, { events: EVENTS, decks: DECKS, rnd, banlistName: (e) => `Bench ${listDate(e % LISTS)}` });
  console.log(`inserted ${LISTS} lists and ${EVENTS.toLocaleString('en')} events of ${DECKS} decks in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const time = async (path: string) => {
    const t = performance.now();
    const res = await fetch(server.url + path);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t;
  };
  // the start's reading of every event's tallies (the meta's first answer waits for it)
  await time('/api/meta');
  // the first of the process also compiles the path
  await time(`/api/cards/${pool[1]}/history`);
  const first: number[] = [];
  for (let i = 0; i < 9; i++) first.push(await time(`/api/cards/${pool[20 + i * 7]}/history`));
  const cached: number[] = [];
  for (let i = 0; i < 15; i++) cached.push(await time(`/api/cards/${pool[20]}/history`));
  const compareFirst = await time('/api/banlists/compare?from=2018-01-01&to=2026-01-01'.replace('2026-01-01', new Date(Date.UTC(2018, 0, 1) + 99 * 30 * DAY).toISOString().slice(0, 10)));
  const compareCached: number[] = [];
  for (let i = 0; i < 15; i++) compareCached.push(await time(`/api/banlists/compare?from=2018-01-01&to=${new Date(Date.UTC(2018, 0, 1) + 99 * 30 * DAY).toISOString().slice(0, 10)}`));
  const m = median(first);
  console.log(`GET /api/cards/{passcode}/history (${LISTS} lists, ${EVENTS.toLocaleString('en')} events): first ${fmt(m)} ms (median of 9, max ${fmt(Math.max(...first))}) | cached ${fmt(median(cached), 1)} ms | target ${TARGET_MS} ms: ${fmt(m / TARGET_MS, 2)} of it`);
  console.log(`GET /api/banlists/compare (200 cards each): first ${fmt(compareFirst)} ms | cached ${fmt(median(compareCached), 1)} ms`);
} finally {
  await server.close();
}
process.exit(0);
