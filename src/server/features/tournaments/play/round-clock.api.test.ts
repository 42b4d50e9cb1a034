// The round clock (issue 19), on PGlite and PostgreSQL: roundEndsAt and each match's endsAt in every
// read (REST and live), and POST .../matches/{mid}/extend: who may, what it refuses, what it changes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditEntry, Match, Scoreboard, Tournament } from '../../../../domain/api/tournaments.ts';
import { TOPICS } from '../../../../domain/api/topics.ts';
import { RawStomp, startLiveServer, type LiveServer } from '../../../realtime/live-test-kit.ts';
import { signedInClient, TestClient } from '../../../test/test-server.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';

let server: LiveServer;
let host: TestClient;
let admin: TestClient;
let curator: TestClient;
let kit: ReturnType<typeof tournamentKit>;
const raws: RawStomp[] = [];

beforeAll(async () => {
  server = await startLiveServer({ tuning: { heartbeat: [0, 0], sessionCheckMs: 0 } });
  host = await signedInClient(server, '970000000000000011', 1, 'Hosta');
  admin = await signedInClient(server, '970000000000000012', 2, 'Ada');
  curator = await signedInClient(server, '970000000000000013', 1, 'Linus');
  kit = tournamentKit(server, { host, admin });
}, 120_000);
afterAll(async () => {
  for (const r of raws) r.close();
  await server?.close();
});

const MINUTE = 60_000;
const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * MINUTE).toISOString();
const extend = (who: TestClient, uid: string, mid: number, minutes: unknown) => who.post(`/api/tournaments/${uid}/matches/${mid}/extend`, { minutes });
const played = (ms: Match[]) => ms.filter((m) => !m.bye && m.team1Id && m.team2Id);

/** A started Swiss event of `teams` seeded teams with these settings. */
async function started(teams: number, settings: Record<string, unknown> = { roundMinutes: 50 }) {
  const uid = await kit.event('DEFAULT', teams, settings);
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  return { uid, t: await kit.state(uid), round: await kit.roundMatches(uid, 1) };
}

describe('the round clock in the reads', () => {
  test('roundEndsAt is the round’s start plus its minutes; each match of the round ends then, a bye never', async () => {
    const { uid, t, round } = await started(5);
    expect(t.roundEndsAt).toBe(plus(t.roundStartDates[0]!, 50));
    for (const m of played(round)) expect(m).toMatchObject({ extraMinutes: 0, endsAt: t.roundEndsAt });
    expect(round.find((m) => m.bye)!.endsAt).toBeNull();
    const board = await ok<Scoreboard>(await kit.anonymous.get(`/api/tournaments/${uid}/scoreboard`));
    expect(board.state.roundEndsAt).toBe(t.roundEndsAt);
    expect(played(board.matches).every((m) => m.endsAt === t.roundEndsAt)).toBe(true);
    const one = await ok<Match>(await kit.anonymous.get(`/api/tournaments/${uid}/matches/${played(round)[0]!.id}`));
    expect(one.endsAt).toBe(t.roundEndsAt);

    // the next round has its own clock; the last round's matches have none any more
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const next = await kit.state(uid);
    expect(next.roundEndsAt).toBe(plus(next.roundStartDates[1]!, 50));
    expect((await kit.roundMatches(uid, 1)).every((m) => m.endsAt === null)).toBe(true);
    expect(played(await kit.roundMatches(uid, 2)).every((m) => m.endsAt === next.roundEndsAt)).toBe(true);
  });

  test('an untimed round has no clock; a top-cut round runs on topCutRoundMinutes', async () => {
    const untimed = await started(4, { roundMinutes: 0 });
    expect(untimed.t.roundEndsAt).toBeNull();
    expect(untimed.round.every((m) => m.endsAt === null)).toBe(true);

    // 8 teams: 3 Swiss rounds of 20 minutes, then a top cut of 2 on 35
    const { uid } = await started(8, { roundMinutes: 20, topCutRoundMinutes: 35 });
    for (let r = 1; r < 4; r++) {
      await kit.finishRound(uid);
      await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    }
    const t = await kit.state(uid);
    const [final] = await kit.roundMatches(uid, 4);
    expect(final!.bracket).toBe('top');
    expect(t.roundEndsAt).toBe(plus(t.roundStartDates[3]!, 35));
    expect(final!.endsAt).toBe(t.roundEndsAt);
  });
});

