// Issue 20's profile figure: GET /api/players/{id} for a player with 500 completed events, on PGlite
// (in memory, in this process), target 50 ms. Rows inserted directly: 500 events of 32 one-player
// teams, 5 Swiss rounds each (80 matches), opponents drawn from 400 players, a published deck in a
// third of them, ratings in one series, each rated match in record_meetings from both sides (as
// writeEventRecord writes them). "first" = a read the cache cannot answer (the records' stamp moved
// just before); the process's very first read is printed too (nothing of the events in memory:
// as after a restart); "cached" = the same body from memory; "304" = a revalidation.
import { eq, sql } from 'drizzle-orm';
import { eventRecords, playerRatings, recordDecks, recordMeetings, recordPlayers, series, type RecordMatch, type RecordPlacement } from '../src/server/db/schema.ts';
import { meetingRowsOf } from '../src/server/features/records/record-meetings.ts';
import { startTestServer } from '../src/server/test/test-server.ts';
import { fmt } from './lib.ts';

const EVENTS = 500;
const TEAMS = 32;
const ROUNDS = 5;
const POOL = 400;
const TARGET_MS = 50;
const ME = '700000000000000000';

let seed = 20261126;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const idOf = (i: number) => (i === 0 ? ME : `7000000000000${String(i).padStart(5, '0')}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await startTestServer();
try {
  const db = server.database.db;
  await db.insert(series).values({ id: 'bench-series', name: 'Bench Weekly' });
  const t0 = performance.now();
  for (let e = 0; e < EVENTS; e++) {
    const uid = `bench-${e}`;
    // the tournament row the record belongs to (FK); only its key columns matter here
    await db.execute(sql`insert into tournaments (uid, name, host_discord_id, completed) values (${uid}, ${`Bench #${e + 1}`}, ${ME}, true)`);
    const players = [0];
    while (players.length < TEAMS) {
      const p = 1 + Math.floor(rnd() * (POOL - 1));
      if (!players.includes(p)) players.push(p);
    }
    const wins = new Map(players.map((p) => [p, 0]));
    const matches: RecordMatch[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = [...players].sort(() => rnd() - 0.5);
      for (let i = 0; i < order.length; i += 2) {
        const [a, b] = [order[i]!, order[i + 1]!];
        const w = rnd() < 0.5 ? a : b;
        wins.set(w, wins.get(w)! + 1);
        matches.push({ round, bracket: 'swiss', team1: `t${e}-${a}`, team2: `t${e}-${b}`, team1Wins: w === a ? 2 : 1, team2Wins: w === b ? 2 : 1, winner: `t${e}-${w}`, bye: false, missed: false, complete: true });
      }
    }
    const ranked = [...players].sort((a, b) => wins.get(b)! - wins.get(a)! || a - b);
    const placements: RecordPlacement[] = ranked.map((p, i) => ({
      teamId: `t${e}-${p}`, teamName: `Team ${p}`, rank: i + 1, placement: `${i + 1}`, wins: wins.get(p)!, losses: ROUNDS - wins.get(p)!, ties: 0,
      points: 3 * wins.get(p)!, topCut: i < 8, dropped: false, members: [{ discordId: idOf(p), displayName: `Player ${p}`, avatarUrl: null }],
    }));
    const completedAt = new Date(Date.UTC(2020, 0, 1) + e * 86_400_000);
    await db.insert(eventRecords).values({
      tournamentUid: uid, seriesUid: 'bench-series', banlistName: null, name: `Bench #${e + 1}`, format: 'DEFAULT', deckPrivacy: 'top-cut',
      championTeamUid: placements[0]!.teamId, completedAt, topCutSize: 8, placements, matches, teamCount: TEAMS,
    });
    // as writeEventRecord writes them: each rated match from both sides
    await db.insert(recordMeetings).values(meetingRowsOf(placements, matches).map((m) => ({ ...m, tournamentUid: uid, completedAt })));
    await db.insert(recordPlayers).values(placements.map((p) => ({
      tournamentUid: uid, discordId: p.members[0]!.discordId, teamUid: p.teamId, seriesUid: 'bench-series', completedAt,
      rank: p.rank, placement: p.placement, wins: p.wins, losses: p.losses, ties: 0, champion: p.rank === 1, topCut: p.topCut,
    })));
    if (e % 3 === 0) {
      await db.insert(recordDecks).values({
        tournamentUid: uid, published: true, teamUid: `t${e}-0`, discordId: ME, label: 'Main', rank: 1, placement: '1st', topCut: true,
        archetype: 'Blackwing', archetypeAuto: 'Blackwing', mainDeck: [], extraDeck: [], sideDeck: [],
      });
    }
  }
  await db.insert(playerRatings).values(Array.from({ length: POOL }, (_, i) => ({
    seriesUid: 'bench-series', discordId: idOf(i), rating: 1200 + rnd() * 600, rd: 50 + rnd() * 100, vol: 0.06, events: 10,
  })));
  console.log(`setup: ${EVENTS} events of ${TEAMS} teams and ${ROUNDS * TEAMS / 2} matches inserted in ${fmt((performance.now() - t0) / 1000)} s`);

  const url = `${server.url}/api/players/${ME}`;
  const get = async (headers: Record<string, string> = {}) => {
    const t = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    return { ms: performance.now() - t, status: res.status, bytes: body.byteLength, etag: res.headers.get('etag') ?? '' };
  };
  // the process's very first request compiles the route's code: another player's profile pays it
  const t1 = performance.now();
  await (await fetch(`${server.url}/api/players/${idOf(1)}`)).arrayBuffer();
  const processFirst = performance.now() - t1;
  const first: number[] = [];
  let cold = 0;
  for (let i = 0; i < 8; i++) {
    // the stamp moves: the next read is made again (the first of these warms the JIT and is dropped)
    await db.update(eventRecords).set({ updatedAt: new Date(Date.now() + i) }).where(eq(eventRecords.tournamentUid, 'bench-0'));
    const r = await get();
    if (r.status !== 200) throw new Error(`status ${r.status}`);
    if (i > 0) first.push(r.ms);
    else cold = r.ms;
  }
  const cached: number[] = [];
  let last = await get();
  for (let i = 0; i < 20; i++) cached.push((last = await get()).ms);
  const revalidated: number[] = [];
  for (let i = 0; i < 20; i++) revalidated.push((await get({ 'if-none-match': last.etag })).ms);
  const profile = (await (await fetch(url)).json()) as { events: unknown[]; headToHead: unknown[] };
  console.log(`profile: ${profile.events.length} events, ${profile.headToHead.length} opponents, ${fmt(last.bytes / 1024)} KB`);
  const verdict = (ms: number) => (ms <= TARGET_MS ? 'within' : 'OVER');
  console.log(`GET /api/players/{id} on PGlite, first (not cached): ${fmt(median(first))} ms median of 7 (min ${fmt(Math.min(...first))}, max ${fmt(Math.max(...first))}) — target ${TARGET_MS} ms: ${verdict(median(first))}`);
  console.log(`GET /api/players/{id} on PGlite, after a restart: this player's first read ${fmt(cold)} ms (nothing of theirs in memory; the process's very first request, another profile, ${fmt(processFirst)} ms)`);
  console.log(`GET /api/players/{id} on PGlite, cached: ${fmt(median(cached))} ms median of 20; 304 revalidation: ${fmt(median(revalidated))} ms`);
} finally {
  await server.close();
}
process.exit(0);
