// Check-in (issue 19) over real HTTP on PGlite and PostgreSQL: who may open it and check a team in or
// out, the refusals before it is open and after the start, the read's checkInStatus and each team's
// checkedIn, the live message that carries the count, and a start that drops the no-shows.
import { describe, expect, test } from 'vitest';
import type { AuditEntry, Scoreboard, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import { TOPICS } from '../../../../domain/api/topics.ts';
import { RawStomp } from '../../../realtime/live-test-kit.ts';
import { TestClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';

const ADMIN = '961910000000000001';
const HOST = '961910000000000002';
const STRANGER = '961910000000000004';

const { server, anonymous, admin, host, stranger } = apiTest(
  { admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'], stranger: [STRANGER, 0, 'Stranger'] },
);
const kit = tournamentKit(server, { host, admin });

const open = (c: TestClient, uid: string) => c.post(`/api/tournaments/${uid}/check-in/open`);
const checkIn = (c: TestClient, uid: string, tid: string) => c.post(`/api/tournaments/${uid}/teams/${tid}/check-in`);
const undo = (c: TestClient, uid: string, tid: string) => c.request('DELETE', `/api/tournaments/${uid}/teams/${tid}/check-in`);

/** An event of `n` teams with check-in on (and open unless said otherwise); its teams and their captains. */
async function fixture(n = 3, { opened = true } = {}) {
  const uid = await kit.event('DEFAULT', n, { checkIn: true });
  if (opened) await ok(await open(host, uid));
  const teams = (await kit.state(uid)).teams;
  const captain = (i: number) => kit.players.get(teams[i]!.captainDiscordId)!;
  return { uid, teams, captain };
}

describe('opening check-in', () => {
  test.each([
    ['a visitor', 401, () => anonymous],
    ['a stranger', 403, () => stranger],
    ['a player of the event', 403, null],
    ['the host', 200, () => host],
    ['an admin', 200, () => admin],
  ] as const)('%s: %i', async (_who, status, client) => {
    const { uid, captain } = await fixture(2, { opened: false });
    const res = await open(client ? client() : captain(0), uid);
    expect(res.status).toBe(status);
    expect((await kit.state(uid)).checkInStatus.open).toBe(status === 200);
  });

  test('an event without check-in, or one that started, answers 409 with a sentence; opening twice changes nothing', async () => {
    const plain = await kit.event('DEFAULT', 2);
    let res = await open(host, plain);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This event has no check-in: turn it on in the event settings first');

    const { uid, teams, captain } = await fixture(2);
    const again = await ok<Tournament>(await open(host, uid));
    expect(again.checkInStatus).toEqual({ open: true, checkedIn: 0, total: 2 });
    expect((await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === 'check-in-open')).toHaveLength(1);
    for (const t of teams) await ok(await checkIn(captain(teams.indexOf(t)), uid, t.uid));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    res = await open(host, uid);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Check-in is over: the tournament has started');
  });
});

describe('checking a team in and out', () => {
  test.each([
    ['a visitor', 401, () => anonymous],
    ['a stranger', 403, () => stranger],
    ['a player of another team', 403, 1],
    ['a member of the team', 200, 0],
    ['the host', 200, () => host],
    ['an admin', 200, () => admin],
  ] as const)('%s: %i, both ways', async (_who, status, who) => {
    const { uid, teams, captain } = await fixture(2);
    const c = typeof who === 'number' ? captain(who) : who();
    const tid = teams[0]!.uid;
    const res = await checkIn(c, uid, tid);
    expect(res.status).toBe(status);
    expect((await kit.state(uid)).teams.find((t) => t.uid === tid)!.checkedIn).toBe(status === 200);
    if (status !== 200) await ok(await checkIn(captain(0), uid, tid));
    const out = await undo(c, uid, tid);
    expect(out.status).toBe(status);
    expect((await kit.state(uid)).teams.find((t) => t.uid === tid)!.checkedIn).toBe(status !== 200);
  });

  test('the read counts active teams checked in; the host’s check-in for a team is in the log, a member’s is not', async () => {
    const { uid, teams, captain } = await fixture(3);
    const team = await ok<Team>(await checkIn(captain(0), uid, teams[0]!.uid));
    expect(team.checkedIn).toBe(true);
    await ok(await checkIn(host, uid, teams[1]!.uid));
    // checking in twice is no change
    await ok(await checkIn(captain(0), uid, teams[0]!.uid));
    expect((await kit.state(uid)).checkInStatus).toEqual({ open: true, checkedIn: 2, total: 3 });
    await ok(await host.post(`/api/tournaments/${uid}/teams/${teams[1]!.uid}/drop`));
    expect((await kit.state(uid)).checkInStatus).toEqual({ open: true, checkedIn: 1, total: 2 });
    const log = await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`));
    expect(log.filter((e) => e.action === 'check-in').map((e) => (e.after as { teamUid: string }).teamUid)).toEqual([teams[1]!.uid]);
    // a dropped team cannot check in
    const dropped = await checkIn(host, uid, teams[1]!.uid);
    expect(dropped.status).toBe(409);
  });

  test('refused with a sentence before check-in opens, without check-in, and after the start', async () => {
    const { uid, teams, captain } = await fixture(2, { opened: false });
    let res = await checkIn(captain(0), uid, teams[0]!.uid);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Check-in is not open yet: the host opens it before the start');
    const plain = await kit.event('DEFAULT', 2);
    const plainTeam = (await kit.state(plain)).teams[0]!;
    res = await checkIn(kit.players.get(plainTeam.captainDiscordId)!, plain, plainTeam.uid);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This event has no check-in: turn it on in the event settings first');
    await ok(await open(host, uid));
    for (const [i, t] of teams.entries()) await ok(await checkIn(captain(i), uid, t.uid));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    res = await undo(captain(0), uid, teams[0]!.uid);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Check-in is over: the tournament has started');
    expect((await ok<Tournament>(await host.get(`/api/tournaments/${uid}`))).checkInStatus.open).toBe(false);
    expect((await checkIn(captain(0), uid, 'no-such-team')).status).toBe(404);
  });

  test('turning check-in off closes it; on again, it waits to be opened', async () => {
    const { uid } = await fixture(2);
    const off = await ok<Tournament>(await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { checkIn: false } }));
    expect(off).toMatchObject({ checkIn: false, checkInStatus: { open: false } });
    const on = await ok<Tournament>(await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { checkIn: true } }));
    expect(on).toMatchObject({ checkIn: true, checkInStatus: { open: false } });
  });

  test('the live message of a check-in carries the new count', async () => {
    const { uid, teams, captain } = await fixture(2);
    const raw = await RawStomp.subscribed(server.url, [TOPICS.tournamentScoreboard(uid)]);
    try {
      await ok(await checkIn(captain(1), uid, teams[1]!.uid));
      for (;;) {
        const board = JSON.parse((await raw.frame('MESSAGE')).body) as Scoreboard & { change: string };
        if (!board.change.split(',').includes('check-in')) continue;
        expect(board.state.checkInStatus).toEqual({ open: true, checkedIn: 1, total: 2 });
        break;
      }
    } finally {
      raw.close();
    }
  });
});

describe('the start with check-in', () => {
  test('drops the teams that did not check in, in one audit line naming them; they are not paired', async () => {
    const { uid, teams, captain } = await fixture(5);
    for (const i of [0, 2, 3]) await ok(await checkIn(captain(i), uid, teams[i]!.uid));
    const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
    const noShows = [teams[1]!, teams[4]!];
    expect(started.teams.filter((t) => t.dropped).map((t) => t.uid).sort()).toEqual(noShows.map((t) => t.uid).sort());
    const paired = (await kit.roundMatches(uid, 1)).flatMap((m) => [m.team1Id, m.team2Id]);
    for (const t of noShows) expect(paired).not.toContain(t.uid);
    expect(paired.filter(Boolean)).toHaveLength(3);
    const lines = (await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`))).filter((e) => e.action === 'drop-no-shows');
    expect(lines).toHaveLength(1);
    expect((lines[0]!.after as { teams: { uid: string; name: string }[] }).teams.map((t) => t.name).sort()).toEqual(noShows.map((t) => t.name).sort());
  });

  test('with fewer than 2 teams checked in it is a 409 that says so, and nobody is dropped', async () => {
    const { uid, teams, captain } = await fixture(3);
    await ok(await checkIn(captain(0), uid, teams[0]!.uid));
    const res = await host.post(`/api/tournaments/${uid}/start`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Only 1 team has checked in: a tournament needs at least 2 checked-in teams to start');
    const t = await kit.state(uid);
    expect(t.inProgress).toBe(false);
    expect(t.teams.every((x) => !x.dropped)).toBe(true);
  });

  test('without check-in, nobody is dropped', async () => {
    const uid = await kit.event('DEFAULT', 3);
    const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
    expect(started.teams.every((t) => !t.dropped)).toBe(true);
  });
});
