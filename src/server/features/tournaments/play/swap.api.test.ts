// Fixing a pairing (issue 19), on PGlite and PostgreSQL: POST .../matches/swap moves two teams between
// two Swiss matches of the current round that have no result yet (issue 30); and a player's own drop: their team
// is not paired again and keeps its results.
import { describe, expect, test } from 'vitest';
import type { AuditEntry, Match, Tournament } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { TestClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';

const { server, host, admin, curator } = apiTest(
  { host: ['970000000000000021', 1, 'Hosta'], admin: ['970000000000000022', 2, 'Ada'], curator: ['970000000000000023', 1, 'Linus'] },
);
const kit = tournamentKit(server, { host, admin });

const played = (ms: Match[]) => ms.filter((m) => !m.bye && !m.missed && m.team1Id && m.team2Id);
const swap = (who: TestClient, uid: string, body: unknown) => who.post(`/api/tournaments/${uid}/matches/swap`, body);
const sides = (a: Match, b: Match) => ({ a: { matchId: a.id, teamId: a.team1Id }, b: { matchId: b.id, teamId: b.team2Id } });

async function started(format: string, teams: number) {
  const uid = await kit.event(format, teams);
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  return { uid, round: await kit.roundMatches(uid, 1) };
}

describe('POST .../matches/swap', () => {
  test('the host and admins may; players, a curator and a visitor may not (and change nothing)', async () => {
    const { uid, round } = await started('DEFAULT', 8);
    const [a, b] = played(round);
    const rows: [string, TestClient, number][] = [
      ['visitor', kit.anonymous, 401],
      ['a player of the match', await kit.captainOf(uid, a!.team1Id!), 403],
      ['curator', curator, 403],
    ];
    for (const [who, client, status] of rows) expect((await swap(client, uid, sides(a!, b!))).status, who).toBe(status);
    expect(await kit.roundMatches(uid)).toEqual(round);
    // each privileged swap moves the two teams; the admin's puts back what the host's moved
    expect((await swap(host, uid, sides(a!, b!))).status).toBe(200);
    const back = { a: { matchId: a!.id, teamId: b!.team2Id }, b: { matchId: b!.id, teamId: a!.team1Id } };
    expect((await swap(admin, uid, back)).status).toBe(200);
    const now = await kit.roundMatches(uid);
    expect(now.map((m) => [m.id, m.team1Id, m.team2Id])).toEqual(round.map((m) => [m.id, m.team1Id, m.team2Id]));
  });

  test('the teams change places, the tables stay with the matches, both rooms get new passwords, the log says who', async () => {
    const { uid, round } = await started('DEFAULT', 8);
    const [a, b] = played(round);
    const roomOf = async (id: number) => (await ok<Match>(await host.get(`/api/tournaments/${uid}/matches/${id}`))).room!;
    const before = [await roomOf(a!.id), await roomOf(b!.id)];
    const answer = await ok<Match[]>(await swap(host, uid, sides(a!, b!)));
    expect(answer.map((m) => [m.id, m.table, m.team1Id, m.team2Id])).toEqual([
      [a!.id, a!.table, b!.team2Id, a!.team2Id],
      [b!.id, b!.table, b!.team1Id, a!.team1Id],
    ]);
    expect(answer[0]!.team1Name).toBe(b!.team2Name);
    const list = await kit.roundMatches(uid);
    expect(list.find((m) => m.id === a!.id)).toMatchObject({ team1Id: b!.team2Id, team2Id: a!.team2Id, table: a!.table });
    const after = [await roomOf(a!.id), await roomOf(b!.id)];
    expect(after.map((r) => r.name)).toEqual(before.map((r) => r.name));
    expect(after[0]!.password).not.toBe(before[0]!.password);
    expect(after[1]!.password).not.toBe(before[1]!.password);
    // the team that moved reads its new match's room, and the old one's no more
    const moved = await kit.captainOf(uid, a!.team1Id!);
    expect((await ok<Match>(await moved.get(`/api/tournaments/${uid}/matches/${b!.id}`))).room).toEqual(after[1]);
    expect((await ok<Match>(await moved.get(`/api/tournaments/${uid}/matches/${a!.id}`))).room).toBeUndefined();
    const log = await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`));
    expect(log.at(-1)).toMatchObject({ action: 'swap', actorName: 'Hosta' });
    // the swapped pairing is played as any other
    await kit.finishRound(uid);
    const t = await kit.state(uid);
    expect(t.teams.find((x) => x.uid === b!.team2Id)!.wins).toBe(1);
  });

  test('refused: a team not in its match (400), one match, a bye, another round, a match with a result or a report, brackets and round robin (409); other matches of a round with results may', async () => {
    const { uid, round } = await started('DEFAULT', 7);
    const [a, b, c] = played(round);
    const bye = round.find((m) => m.bye)!;
    const refuse = async (body: unknown, status: number, why: RegExp) => {
      const res = await swap(host, uid, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(res)).toMatch(why);
    };
    await refuse({ a: { matchId: a!.id, teamId: b!.team1Id }, b: { matchId: b!.id, teamId: b!.team2Id } }, 400, /a\.teamId: not a team of match/);
    await refuse({ a: { matchId: a!.id, teamId: a!.team1Id }, b: { matchId: a!.id, teamId: a!.team2Id } }, 409, /same match/);
    await refuse({ a: { matchId: a!.id, teamId: a!.team1Id }, b: { matchId: bye.id, teamId: bye.team1Id } }, 409, /bye/);
    await refuse({ a: { matchId: a!.id, teamId: a!.team1Id }, b: { matchId: 99999999, teamId: 'x' } }, 404, /not found/);
    await refuse({ a: { matchId: a!.id } }, 400, /./);

    // a pending score report on c: c cannot be swapped, a and b still can (issue 30)
    await ok(await (await kit.captainOf(uid, c!.team1Id!)).post(`/api/tournaments/${uid}/matches/${c!.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 0 }));
    await refuse(sides(a!, c!), 409, new RegExp(`^Match #${c!.id} has a score report waiting: only teams of matches without a result can be swapped$`));
    // c with its result: still refused, while a and b, without one, change places
    await ok(await (await kit.captainOf(uid, c!.team2Id!)).post(`/api/tournaments/${uid}/matches/${c!.id}/report-score?fromTeam1=false`, { gamesWon: 0, gamesLost: 2 }));
    expect((await kit.roundMatches(uid, 1)).find((m) => m.id === c!.id)).toMatchObject({ complete: true });
    await refuse(sides(c!, b!), 409, new RegExp(`^Match #${c!.id} already has a result: only teams of matches without a result can be swapped$`));
    const moved = await ok<Match[]>(await swap(host, uid, sides(a!, b!)));
    expect(moved.map((m) => [m.id, m.team1Id, m.team2Id])).toEqual([[a!.id, b!.team2Id, a!.team2Id], [b!.id, b!.team1Id, a!.team1Id]]);
    expect((await kit.roundMatches(uid, 1)).find((m) => m.id === b!.id)).toMatchObject({ team2Id: a!.team1Id });

    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const [n1, n2] = played(await kit.roundMatches(uid, 2));
    await refuse(sides(a!, n2!), 409, /not in the current round/);
    expect((await swap(host, uid, sides(n1!, n2!))).status).toBe(200);

    for (const [format, n] of [['ROUND_ROBIN', 4], ['DOUBLE_ELIM', 4]] as const) {
      const other = await started(format, n);
      const [x, y] = played(other.round);
      const res = await swap(host, other.uid, sides(x!, y!));
      expect(res.status, format).toBe(409);
      expect(await errorOf(res)).toMatch(/Only Swiss pairings/);
    }
  });
});

