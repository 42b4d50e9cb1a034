// The hand-written statements of a score report (decision 021) give what drizzle gives: rows mapped
// by the tables' own columns (timestamps, jsonb, nulls) equal drizzle's select of the same rows, a
// SET made by setClause reads back as written, and W-L-T moved by a completing report's own
// statement (updateMatch with a result) equal a recount from every match. On PGlite and
// PostgreSQL (their drivers hand timestamps and jsonb over differently).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Match } from '../../domain/api/tournaments.ts';
import { recount } from '../features/tournaments/play/tournament-play.ts';
import { ok, tournamentKit } from '../features/tournaments/tournament-test-kit.ts';
import * as Events from '../features/tournaments/events-repository.ts';
import * as Matches from '../features/tournaments/play/matches-repository.ts';
import * as Users from '../features/users/users-repository.ts';
import { findSessionUser } from '../features/users/users-repository.ts';
import { apiTest } from '../test/api-test.ts';
import { insertRows, jsonRows, rawRows, rowMapper, setClause } from './raw-rows.ts';
import { matches, members, sessions, teams, tournaments, users } from './schema.ts';

const { server, host, admin } = apiTest({ host: ['961000000000000001', 1, 'Hosta'], admin: ['961000000000000002', 2, 'Ada'] });
let uid: string;
const kit = tournamentKit(server, { host, admin });

beforeAll(async () => {
  uid = await kit.event('DEFAULT', 6, { roundMinutes: 30 });
  await ok(await host.post(`/api/tournaments/${uid}/start`));
}, 60_000);

const db = () => server.database.db;

/** Both players of a match report the same score (team 1 wins 2–1, or a 1–1 tie), as the page sends it. */
async function bothReport(m: Match, tie = false) {
  const [won, lost] = tie ? [1, 1] : [2, 1];
  await ok(await (await kit.captainOf(uid, m.team1Id!)).post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: won, gamesLost: lost }));
  await ok(await (await kit.captainOf(uid, m.team2Id!)).post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: lost, gamesLost: won }));
}

describe('raw rows are drizzle rows', () => {
  test('tournaments, matches (with reports, clocks and nulls) and users map as drizzle selects them', async () => {
    const [first] = await kit.roundMatches(uid);
    await ok(await (await kit.captainOf(uid, first!.team1Id!)).post(`/api/tournaments/${uid}/matches/${first!.id}/report-score`, { gamesWon: 2, gamesLost: 0 }));
    for (const [table, name] of [[tournaments, 'tournaments'], [matches, 'matches'], [users, 'users']] as const) {
      const raw = await rawRows(db(), sql`select * from ${sql.identifier(name)}`);
      const mapped = raw.map(rowMapper(table));
      const drizzled = await db().select().from(table);
      expect(mapped.length, name).toBeGreaterThan(0);
      const key = (r: Record<string, unknown>) => String(r.uid ?? r.id ?? r.discordId);
      expect([...mapped].sort((a, b) => key(a).localeCompare(key(b))), name).toEqual([...drizzled].sort((a, b) => key(a).localeCompare(key(b))));
    }
    // the report really is among them: a jsonb value and timestamps went through the mapper
    const [m] = (await rawRows(db(), sql`select * from matches where id = ${first!.id}`)).map(rowMapper(matches));
    expect(m!.reportFromTeam1).toMatchObject({ gamesWon: 2, gamesLost: 0 });
    expect(m!.updatedAt).toBeInstanceOf(Date);
    expect(m!.reportFromTeam2).toBeNull();
  });

  test('setClause writes jsonb, nulls, numbers and dates as drizzle would', async () => {
    const [, second] = await kit.roundMatches(uid);
    const at = new Date('2026-11-26T12:34:56.789Z');
    const report = { reporterDiscordId: '961000000000000009', gamesWon: 1, gamesLost: 2, at: at.toISOString() };
    const row = await Matches.updateMatch(db(), second!.id, { reportFromTeam2: report, team1Wins: 2, team2Wins: null, flaggedMessage: 'it’s "quoted"' });
    const [read] = await db().select().from(matches).where(eq(matches.id, second!.id));
    expect(row).toEqual(read);
    expect(read).toMatchObject({ reportFromTeam2: report, team1Wins: 2, team2Wins: null, flaggedMessage: 'it’s "quoted"' });
    expect(read!.updatedAt.getTime()).toBeGreaterThan(at.getTime());
    expect(() => setClause(matches, { nope: 1 } as never)).toThrow('no column nope');
    // back as it was for the reports below
    await Matches.updateMatch(db(), second!.id, { reportFromTeam2: null, team1Wins: null, team2Wins: null, flaggedMessage: null });
  });

  test('lockAndBump answers the row, one version on; an unknown tournament is a 404', async () => {
    const [before] = await db().select().from(tournaments).where(eq(tournaments.uid, uid));
    const row = await db().transaction((tx) => Events.lockAndBump(tx, uid));
    const [after] = await db().select().from(tournaments).where(eq(tournaments.uid, uid));
    expect(row).toEqual(after);
    expect(row.version).toBe(before!.version + 1);
    await expect(db().transaction((tx) => Events.lockAndBump(tx, 'no-such-event'))).rejects.toMatchObject({ statusCode: 404 });
  });

  test('a session’s user is the users row; an expired session is none', async () => {
    const [s] = await db().select().from(sessions).where(eq(sessions.discordId, '961000000000000001'));
    const now = new Date();
    const found = await findSessionUser(db(), s!.idHash, now, new Date(now.getTime() + 60_000));
    const [u] = await db().select().from(users).where(eq(users.discordId, '961000000000000001'));
    expect(found).toEqual({ user: u, slid: false });
    expect(await findSessionUser(db(), s!.idHash, new Date(s!.expiresAt.getTime() + 1), now)).toBeUndefined();
  });
});

