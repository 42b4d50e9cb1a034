// The set-up of the benches over recorded events (meta-api, card-history): a test server with the demo
// cards, and completed events' records inserted directly, their decks of 40 Main and 15 Extra Deck cards
// drawn from 3,000 real cards (popular ones more often), 30 archetypes, the top 8 of each event in the cut.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { cards, eventRecords, recordDecks } from '../src/server/db/schema.ts';
import { loadDemoCards } from '../src/server/db/seed.ts';
import * as RecordsRepository from '../src/server/features/records/records-repository.ts';
import { startTestServer, type TestServer } from '../src/server/test/test-server.ts';

export const DAY = 24 * 3600 * 1000;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Draws in [0, 1) from `seed`: the same data on every run. */
export function seededRandom(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

export interface RecordsBench {
  server: TestServer;
  db: Db;
  /** 3,000 passcodes of the demo cards: decks' Main Decks draw from the first 2,500, Extra Decks from the rest */
  pool: number[];
}

/** A server on a fresh in-memory database holding the demo cards. */
export async function startRecordsBench(): Promise<RecordsBench> {
  const server = await startTestServer();
  const db = server.database.db;
  await loadDemoCards(db);
  const pool = (await db.select({ id: cards.id }).from(cards).limit(3000)).map((r) => r.id);
  return { server, db, pool };
}

export interface EventsOptions {
  events: number;
  decks: number;
  rnd: () => number;
  /** the list event `e` was played on */
  banlistName: (e: number) => string;
}

/** Completed events `bench-0`… (0.3 days apart, up to now) of `decks` decks each, the top 8 public, as writeEventRecord leaves them. */
export async function insertEvents({ db, pool }: RecordsBench, { events, decks, rnd, banlistName }: EventsOptions): Promise<void> {
  const draw = (from: number, size: number) => pool[from + Math.floor(rnd() * rnd() * size)]!;
  for (let e = 0; e < events; e++) {
    const uid = `bench-${e}`;
    // the tournament row the record belongs to (FK); only its key columns matter here
    await db.execute(sql`insert into tournaments (uid, name, host_discord_id, completed) values (${uid}, ${`Bench #${e + 1}`}, '700000000000000000', true)`);
    await db.insert(eventRecords).values({
      tournamentUid: uid, name: `Bench #${e + 1}`, format: 'DEFAULT', deckPrivacy: 'top-cut', banlistName: banlistName(e),
      seriesUid: null, completedAt: new Date(Date.now() - (events - e) * 0.3 * DAY), topCutSize: 8, placements: [], matches: [],
    });
    await db.insert(recordDecks).values(Array.from({ length: decks }, (_, d) => ({
      tournamentUid: uid, published: d < 8, rank: d + 1, placement: String(d + 1), topCut: d < 8,
      archetype: `Archetype ${Math.floor(rnd() * rnd() * 30)}`, archetypeAuto: 'x',
      mainDeck: Array.from({ length: 40 }, () => draw(0, 2500)), extraDeck: Array.from({ length: 15 }, () => draw(2500, 500)), sideDeck: [],
    })));
    // as writeEventRecord does once the decks are written
    await RecordsRepository.recountArchetypes(db, uid);
  }
}