describe('a player’s own drop', () => {
  test('while their match of the round waits for its result: a 409 that says why, by either route; the host may drop them', async () => {
    const uid = await kit.event('DEFAULT', 4);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const [m] = played(await kit.roundMatches(uid, 1));
    const team = m!.team1Id!;
    const captain = await kit.captainOf(uid, team);
    const member = (await kit.state(uid)).teams.find((x) => x.uid === team)!.members[0]!;
    for (const path of [`participants/${member.id}/drop`, `teams/${team}/drop`]) {
      const refused = await captain.post(`/api/tournaments/${uid}/${path}`);
      expect(refused.status, path).toBe(409);
      expect(await errorOf(refused)).toBe('You can drop once your match of round 1 is complete: report its score first, or ask the host.');
    }
    expect((await kit.state(uid)).teams.find((x) => x.uid === team)).toMatchObject({ dropped: false });
    await ok(await host.post(`/api/tournaments/${uid}/teams/${team}/drop`));
    expect((await kit.state(uid)).teams.find((x) => x.uid === team)).toMatchObject({ dropped: true });
  });

  test('after their match is complete: not paired again, their results kept', async () => {
    const uid = await kit.event('DEFAULT', 6);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await kit.finishRound(uid); // team 1 of each match wins
    const [m] = played(await kit.roundMatches(uid, 1));
    const winner = m!.team1Id!;
    const captain = await kit.captainOf(uid, winner);
    const t = await kit.state(uid);
    const member = t.teams.find((x) => x.uid === winner)!.members[0]!;
    await ok(await captain.post(`/api/tournaments/${uid}/participants/${member.id}/drop`));

    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const second = await kit.roundMatches(uid, 2);
    expect(second.flatMap((x) => [x.team1Id, x.team2Id])).not.toContain(winner);
    const after = await ok<Tournament>(await kit.anonymous.get(`/api/tournaments/${uid}`));
    expect(after.teams.find((x) => x.uid === winner)).toMatchObject({ dropped: true, wins: 1, losses: 0 });
    const standings = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    expect(standings.rows.find((r) => r.teamId === winner)).toMatchObject({ dropped: true, wins: 1, points: 3 });
    // round 1 is as it was
    expect((await kit.roundMatches(uid, 1)).find((x) => x.id === m!.id)).toMatchObject({ complete: true, outcome: { winnerTeamId: winner } });
  });
});