describe('rows in one statement (decision 024)', () => {
  test('jsonRows gives the rows, in the order, that drizzle’s select gives (timestamps, nulls, jsonb)', async () => {
    await db().update(teams).set({ checkedInAt: new Date('2026-11-27T18:30:00.123Z') }).where(eq(teams.tournamentUid, uid));
    const cases = [
      [jsonRows(db(), teams, eq(teams.tournamentUid, uid), sql`${teams.seed}, ${teams.createdAt}`), db().select().from(teams).where(eq(teams.tournamentUid, uid)).orderBy(teams.seed, teams.createdAt)],
      [jsonRows(db(), members, eq(members.tournamentUid, uid), sql`${members.id}`), db().select().from(members).where(eq(members.tournamentUid, uid)).orderBy(members.id)],
      [jsonRows(db(), users, sql`true`, sql`${users.discordId}`), db().select().from(users).orderBy(users.discordId)],
      // jsonb (a report) and the round's clock columns
      [jsonRows(db(), matches, eq(matches.tournamentUid, uid), sql`${matches.id}`), db().select().from(matches).where(eq(matches.tournamentUid, uid)).orderBy(matches.id)],
    ] as const;
    for (const [mine, drizzled] of cases) {
      const [a, b] = [await mine, await drizzled];
      expect(a.length).toBeGreaterThan(0);
      expect(a).toEqual(b);
    }
    expect((await jsonRows(db(), teams, eq(teams.tournamentUid, 'no such tournament')))).toEqual([]);
    const players = await Users.usersByIds(db(), ['961000000000000001', '961000000000000002', '961000000000000002', 'nobody']);
    expect([...players.keys()].sort()).toEqual(['961000000000000001', '961000000000000002']);
  });

  test('insertRows writes what drizzle’s insert writes, defaults included, and answers the rows in order', async () => {
    const report = { reporterDiscordId: '961000000000000001', gamesWon: 2, gamesLost: 1, at: '2026-11-27T18:00:00.000Z' };
    // row i of a batch: positions differ between the two batches, the rest is the same
    const row = (i: number, batch: number) => ({
      tournamentUid: uid, roundNumber: 90, bracket: 'swiss', position: batch * 10 + i, team1Uid: null, team2Uid: null, bye: false, complete: i % 2 === 0,
      team1Wins: i === 3 ? null : 2, team2Wins: 1, winnerTeamUid: null, reportFromTeam1: i === 1 ? report : null, tableNumber: i, roomPassword: `pw'"${i}`,
    });
    const mine = await insertRows(db(), matches, [1, 2, 3, 4].map((i) => row(i, 1)));
    const theirs = await db().insert(matches).values([1, 2, 3, 4].map((i) => row(i, 2))).returning();
    expect(mine.map((m) => m.position)).toEqual([11, 12, 13, 14]);
    const comparable = (m: typeof mine[number]) => ({ ...m, id: 0, position: m.position % 10, createdAt: 0, updatedAt: 0 });
    expect(mine.map(comparable)).toEqual(theirs.map(comparable));
    expect(mine[0]).toMatchObject({ reportFromTeam1: report, extraMinutes: 0, missed: false, overridden: false, flaggedForReview: false });
    expect(await db().select().from(matches).where(eq(matches.id, mine[0]!.id))).toEqual([mine[0]]);
    // rows that do not all give the same columns: drizzle's insert, the others' defaults
    const mixed = await insertRows(db(), matches, [row(1, 3), { tournamentUid: uid, roundNumber: 90, position: 40 }]);
    expect(mixed[1]).toMatchObject({ bracket: 'swiss', bye: false, complete: false, tableNumber: null });
    await db().delete(matches).where(eq(matches.roundNumber, 90));
  });
});

describe('a report that completes a Swiss match', () => {
  test('moves both teams’ W-L-T as a recount of every match gives them', async () => {
    const open = (await kit.roundMatches(uid)).filter((m) => !m.complete && m.team2Id);
    // every match but the last won, the last a tie
    for (const [i, m] of open.entries()) await bothReport(m, i === open.length - 1);
    const stored = async () => (await db().select({ uid: teams.uid, wins: teams.wins, losses: teams.losses, ties: teams.ties }).from(teams).where(eq(teams.tournamentUid, uid)))
      .sort((a, b) => a.uid.localeCompare(b.uid));
    const reported = await stored();
    const played = (wins: number, losses: number, ties: number) => reported.filter((t) => t.wins === wins && t.losses === losses && t.ties === ties).length;
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect([played(1, 0, 0), played(0, 1, 0), played(0, 0, 1)]).toEqual([open.length - 1, open.length - 1, 2]);
    const t = (await db().select().from(tournaments).where(eq(tournaments.uid, uid)))[0]!;
    await db().transaction((tx) => recount(tx, t, reported.map((r) => r.uid)));
    expect(await stored()).toEqual(reported);
  });
});
