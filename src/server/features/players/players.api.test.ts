// Player profiles and the leaderboard (issue 20) over real HTTP on PGlite and PostgreSQL: events
// built and completed over HTTP in a series, then the profile's events, placements, records,
// ratings (and their change after a correction), head-to-head, the leaderboard's order, deck
// privacy on a profile, and the 404s and 400s.
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../../../domain/api/records.ts';
import type { Leaderboard, PlayerProfile } from '../../../domain/api/players.ts';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { eventRecords, recordDecks, recordMeetings, type RecordArchetypeCount } from '../../db/schema.ts';
import { meetingRowsOf } from '../records/record-meetings.ts';
import { signedInClient, TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { errorOf, ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { PLAYER_NOT_FOUND, SERIES_NOT_FOUND } from './players.ts';
import { RATED_ADMINS_ONLY } from '../records/rated-routes.ts';

const read = (p: string) => readFileSync(new URL(`../../../../../shared/data/${p}`, import.meta.url), 'utf8');
const DECKS = ['AI_Blackwing.ydk', 'AI_Lightsworn.ydk', 'AI_Zoodiac.ydk', 'AI_Nekroz.ydk', 'AI_Qliphort.ydk', 'AI_SkyStriker.ydk'].map((f) => `iceygo-windbot/${f}`);
const ADMIN = '952000000000000001';
const HOST = '952000000000000002';

const { server, anonymous, admin, host } = apiTest({ admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'] });
let seriesUid: string;
let nextPlayer = 100;

beforeAll(async () => {
  await loadDemoCards(server.database.db);
  seriesUid = (await ok<{ id: string }>(await admin.post('/api/series', { name: 'Players Weekly' }))).id;
}, 120_000);

interface Player { id: string; name: string; client: TestClient }
interface Event { uid: string; teams: string[] }

async function newPlayers(count: number): Promise<Player[]> {
  const out: Player[] = [];
  for (let i = 0; i < count; i++) {
    const id = `9520000000000${String(nextPlayer++).padStart(5, '0')}`;
    const name = `Duelist ${nextPlayer}`;
    out.push({ id, name, client: await signedInClient(server, id, 0, name) });
  }
  return out;
}

/** An event of one-player teams in the series, each with an approved real deck. */
async function eventOf(players: readonly Player[], settings: Record<string, unknown>): Promise<Event> {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: `Weekly ${nextPlayer}`, seriesUid, manualDeckChecking: false, ...settings }));
  for (const [i, p] of players.entries()) {
    await ok(await p.client.post(`/api/tournaments/${uid}/signup`, { name: `Team of ${p.name}` }));
    await ok(await p.client.request('POST', `/api/tournaments/${uid}/decks?label=Main`, { body: read(`decks/${DECKS[i % DECKS.length]}`) }));
  }
  const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`));
  return { uid, teams: t.teams.map((x) => x.uid) };
}

/** Played to the winner: `strength` orders the teams (lower wins every match between two). */
async function playToWinner(uid: string, strength: (teamId: string) => number) {
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  await tournamentKit(server, { host, admin }).advanceToEnd(uid, (m) => (strength(m.team1Id!) <= strength(m.team2Id!) ? m.team1Id : m.team2Id));
  await ok(await host.post(`/api/tournaments/${uid}/winner`));
}

const profile = async (id: string) => ok<PlayerProfile>(await anonymous.get(`/api/players/${id}`));
const board = async (query = '') => ok<Leaderboard>(await anonymous.get(`/api/players${query}`));

describe('profiles and the leaderboard after two events of a series', () => {
  let players: Player[];
  let first: Event;
  let second: Event;
  let report: Report;
  beforeAll(async () => {
    players = await newPlayers(6);
    // first event: four players, a top cut of two (its two decks published, the others not)
    first = await eventOf(players.slice(0, 4), { topCut: 2, swissRounds: 2 });
    const byTeam = new Map(first.teams.map((t, i) => [t, i]));
    await playToWinner(first.uid, (t) => byTeam.get(t)!);
    // unrated until an admin marks it (issue 29): its players have no rating yet
    expect((await profile(players[0]!.id)).ratings).toEqual([]);
    await ok(await admin.post(`/api/tournaments/${first.uid}/rated`, { rated: true }));
    report = await ok<Report>(await anonymous.get(`/api/tournaments/${first.uid}/report`));
    // second event: all six, Swiss only, the better-seeded one always winning again
    second = await eventOf(players, { topCut: 0, swissRounds: 3, deckPrivacy: 'all' });
    const byTeam2 = new Map(second.teams.map((t, i) => [t, i]));
    await playToWinner(second.uid, (t) => byTeam2.get(t)!);
    await ok(await admin.post(`/api/tournaments/${second.uid}/rated`, { rated: true }));
  }, 240_000);

  test('only an admin marks an event rated; only rated events count, and unmarking takes one out at once', async () => {
    // the host (a curator) who ran it, and a player, may not
    for (const who of [host, players[0]!.client]) {
      const res = await who.post(`/api/tournaments/${second.uid}/rated`, { rated: false });
      expect([res.status, await errorOf(res)]).toEqual([403, RATED_ADMINS_ONLY]);
    }
    expect((await admin.post(`/api/tournaments/${second.uid}/rated`, { rated: 'yes' })).status).toBe(400);
    expect((await ok<Tournament>(await anonymous.get(`/api/tournaments/${second.uid}`))).rated).toBe(true);
    const unmarked = await ok<Tournament>(await admin.post(`/api/tournaments/${second.uid}/rated`, { rated: false }));
    expect(unmarked.rated).toBe(false);
    expect((await profile(players[0]!.id)).ratings[0]).toMatchObject({ events: 1 });
    // players[4] and [5] played only the second event: no rating now
    expect((await profile(players[5]!.id)).ratings).toEqual([]);
    expect((await profile(players[0]!.id)).events.map((e) => e.rated)).toEqual([false, true]);
    await ok(await admin.post(`/api/tournaments/${second.uid}/rated`, { rated: true }));
    expect((await profile(players[0]!.id)).ratings[0]).toMatchObject({ events: 2 });
    const log = await ok<{ action: string }[]>(await host.get(`/api/tournaments/${second.uid}/audit`));
    expect(log.map((a) => a.action).filter((a) => a.startsWith('mark-'))).toEqual(['mark-rated', 'mark-unrated', 'mark-rated']);
  });

  test('a profile lists each event, newest first, with placement, teams, record and the champion', async () => {
    const p = await profile(players[0]!.id);
    expect([p.discordId, p.displayName]).toEqual([players[0]!.id, players[0]!.name]);
    expect(p.avatarUrl).toBeTruthy();
    expect(p.events.map((e) => e.tournamentUid)).toEqual([second.uid, first.uid]);
    expect(p.events.every((e) => e.champion && e.placement === '1st' && e.rank === 1 && e.seriesName === 'Players Weekly')).toBe(true);
    expect(p.events.map((e) => e.teams)).toEqual([6, 4]);
    const mine = report.placements.find((x) => x.members.some((m) => m.discordId === players[0]!.id))!;
    expect(p.events[1]).toMatchObject({ wins: mine.wins, losses: mine.losses, ties: mine.ties, placement: mine.placement, name: report.tournament.name });
    expect(Date.parse(p.events[0]!.date)).toBeGreaterThanOrEqual(Date.parse(p.events[1]!.date));
  });

  test('the archetype and deck show only where the deck was published; an unpublished deck’s archetype never does', async () => {
    const champion = await profile(players[0]!.id);
    expect(champion.events[1]!.archetype).toBe('Blackwing');
    expect(report.decks.map((d) => d.id)).toContain(champion.events[1]!.deckId);
    const hidden = await server.database.db.select().from(recordDecks).where(and(eq(recordDecks.tournamentUid, first.uid), eq(recordDecks.published, false)));
    expect(hidden.length).toBe(2);
    for (const p of [players[2]!, players[3]!]) {
      const prof = await profile(p.id);
      const inFirst = prof.events.find((e) => e.tournamentUid === first.uid)!;
      expect([inFirst.archetype, inFirst.deckId]).toEqual([null, null]);
      // the same deck, published in the second event (deckPrivacy all), shows there
      expect(prof.events.find((e) => e.tournamentUid === second.uid)!.archetype).not.toBeNull();
    }
    const firstOnly = JSON.stringify((await profile(players[3]!.id)).events.filter((e) => e.tournamentUid === first.uid));
    for (const d of hidden) {
      expect(firstOnly).not.toContain(d.archetype);
      expect(firstOnly).not.toContain(`"deckId":${d.id}`);
    }
  });

  test('ratings per series: the champion above the last, with events and a place on the board', async () => {
    const top = await profile(players[0]!.id);
    const last = await profile(players[5]!.id);
    expect(top.ratings).toHaveLength(1);
    expect(top.ratings[0]).toMatchObject({ seriesUid, seriesName: 'Players Weekly', events: 2, rank: 1 });
    expect(last.ratings[0]!.events).toBe(1);
    expect(top.ratings[0]!.rating).toBeGreaterThan(1500);
    expect(last.ratings[0]!.rating).toBeLessThan(1500);
    expect(top.ratings[0]!.rating).toBeGreaterThan(last.ratings[0]!.rating);
    expect(last.ratings[0]!.rank).toBeGreaterThan(1);
  });

  test('head-to-head: every match counted once per opponent, from both sides', async () => {
    const all = [...(await ok<Match[]>(await admin.get(`/api/tournaments/${first.uid}/matches`))), ...(await ok<Match[]>(await admin.get(`/api/tournaments/${second.uid}/matches`)))];
    const teamOf = new Map<string, string>();
    for (const e of [first, second]) {
      const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${e.uid}`));
      for (const team of t.teams) teamOf.set(team.uid, players.find((p) => team.name === `Team of ${p.name}`)!.id);
    }
    for (const p of players) {
      const expected = new Map<string, { wins: number; losses: number; ties: number }>();
      for (const m of all) {
        if (!m.team1Id || !m.team2Id || !m.complete) continue;
        const [a, b] = [teamOf.get(m.team1Id)!, teamOf.get(m.team2Id)!];
        if (a !== p.id && b !== p.id) continue;
        const other = a === p.id ? b : a;
        const mineTeam = a === p.id ? m.team1Id : m.team2Id;
        const h = expected.get(other) ?? { wins: 0, losses: 0, ties: 0 };
        if (m.outcome?.winnerTeamId === mineTeam) h.wins++;
        else h.losses++;
        expected.set(other, h);
      }
      const got = (await profile(p.id)).headToHead;
      expect(new Map(got.map((h) => [h.discordId, { wins: h.wins, losses: h.losses, ties: h.ties }]))).toEqual(expected);
      for (const h of got) expect(h.displayName).toBe(players.find((x) => x.id === h.discordId)!.name);
    }
  });

  test('the series’ leaderboard is by rating, with events, W-L-T and titles; the overall one by titles', async () => {
    const b = await board(`?series=${seriesUid}`);
    expect(b.series).toEqual({ uid: seriesUid, name: 'Players Weekly' });
    expect(b.seriesOptions).toContainEqual({ uid: seriesUid, name: 'Players Weekly' });
    expect(b.players).toHaveLength(6);
    expect(b.players.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const ratings = b.players.map((x) => x.rating!);
    expect([...ratings].sort((x, y) => y - x)).toEqual(ratings);
    expect(b.players[0]).toMatchObject({ discordId: players[0]!.id, displayName: players[0]!.name, titles: 2, events: 2 });
    for (const row of b.players) {
      const prof = await profile(row.discordId);
      expect(row.wins).toBe(prof.events.reduce((n, e) => n + e.wins, 0));
      expect(row.losses).toBe(prof.events.reduce((n, e) => n + e.losses, 0));
      expect(prof.ratings[0]!.rank).toBe(row.rank);
    }
    expect((await board(`?series=${seriesUid}&limit=2`)).players.map((x) => x.discordId)).toEqual(b.players.slice(0, 2).map((x) => x.discordId));

    const overall = await board();
    expect(overall.series).toBeNull();
    expect(overall.players[0]).toMatchObject({ discordId: players[0]!.id, titles: 2, rating: null, rd: null });
    const mine = overall.players.filter((x) => players.some((p) => p.id === x.discordId));
    // by titles, then events played, then wins
    const sorted = [...mine].sort((x, y) => y.titles - x.titles || y.events - x.events || y.wins - x.wins);
    expect(mine.map((x) => x.discordId)).toEqual(sorted.map((x) => x.discordId));
  });

  test('a correction of a completed event’s result moves ratings and head-to-head on the profile', async () => {
    const matches = await ok<Match[]>(await admin.get(`/api/tournaments/${second.uid}/matches`));
    const championTeam = (await ok<Tournament>(await anonymous.get(`/api/tournaments/${second.uid}`))).championTeamUid;
    const other = matches.find((m) => m.roundNumber === 3 && m.team1Id && m.team2Id && m.team1Id !== championTeam && m.team2Id !== championTeam)!;
    const turned = other.outcome?.winnerTeamId === other.team1Id ? other.team2Id! : other.team1Id!;
    const loser = turned === other.team1Id ? other.team2Id! : other.team1Id!;
    const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${second.uid}`));
    const idOf = (team: string) => players.find((p) => t.teams.find((x) => x.uid === team)!.name === `Team of ${p.name}`)!.id;
    const before = await profile(idOf(turned));
    const beforeH2h = before.headToHead.find((h) => h.discordId === idOf(loser))!;
    await ok(await admin.post(`/api/tournaments/${second.uid}/matches/${other.id}/override-winner?winnerTeamId=${turned}`, { team1Wins: turned === other.team1Id ? 2 : 1, team2Wins: turned === other.team2Id ? 2 : 1 }));
    const after = await profile(idOf(turned));
    expect(after.ratings[0]!.rating).toBeGreaterThan(before.ratings[0]!.rating);
    expect(after.events[0]!.wins).toBe(before.events[0]!.wins + 1);
    const afterH2h = after.headToHead.find((h) => h.discordId === idOf(loser))!;
    expect([afterH2h.wins, afterH2h.losses]).toEqual([beforeH2h.wins + 1, beforeH2h.losses - 1]);
    const b = await board(`?series=${seriesUid}`);
    expect(b.players.find((x) => x.discordId === idOf(turned))!.wins).toBe(after.events.reduce((n, e) => n + e.wins, 0));
  });

  test('seedByRating: at Start the teams are seeded by rating and round 1 pairs the top half against the bottom half', async () => {
    const ranked = (await board(`?series=${seriesUid}`)).players.map((x) => x.discordId);
    const newcomer = (await newPlayers(1))[0]!;
    // signed up worst first, the unrated newcomer (1500) in the middle
    const order = [...ranked].reverse().map((id) => players.find((p) => p.id === id)!);
    order.splice(3, 0, newcomer);
    const byRating = async (seedByRating: boolean) => {
      const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: `Seeded ${seedByRating}`, seriesUid, seedByRating, swissRounds: 3, topCut: 0 }));
      for (const p of order) await ok(await p.client.post(`/api/tournaments/${uid}/signup`, { name: `Seeded ${p.name}` }));
      await ok(await host.post(`/api/tournaments/${uid}/start`));
      const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`));
      const playerOf = new Map(t.teams.map((x) => [x.uid, order.find((p) => x.name === `Seeded ${p.name}`)!.id]));
      const seeds = [...t.teams].sort((a, b) => a.seed - b.seed).map((x) => playerOf.get(x.uid));
      const round1 = (await ok<Match[]>(await anonymous.get(`/api/tournaments/${uid}/matches?round=1`))).sort((a, b) => a.position - b.position);
      return { seeds, round1: round1.map((m) => [playerOf.get(m.team1Id!), m.team2Id ? playerOf.get(m.team2Id) : null]) };
    };
    const seeded = await byRating(true);
    // the newcomer's 1500 sits between the series' winners and losers
    const ratingsNow = new Map((await board(`?series=${seriesUid}`)).players.map((x) => [x.discordId, x.rating!]));
    const expected = [...ranked, newcomer.id].sort((a, b) => (ratingsNow.get(b) ?? 1500) - (ratingsNow.get(a) ?? 1500));
    expect(seeded.seeds).toEqual(expected);
    // seven teams: the lowest seed has the bye, then 1 v 4, 2 v 5, 3 v 6
    expect(seeded.round1).toEqual([[expected[0], expected[3]], [expected[1], expected[4]], [expected[2], expected[5]], [expected[6], null]]);
    // without the setting: the sign-up order stays the seeds
    expect((await byRating(false)).seeds).toEqual(order.map((p) => p.id));
  }, 60_000);

  test('migration 0007 gives the records written before it the meetings, team counts and archetype counts the writer gives them', async () => {
    const db = server.database.db;
    // a record of two-player teams with every kind of match ratings leave out, beside the played ones
    const team = (teamId: string, ...ids: string[]) => ({
      teamId, teamName: teamId, rank: 1, placement: '1', wins: 0, losses: 0, ties: 0, points: 0, topCut: false, dropped: false,
      members: ids.map((discordId) => ({ discordId, displayName: `Name ${discordId}`, avatarUrl: null })),
    });
    const match = (team1: string, team2: string | null, winner: string | null, team1Wins: number | null, team2Wins: number | null, extra: object = {}) =>
      ({ round: 1, bracket: 'swiss', team1, team2, winner, team1Wins, team2Wins, bye: false, missed: false, complete: true, ...extra });
    await db.execute(sql`insert into tournaments (uid, name, host_discord_id, completed) values ('pre-0007', 'Before 0007', ${HOST}, true)`);
    await db.insert(eventRecords).values({
      tournamentUid: 'pre-0007', name: 'Before 0007', format: 'DEFAULT', deckPrivacy: 'closed', completedAt: new Date('2026-01-02'), topCutSize: 0,
      placements: [team('A', '11'), team('B', '12'), team('C', '13', '14'), team('D', '15'), team('E', '11', '16')],
      matches: [match('A', 'B', 'A', 2, 1), match('A', 'C', null, 1, 1), match('A', 'D', 'D', 0, 0), match('B', null, 'B', 2, 0, { bye: true }),
        match('B', 'D', 'D', 0, 2, { missed: true }), match('C', 'D', null, null, null, { complete: false }), match('C', 'B', 'C', 2, 0),
        match('E', 'A', 'E', 2, 0), match('D', 'C', 'X', 2, 0)],
    });
    const key = (r: { tournamentUid: string; discordId: string; opponentId: string; opponentName: string; result: number; completedAt: Date }) =>
      `${r.tournamentUid}|${r.discordId}|${r.opponentId}|${r.opponentName}|${r.result}|${new Date(r.completedAt).toISOString()}`;
    const records = await db.select().from(eventRecords);
    const expected = records.flatMap((r) => meetingRowsOf(r.placements, r.matches).map((m) => key({ ...m, tournamentUid: r.tournamentUid, completedAt: r.completedAt }))).sort();
    // what the writer wrote for the played events is what meetingRowsOf makes
    const written = (await db.select().from(recordMeetings)).map(key).sort();
    expect(written).toEqual(expected.filter((k) => !k.startsWith('pre-0007|')));

    const migration = readFileSync(new URL('../../db/migrations/0007_record_meetings.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    await db.execute(sql`delete from ${recordMeetings}`);
    await db.execute(sql`update ${eventRecords} set team_count = 0`);
    const countsBefore = new Map((await db.select().from(eventRecords)).map((r) => [r.tournamentUid, r.archetypeCounts]));
    await db.execute(sql`update ${eventRecords} set archetype_counts = '[]'`);
    for (const statement of migration.filter((x) => /INSERT INTO "record_meetings"|SET "team_count"|SET "archetype_counts"/.test(x))) await db.execute(sql.raw(statement));
    expect((await db.select().from(recordMeetings)).map(key).sort()).toEqual(expected);
    // A–B, A–C and C–B by member, E–A without the player in both teams against themself; both sides
    expect(expected.filter((k) => k.startsWith('pre-0007|')).length).toBe(2 * (1 + 2 + 2 + 1));
    const decks = await db.select().from(recordDecks);
    for (const r of await db.select().from(eventRecords)) {
      expect(r.teamCount).toBe(r.placements.length);
      // the decks by archetype and top cut: what the writer kept, and what the migration counts
      const counts = new Map<string, number>();
      for (const d of decks.filter((x) => x.tournamentUid === r.tournamentUid)) counts.set(`${d.archetype}|${d.topCut}`, (counts.get(`${d.archetype}|${d.topCut}`) ?? 0) + 1);
      // in one order (the database's collation orders the stored lists)
      const sorted = (xs: readonly { archetype: string; topCut: boolean; decks: number }[]) => xs.map((x) => `${x.archetype}|${x.topCut}|${x.decks}`).sort();
      const expectedCounts = sorted([...counts].map(([k, n]) => ({ archetype: k.split('|')[0]!, topCut: k.endsWith('|true'), decks: n })));
      expect(sorted(JSON.parse(r.archetypeCounts) as RecordArchetypeCount[])).toEqual(expectedCounts);
      expect(sorted(JSON.parse(countsBefore.get(r.tournamentUid)!) as RecordArchetypeCount[])).toEqual(expectedCounts);
    }
    expect(decks.length).toBeGreaterThan(0);
    await db.execute(sql`delete from tournaments where uid = 'pre-0007'`);
    expect(await db.select().from(recordMeetings).where(eq(recordMeetings.tournamentUid, 'pre-0007'))).toEqual([]);
  });

  test('a cached read answers 304 to its ETag', async () => {
    const res = await anonymous.get(`/api/players/${players[1]!.id}`);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await anonymous.request('GET', `/api/players/${players[1]!.id}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('not found and bad input', () => {
  test('an unknown player is 404; a signed-in player without records has an empty profile', async () => {
    const res = await anonymous.get('/api/players/952999999999999999');
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe(PLAYER_NOT_FOUND);
    const [newcomer] = await newPlayers(1);
    expect(await profile(newcomer!.id)).toMatchObject({ displayName: newcomer!.name, events: [], ratings: [], headToHead: [] });
  });

  test('a malformed id, an unknown series and a bad limit are refused with a sentence', async () => {
    const bad = await anonymous.get('/api/players/not-an-id');
    expect(bad.status).toBe(400);
    const unknown = await anonymous.get('/api/players?series=no-such-series');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(SERIES_NOT_FOUND);
    for (const limit of ['0', '201', 'x', '2.5']) {
      const res = await anonymous.get(`/api/players?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(/^limit: /);
    }
  });

  test('a series without ratings has an empty board', async () => {
    const empty = (await ok<{ id: string }>(await admin.post('/api/series', { name: 'Unplayed' }))).id;
    expect(await board(`?series=${empty}`)).toMatchObject({ series: { uid: empty, name: 'Unplayed' }, players: [] });
  });
});
