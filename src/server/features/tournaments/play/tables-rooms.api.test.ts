// Tables and rooms (issue 19), on PGlite and PostgreSQL: every match of a round gets table 1..n when
// the round begins (table 1 the top of the standings; a bye none), and an EDOPro room whose password
// only its players, the host and admins read, in GET .../matches/{mid} alone.
import { describe, expect, test } from 'vitest';
import type { Match, Scoreboard, Tournament } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { ROOM_PASSWORD_ALPHABET, eventCode } from '../../../../domain/tournaments/rooms.ts';
import { TestClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { ok, tournamentKit } from '../tournament-test-kit.ts';

const { server, host, admin, curator } = apiTest(
  { host: ['970000000000000001', 1, 'Hosta'], admin: ['970000000000000002', 2, 'Ada'], curator: ['970000000000000003', 1, 'Linus'] },
);
const kit = tournamentKit(server, { host, admin });

const played = (matches: Match[]) => matches.filter((m) => !m.bye && !m.missed && m.team1Id && m.team2Id && !m.complete);
const tablesOf = (matches: Match[]) => played(matches).map((m) => m.table).sort((a, b) => a! - b!);
const one = (client: TestClient, uid: string, mid: number) => client.get(`/api/tournaments/${uid}/matches/${mid}`);

describe('tables', () => {
  test('Swiss: round 1 is numbered 1..n in pairing order, the bye has none; the next round puts the leader at table 1', async () => {
    const uid = await kit.event('DEFAULT', 9);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const first = await kit.roundMatches(uid, 1);
    expect(tablesOf(first)).toEqual([1, 2, 3, 4]);
    for (const m of played(first)) expect(m.table).toBe(m.position);
    const bye = first.find((m) => m.bye)!;
    expect(bye.table).toBeNull();

    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const second = await kit.roundMatches(uid, 2);
    expect(tablesOf(second)).toEqual([1, 2, 3, 4]);
    const standings = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    const rank = new Map(standings.rows.map((r) => [r.teamId, r.rank]));
    const best = (m: Match) => Math.min(rank.get(m.team1Id!)!, rank.get(m.team2Id!)!);
    const byTable = played(second).sort((a, b) => a.table! - b.table!).map(best);
    expect(byTable).toEqual([...byTable].sort((a, b) => a - b));
    // round 1 kept its tables
    expect((await kit.roundMatches(uid, 1)).map((m) => m.table)).toEqual(first.map((m) => m.table));
  });

  test('double elimination: each round is numbered when it begins (the bracket exists from the start), by standing', async () => {
    const uid = await kit.event('DOUBLE_ELIM', 6);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const all = await kit.matchesOf(uid);
    expect(tablesOf(all.filter((m) => m.roundNumber === 1))).toEqual([1, 2]);
    expect(all.filter((m) => m.roundNumber > 1).every((m) => m.table === null)).toBe(true);
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const second = await kit.roundMatches(uid, 2);
    expect(tablesOf(second)).toEqual(played(second).map((_, i) => i + 1));
    expect(played(second).length).toBeGreaterThan(0);
  });

  test('round robin: tables by the better standing of the two teams, a round off has none', async () => {
    const uid = await kit.event('ROUND_ROBIN', 5);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const second = await kit.roundMatches(uid, 2);
    expect(tablesOf(second)).toEqual([1, 2]);
    expect(second.filter((m) => m.bye).every((m) => m.table === null)).toBe(true);
    const standings = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    const rank = new Map(standings.rows.map((r) => [r.teamId, r.rank]));
    const [t1, t2] = played(second).sort((a, b) => a.table! - b.table!);
    const best = (m: Match) => Math.min(rank.get(m.team1Id!)!, rank.get(m.team2Id!)!);
    expect(best(t1!)).toBeLessThan(best(t2!));
  });
});

describe('rooms', () => {
  test('the two teams’ players, the host and admins read the room; another player, a curator and a visitor do not', async () => {
    const uid = await kit.event('DEFAULT', 5);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const [m, other] = played(await kit.roundMatches(uid, 1));
    const [p1, p2, stranger] = [await kit.captainOf(uid, m!.team1Id!), await kit.captainOf(uid, m!.team2Id!), await kit.captainOf(uid, other!.team1Id!)];

    const seen = await ok<Match>(await one(p1, uid, m!.id));
    expect(seen.room).toEqual({ name: `${eventCode(uid)} T${m!.table}`, password: expect.stringMatching(new RegExp(`^[${ROOM_PASSWORD_ALPHABET}]{6}$`)) });
    const { password } = seen.room!;
    for (const who of [p2, host, admin]) expect((await ok<Match>(await one(who, uid, m!.id))).room).toEqual(seen.room);
    for (const who of [stranger, curator, kit.anonymous]) {
      const res = await one(who, uid, m!.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/private/);
      expect(await res.text()).not.toContain('room');
    }
    // each match its own password
    expect((await ok<Match>(await one(host, uid, other!.id))).room!.password).not.toBe(password);

    // no list, scoreboard or tournament read carries a room, to anyone
    for (const who of [p1, host, admin, kit.anonymous]) {
      for (const path of ['/matches', '/matches?round=1', '/scoreboard', '', '/standings']) {
        const body = await (await who.get(`/api/tournaments/${uid}${path}`)).text();
        expect(body, path).not.toContain(password);
        expect(body, path).not.toContain('"room"');
      }
    }
    const board = await ok<Scoreboard>(await host.get(`/api/tournaments/${uid}/scoreboard`));
    expect(board.matches.every((x) => !('room' in x))).toBe(true);
  });

  test('a bye has no room, nor does a match of a later bracket round; a player who dropped sees theirs no more', async () => {
    const uid = await kit.event('DEFAULT', 5);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const round = await kit.roundMatches(uid, 1);
    const bye = round.find((m) => m.bye)!;
    expect((await ok<Match>(await one(await kit.captainOf(uid, bye.team1Id!), uid, bye.id))).room).toBeUndefined();
    expect((await ok<Match>(await one(host, uid, bye.id))).room).toBeUndefined();

    const m = played(round)[0]!;
    const captain = await kit.captainOf(uid, m.team1Id!);
    // the host drops the team mid-match (a player's own drop waits for the result: drops.ts)
    await ok(await host.post(`/api/tournaments/${uid}/teams/${m.team1Id}/drop`));
    expect((await ok<Match>(await one(captain, uid, m.id))).room).toBeUndefined();

    const de = await kit.event('DOUBLE_ELIM', 4);
    await ok(await host.post(`/api/tournaments/${de}/start`));
    const later = (await kit.matchesOf(de)).find((x) => x.roundNumber > 1)!;
    expect((await ok<Match>(await one(host, de, later.id))).room).toBeUndefined();
  });

  test('the room name follows the table; a tournament read says nothing of it', async () => {
    const uid = await kit.event('DEFAULT', 4);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const t = await ok<Tournament>(await host.get(`/api/tournaments/${uid}`));
    expect(JSON.stringify(t)).not.toContain('password');
    for (const m of played(await kit.roundMatches(uid, 1))) {
      expect((await ok<Match>(await one(host, uid, m.id))).room!.name).toBe(`${eventCode(uid)} T${m.table}`);
    }
  });
});