describe('POST .../matches/{mid}/extend', () => {
  test('the host and admins may; the match’s players, another player, a curator and a visitor may not', async () => {
    const { uid, round } = await started(6);
    const [m, other] = played(round);
    const rows: [string, TestClient, number][] = [
      ['visitor', kit.anonymous, 401],
      ['player of the match', await kit.captainOf(uid, m!.team1Id!), 403],
      ['the other side', await kit.captainOf(uid, m!.team2Id!), 403],
      ['another player', await kit.captainOf(uid, other!.team1Id!), 403],
      ['curator', curator, 403],
      ['host', host, 200],
      ['admin', admin, 200],
    ];
    for (const [who, client, status] of rows) expect((await extend(client, uid, m!.id, 5)).status, who).toBe(status);
    const after = (await kit.roundMatches(uid)).find((x) => x.id === m!.id)!;
    expect(after.extraMinutes).toBe(10);
    const log = await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`));
    expect(log.filter((e) => e.action === 'extend')).toHaveLength(2);
  });

  test('a host who plays in the match cannot add time to it; an admin can', async () => {
    const uid = await kit.event('DEFAULT', 0, { roundMinutes: 50 });
    await ok(await host.post(`/api/tournaments/${uid}/signup`, { name: 'Host team' }));
    await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=1`));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const [m] = await kit.roundMatches(uid, 1);
    const res = await extend(host, uid, m!.id, 5);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe('You cannot add time to a match you play in');
    expect((await extend(admin, uid, m!.id, 5)).status).toBe(200);
  });

  test('the table’s clock moves on: the answer, the cached list, the scoreboard and the single read say so', async () => {
    const { uid, t, round } = await started(4);
    const [m, other] = played(round);
    await kit.roundMatches(uid); // cached now: the extension must drop it
    await ok(await kit.anonymous.get(`/api/tournaments/${uid}/scoreboard`));
    const answer = await ok<Match>(await extend(host, uid, m!.id, 7));
    expect(answer).toMatchObject({ id: m!.id, extraMinutes: 7, endsAt: plus(t.roundEndsAt!, 7) });
    const list = await kit.roundMatches(uid);
    expect(list.find((x) => x.id === m!.id)).toMatchObject({ extraMinutes: 7, endsAt: plus(t.roundEndsAt!, 7) });
    expect(list.find((x) => x.id === other!.id)).toMatchObject({ extraMinutes: 0, endsAt: t.roundEndsAt });
    const board = await ok<Scoreboard>(await kit.anonymous.get(`/api/tournaments/${uid}/scoreboard`));
    expect(board.matches.find((x) => x.id === m!.id)!.endsAt).toBe(plus(t.roundEndsAt!, 7));
    expect((await ok<Tournament>(await kit.anonymous.get(`/api/tournaments/${uid}`))).roundEndsAt).toBe(t.roundEndsAt);
    expect((await ok<Match>(await kit.anonymous.get(`/api/tournaments/${uid}/matches/${m!.id}`))).endsAt).toBe(plus(t.roundEndsAt!, 7));
  });

  test('every open page hears of it: a live message with the match’s new clock, and no room', async () => {
    const { uid, round } = await started(4);
    const m = played(round)[0]!;
    const raw = await RawStomp.subscribed(server.url, [TOPICS.tournamentScoreboard(uid)]);
    raws.push(raw);
    await ok(await extend(admin, uid, m.id, 3));
    let board: Scoreboard | undefined;
    while (!board?.change.includes('extend')) board = JSON.parse((await raw.frame('MESSAGE')).body) as Scoreboard;
    // alone, the message carries this match only; a busy machine may merge it with a whole-round change sent in the same gap
    if (board.change === 'extend') {
      expect(board.full).toBe(false);
      expect(board.matches).toHaveLength(1);
    }
    const mine = board.matches.find((x) => x.id === m.id)!;
    expect(mine).toMatchObject({ id: m.id, extraMinutes: 3 });
    expect(mine.endsAt).toBe(plus(board.state.roundEndsAt!, 3));
    expect(board.matches.some((x) => 'room' in x)).toBe(false);
  });

  test('refused: a complete match, a bye, an earlier round, an untimed round; minutes 1..30 only', async () => {
    const { uid, round } = await started(5);
    const [m, other] = played(round);
    const bye = round.find((x) => x.bye)!;
    for (const bad of [0, 31, 2.5, 'x', null]) {
      const res = await extend(host, uid, m!.id, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(await errorOf(res)).toMatch(/minutes/);
    }
    expect((await host.post(`/api/tournaments/${uid}/matches/99999999/extend`, { minutes: 5 })).status).toBe(404);
    const refusals: [number, RegExp][] = [[bye.id, /bye/]];
    await ok(await admin.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
    refusals.push([m!.id, /complete/]);
    for (const [id, why] of refusals) {
      const res = await extend(host, uid, id, 5);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatch(why);
    }
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const earlier = await extend(host, uid, other!.id, 5);
    expect(earlier.status).toBe(409);
    expect(await errorOf(earlier)).toMatch(/not in the current round/);

    const untimed = await started(4, { roundMinutes: 0 });
    const res = await extend(host, untimed.uid, played(untimed.round)[0]!.id, 5);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatch(/untimed/);
  });
});