describe('a host who plays decides nothing of their own match (issue 29)', () => {
  /** Four teams, the host's among them, round 1 paired: the host's match, its opponent, and another match. */
  async function hostPlaying() {
    const uid = await kit.event('DEFAULT', 0);
    await ok(await host.post(`/api/tournaments/${uid}/signup`, { name: 'Host team' }));
    await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=3`));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const t = await kit.state(uid);
    const mine = t.teams.find((x) => x.name === 'Host team')!.uid;
    const round = played(await kit.roundMatches(uid, 1));
    const own = round.find((m) => m.team1Id === mine || m.team2Id === mine)!;
    const other = round.find((m) => m !== own)!;
    const opponent = own.team1Id === mine ? own.team2Id! : own.team1Id!;
    return { uid, own, other, opponent, mine };
  }

  test('a swap touching their match: 403 with a sentence, nothing moved; an admin who does not play may', async () => {
    const { uid, own, other, opponent } = await hostPlaying();
    const before = await kit.roundMatches(uid, 1);
    const body = { a: { matchId: own.id, teamId: opponent }, b: { matchId: other.id, teamId: other.team1Id } };
    const refused = await swap(host, uid, body);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('You play in one of these matches: swapping it would pick your own opponent (an admin who does not play can)');
    expect(await kit.roundMatches(uid, 1)).toEqual(before);
    expect((await swap(admin, uid, body)).status).toBe(200);
  });

  test('dropping the team they face mid-round, by either route: 403 with a sentence, no walkover; an admin who does not play may', async () => {
    const { uid, own, opponent } = await hostPlaying();
    const member = (await kit.state(uid)).teams.find((x) => x.uid === opponent)!.members[0]!;
    for (const path of [`teams/${opponent}/drop`, `participants/${member.id}/drop`]) {
      const refused = await host.post(`/api/tournaments/${uid}/${path}`);
      expect(refused.status, path).toBe(403);
      expect(await errorOf(refused), path).toBe(`You play against this team in match #${own.id}: dropping it would decide your own match (an admin who does not play can)`);
    }
    expect((await kit.state(uid)).teams.find((x) => x.uid === opponent)).toMatchObject({ dropped: false });
    expect((await kit.roundMatches(uid, 1)).find((m) => m.id === own.id)).toMatchObject({ complete: false });
    await ok(await admin.post(`/api/tournaments/${uid}/teams/${opponent}/drop`));
    expect((await kit.roundMatches(uid, 1)).find((m) => m.id === own.id)).toMatchObject({ complete: true });
  });

  test('another match’s team, and their own team, the playing host may still drop', async () => {
    const { uid, other, mine } = await hostPlaying();
    await ok(await host.post(`/api/tournaments/${uid}/teams/${other.team1Id}/drop`));
    await ok(await host.post(`/api/tournaments/${uid}/teams/${mine}/drop`));
    const teams = (await kit.state(uid)).teams;
    expect(teams.filter((x) => x.dropped).map((x) => x.uid).sort()).toEqual([other.team1Id, mine].sort());
  });
});
