// Tournaments played out (issue 11) over real HTTP on PGlite and PostgreSQL: the three formats to a
// champion, reports from both sides, disagreements, overrides (forced downstream), flags, the
// winner, close, the deck zip, permissions, and concurrent writes that must not lose or double.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Match, Standings, Tournament } from '../../../domain/api/tournaments.ts';
import { errorOf, ok, tournamentKit } from './tournament-test-kit.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { signedInClient, startTestServer, TestClient, type TestServer } from '../../test/test-server.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';

const DECK = readFileSync(new URL('../../../../../shared/data/decks/iceygo-windbot/AI_Blackwing.ydk', import.meta.url), 'utf8');
const ADMIN = '950000000000000001';
const HOST = '950000000000000002';
const CURATOR = '950000000000000003';
const STRANGER = '950000000000000004';

let server: TestServer;
let admin: TestClient;
let hostC: TestClient;
let curator: TestClient;
let stranger: TestClient;
let kit: ReturnType<typeof tournamentKit>;

beforeAll(async () => {
  server = await startTestServer();
  await loadDemoCards(server.database.db);
  admin = await signedInClient(server, ADMIN, 2, 'Ada');
  hostC = await signedInClient(server, HOST, 1, 'Hosta');
  curator = await signedInClient(server, CURATOR, 1, 'Linus');
  stranger = await signedInClient(server, STRANGER, 0, 'Stranger');
  kit = tournamentKit(server, { host: hostC, admin });
}, 120_000);
afterAll(() => server?.close());

const json = ok;
const event = (format: string, teams: number, extra?: Record<string, unknown>) => kit.event(format, teams, extra);
const state = (uid: string) => kit.state(uid);
const roundMatches = (uid: string, round?: number) => kit.roundMatches(uid, round);
const captainOf = (uid: string, teamUid: string) => kit.captainOf(uid, teamUid);
const finishRound = (uid: string, pick?: (m: Match) => string | null) => kit.finishRound(uid, pick);
const advanceToEnd = (uid: string) => kit.advanceToEnd(uid);

/** Both sides report: team 1 wins 2-1 unless told otherwise. */
async function reportBoth(uid: string, m: Match, team1Wins = 2, team2Wins = 1) {
  const one = await captainOf(uid, m.team1Id!);
  const two = await captainOf(uid, m.team2Id!);
  expect((await one.post(`/api/tournaments/${uid}/matches/${m.id}/report-score?fromTeam1=true`, { gamesWon: team1Wins, gamesLost: team2Wins })).status).toBe(200);
  return json<Match>(await two.post(`/api/tournaments/${uid}/matches/${m.id}/report-score?fromTeam1=false`, { gamesWon: team2Wins, gamesLost: team1Wins }));
}

describe('Swiss → Top Cut, 8 teams', () => {
  let uid: string;
  beforeAll(async () => {
    uid = await event('DEFAULT', 8);
  });

  test('start: 3 Swiss rounds and a cut of 2 (roundCount 4), round 1 paired, sign-ups locked; a second start is a 409', async () => {
    expect(await errorOf(await stranger.post(`/api/tournaments/${uid}/start`))).toMatch(/Only an admin or the host/);
    const t = await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/start`));
    expect(t).toMatchObject({ inProgress: true, currentRound: 1, roundCount: 4, signupsOpen: false, roundStartDates: [expect.any(String)] });
    const round1 = await roundMatches(uid, 1);
    expect(round1).toHaveLength(4);
    expect(new Set(round1.flatMap((m) => [m.team1Id, m.team2Id])).size).toBe(8);
    expect(round1.every((m) => m.status === 'Scheduled')).toBe(true);
    expect((await hostC.post(`/api/tournaments/${uid}/start`)).status).toBe(409);
  });

  test('reports: the first makes it In Progress, the matching second completes it; a player of another match may not report', async () => {
    const [m] = await roundMatches(uid, 1);
    const one = await captainOf(uid, m!.team1Id!);
    expect(await errorOf(await stranger.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score`, { gamesWon: 2, gamesLost: 0 }))).toBe('Only players of this match can report its score');
    expect((await one.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score?fromTeam1=false`, { gamesWon: 2, gamesLost: 0 })).status).toBe(403);
    expect(await errorOf(await one.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score`, { gamesWon: 3, gamesLost: 1 }))).toMatch(/best of 3/);
    expect((await one.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score`, { gamesWon: -1, gamesLost: 0 })).status).toBe(400);
    const first = await json<Match>(await one.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 1, reporterDiscordId: (await state(uid)).teams.find((x) => x.uid === m!.team1Id)!.captainDiscordId }));
    expect(first).toMatchObject({ status: 'In Progress', complete: false, finalScore: { team1Wins: 2, team2Wins: 1 } });
    expect(first.reportFromTeam1).toMatchObject({ gamesWon: 2, gamesLost: 1 });
    const done = await reportBoth(uid, m!);
    expect(done).toMatchObject({ status: 'Completed', complete: true, outcome: { winnerTeamId: m!.team1Id } });
    const teams = (await state(uid)).teams;
    expect(teams.find((x) => x.uid === m!.team1Id)).toMatchObject({ wins: 1, losses: 0 });
    expect(teams.find((x) => x.uid === m!.team2Id)).toMatchObject({ wins: 0, losses: 1 });
    expect(await errorOf(await one.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score`, { gamesWon: 2, gamesLost: 0 }))).toMatch(/complete/);
  });

  test('differing reports flag the match "Score reports disagree"; a player may flag; resolve and an override settle it', async () => {
    const m = (await roundMatches(uid, 1))[1]!;
    const one = await captainOf(uid, m.team1Id!);
    const two = await captainOf(uid, m.team2Id!);
    await json(await one.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 2, gamesLost: 0 }));
    const flagged = await json<Match>(await two.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 2, gamesLost: 1 }));
    expect(flagged).toMatchObject({ flaggedForReview: true, flaggedMessage: 'Score reports disagree', complete: false });
    expect(await errorOf(await stranger.post(`/api/tournaments/${uid}/matches/${m.id}/resolve-flag`))).toMatch(/Only admins, curators and the host/);
    expect((await json<Match>(await curator.post(`/api/tournaments/${uid}/matches/${m.id}/resolve-flag`))).flaggedForReview).toBe(false);
    expect(await errorOf(await two.post(`/api/tournaments/${uid}/matches/${m.id}/flag?message=%20%20`))).toMatch(/message: a message is required/);
    expect((await json<Match>(await two.post(`/api/tournaments/${uid}/matches/${m.id}/flag?message=He%20drew%20an%20extra%20card`))).flaggedMessage).toBe('He drew an extra card');
    expect(await errorOf(await stranger.post(`/api/tournaments/${uid}/matches/${m.id}/flag?message=x`))).toMatch(/Only admins, curators, the host and the match/);
    expect(await errorOf(await stranger.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team2Id}`, { team1Wins: 0, team2Wins: 2 }))).toMatch(/Only admins, curators and the host/);
    const over = await json<Match>(await curator.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team2Id}`, { team1Wins: 1, team2Wins: 2 }));
    expect(over).toMatchObject({ complete: true, flaggedForReview: false, outcome: { winnerTeamId: m.team2Id } });
    expect(await errorOf(await curator.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=nope`, { team1Wins: 1, team2Wins: 2 }))).toBe('winnerTeamId: not a team of this match');
    const audit = await json<{ action: string }[]>(await hostC.get(`/api/tournaments/${uid}/audit`));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['start', 'flag', 'resolve-flag', 'override']));
  });

  test('Next Round only when the round is complete; the notification dot says so', async () => {
    expect(await errorOf(await hostC.post(`/api/tournaments/${uid}/next-round`))).toMatch(/Round 1 has 2 matches still to finish/);
    await finishRound(uid);
    const listed = (await json<{ uid: string; needsAttention: boolean }[]>(await stranger.get('/api/tournaments'))).find((x) => x.uid === uid)!;
    expect(listed.needsAttention).toBe(true);
    expect((await state(uid)).currentRound).toBe(1);
    expect((await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/next-round`))).currentRound).toBe(2);
  });

  test('to the cut and the champion; Mark Winner before the end is a 409; standings rank the cut first; close keeps them', async () => {
    expect(await errorOf(await hostC.post(`/api/tournaments/${uid}/winner`))).toMatch(/last round/);
    expect(await errorOf(await hostC.get(`/api/tournaments/${uid}/decks.zip`))).toBe('Deck download is available after the tournament has a winner.');
    const end = await advanceToEnd(uid);
    const cut = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?round=4`));
    expect(cut).toHaveLength(1);
    expect(cut[0]!.bracket).toBe('top');
    expect(end.championTeamUid).toBe(cut[0]!.outcome!.winnerTeamId);
    const done = await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/winner`));
    expect(done).toMatchObject({ completed: true, winnerTeamUid: end.championTeamUid });
    const standings = await json<Standings>(await stranger.get(`/api/tournaments/${uid}/standings`));
    expect(standings.final).toBe(true);
    expect(standings.rows[0]!.teamId).toBe(end.championTeamUid);
    expect(standings.rows.slice(0, 2).map((r) => r.teamId).sort()).toEqual([cut[0]!.team1Id, cut[0]!.team2Id].sort());
    expect(standings.rows[0]!.tieBreaker).toMatch(/^\d\d \d\d\d \d\d\d$/);
    expect(standings.champion).toMatchObject({ teamId: end.championTeamUid, members: [{ displayName: expect.stringMatching(/^Test Player/) }] });
    // its record counts the final too: 3 Swiss rounds and the cut
    const c = standings.champion!;
    expect(c.wins + c.losses + c.ties).toBe(4);
    expect(c.points).toBe(c.wins * 3 + c.ties);

    const zip = await hostC.get(`/api/tournaments/${uid}/decks.zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect((await stranger.get(`/api/tournaments/${uid}/decks.zip`)).status).toBe(403);

    await json(await hostC.post(`/api/tournaments/${uid}/close`));
    const closed = await state(uid);
    expect(closed).toMatchObject({ closed: true, completed: true, teams: [] });
    const kept = await json<Standings>(await stranger.get(`/api/tournaments/${uid}/standings`));
    expect(kept.rows.map((r) => r.teamId)).toEqual(standings.rows.map((r) => r.teamId));
    expect(kept.champion?.teamName).toBe(standings.champion?.teamName);
    expect(await json<Match[]>(await stranger.get(`/api/tournaments/${uid}/matches`))).toEqual([]);
  });
});

describe('the deck zip', () => {
  test('every approved deck as {team}/{player}/{label}.ydk, in EDOPro’s .ydk form', async () => {
    const { uid } = await json<{ uid: string }>(await hostC.post('/api/tournaments/host', { name: 'Zip / Cup', manualDeckChecking: false }));
    const a = await signedInClient(server, '950000000000000101', 0, 'Zip A');
    const b = await signedInClient(server, '950000000000000102', 0, 'Zip B');
    await json(await a.post(`/api/tournaments/${uid}/signup`, { name: 'Team/A' }));
    await json(await b.post(`/api/tournaments/${uid}/signup`, { name: 'Team B' }));
    await json(await a.request('POST', `/api/tournaments/${uid}/decks?label=Black%20wing`, { body: DECK }));
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    await finishRound(uid);
    for (let i = 0; i < 3; i++) {
      const t = await state(uid);
      if (t.championTeamUid) break;
      await json(await hostC.post(`/api/tournaments/${uid}/next-round`));
      await finishRound(uid);
    }
    await json(await hostC.post(`/api/tournaments/${uid}/winner`));
    const files = unzipSync(new Uint8Array(await (await hostC.get(`/api/tournaments/${uid}/decks.zip`)).arrayBuffer()));
    expect(Object.keys(files)).toEqual(['Team_A/Zip A/Black wing.ydk']);
    const ydk = strFromU8(files['Team_A/Zip A/Black wing.ydk']!);
    expect(ydk.split('\n').slice(0, 2)).toEqual(['#created by Zip A', '#main']);
    expect(ydk).toContain('#extra');
    expect(ydk).toContain('!side');
  });
});

describe('Double Elimination, 6 teams, with a grand-final reset', () => {
  test('the losers-bracket team wins the first grand final: a reset is played; every team leaves after two losses', async () => {
    const uid = await event('DOUBLE_ELIM', 6);
    const t = await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/start`));
    expect(t.roundCount).toBeGreaterThan(3);
    const all = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches`));
    expect(all.some((m) => m.bracket === 'losers')).toBe(true);
    expect(all.some((m) => m.team1Id === null || m.team2Id === null)).toBe(true); // TBD slots
    // play: team 1 wins, except the first grand final, won by the losers-bracket team (team 2)
    for (let guard = 0; guard < 30; guard++) {
      const current = await state(uid);
      if (current.championTeamUid) break;
      await finishRound(uid, (m) => (m.bracket === 'grand' && m.roundNumber === Math.min(...all.filter((x) => x.bracket === 'grand').map((x) => x.roundNumber)) ? m.team2Id : m.team1Id));
      const after = await state(uid);
      if (after.championTeamUid) break;
      await json(await hostC.post(`/api/tournaments/${uid}/next-round`));
    }
    const matches = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches`));
    const grand = matches.filter((m) => m.bracket === 'grand');
    expect(grand).toHaveLength(2); // the first set and the reset
    const losses = new Map<string, number>();
    for (const m of matches.filter((x) => x.complete && x.team1Id && x.team2Id)) {
      const loser = m.outcome!.winnerTeamId === m.team1Id ? m.team2Id! : m.team1Id!;
      losses.set(loser, (losses.get(loser) ?? 0) + 1);
    }
    const champion = (await state(uid)).championTeamUid!;
    for (const team of (await state(uid)).teams) {
      expect(losses.get(team.uid) ?? 0, team.name).toBe(team.uid === champion ? 1 : 2);
    }
    await json(await hostC.post(`/api/tournaments/${uid}/winner`));
  });

  test('changing a result a played match depends on is a 409 naming it; force resets it', async () => {
    const uid = await event('DOUBLE_ELIM', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    await finishRound(uid);
    await json(await hostC.post(`/api/tournaments/${uid}/next-round`));
    await finishRound(uid);
    const first = (await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?round=1`)))[0]!;
    const flip = `/api/tournaments/${uid}/matches/${first.id}/override-winner?winnerTeamId=${first.team2Id}`;
    const refused = await admin.post(flip, { team1Wins: 0, team2Wins: 2 });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatch(/^Match #\d+ \(round 2\).* already played .* force=true/);
    const forced = await json<Match>(await admin.post(`${flip}&force=true`, { team1Wins: 0, team2Wins: 2 }));
    expect(forced.outcome!.winnerTeamId).toBe(first.team2Id);
    const round2 = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?round=2`));
    const reset = round2.filter((m) => [m.team1Id, m.team2Id].includes(first.team2Id) && !m.complete);
    expect(reset.length).toBeGreaterThan(0); // the match it now feeds waits to be played again
    expect(await errorOf(await admin.post(`/api/tournaments/${uid}/matches/${first.id}/override-winner`, { team1Wins: 1, team2Wins: 1 }))).toBe('winnerTeamId: a bracket match needs a winner');
  });
});

describe('Round Robin, 5 teams', () => {
  test('every pair meets once over 5 rounds with a bye each round; the champion tops the standings', async () => {
    const uid = await event('ROUND_ROBIN', 5);
    expect((await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/start`))).roundCount).toBe(5);
    const end = await advanceToEnd(uid);
    const matches = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches`));
    const real = matches.filter((m) => !m.bye);
    expect(real).toHaveLength(10);
    expect(new Set(real.map((m) => [m.team1Id, m.team2Id].sort().join('+'))).size).toBe(10);
    expect(matches.filter((m) => m.bye)).toHaveLength(5);
    const standings = await json<Standings>(await stranger.get(`/api/tournaments/${uid}/standings`));
    expect(end.championTeamUid).toBe(standings.rows[0]!.teamId);
    expect(standings.rows.reduce((n, r) => n + r.wins, 0)).toBe(10);
  });
});

describe('drops during play', () => {
  test('a team that drops forfeits its open match: a walkover for the opponent', async () => {
    const uid = await event('DEFAULT', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const m = (await roundMatches(uid))[0]!;
    await json(await hostC.post(`/api/tournaments/${uid}/teams/${m.team1Id}/drop`));
    const after = await json<Match>(await admin.get(`/api/tournaments/${uid}/matches/${m.id}`));
    expect(after).toMatchObject({ complete: true, outcome: { winnerTeamId: m.team2Id } });
  });
});

describe('concurrent writes never lose or double a result', () => {
  test('200 reports and overrides at once on one match: one consistent result, one completion', async () => {
    const uid = await event('DEFAULT', 2);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const m = (await roundMatches(uid))[0]!;
    const one = await captainOf(uid, m.team1Id!);
    const two = await captainOf(uid, m.team2Id!);
    const calls = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0 ? one.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 2, gamesLost: 1 })
      : i % 3 === 1 ? two.post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon: 1, gamesLost: 2 })
      : admin.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 1 }),
    );
    const statuses = await Promise.all(calls.map((p) => p.then((r) => r.status)));
    expect(statuses.every((s) => s === 200 || s === 409), statuses.join(',')).toBe(true);
    const final = await json<Match>(await admin.get(`/api/tournaments/${uid}/matches/${m.id}`));
    expect(final).toMatchObject({ complete: true, outcome: { winnerTeamId: m.team1Id }, finalScore: { team1Wins: 2, team2Wins: 1 } });
    const teams = (await state(uid)).teams;
    expect(teams.find((x) => x.uid === m.team1Id)).toMatchObject({ wins: 1, losses: 0, ties: 0 });
    expect(teams.find((x) => x.uid === m.team2Id)).toMatchObject({ wins: 0, losses: 1, ties: 0 });
  }, 60_000);

  test('two hosts pressing Next Round at once create one round', async () => {
    const uid = await event('DEFAULT', 8);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    await finishRound(uid);
    const statuses = await Promise.all([hostC, admin, hostC, admin].map((c) => c.post(`/api/tournaments/${uid}/next-round`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect((await state(uid)).currentRound).toBe(2);
    expect(await roundMatches(uid, 2)).toHaveLength(4);
  });

  // PGlite is one process by definition: the two-instance case exists on PostgreSQL only
  if (process.env.TEST_DB === 'postgres') test('across two instances on one PostgreSQL: Next Round pressed 200 times on both creates one round', async () => {
    const other = await openDatabase({ kind: 'postgres', url: (server.database.pool!.options as { connectionString: string }).connectionString });
    const app2 = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0' }), database: other, rateLimitScale: 100 });
    await app2.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app2.server.address();
      const second = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      await second.signIn(HOST, 'Hosta');
      const uid = await event('DEFAULT', 8);
      await json(await hostC.post(`/api/tournaments/${uid}/start`));
      await finishRound(uid);
      // 200 presses, half on each instance
      const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? second : hostC).post(`/api/tournaments/${uid}/next-round`).then((r) => r.status)));
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(199);
      expect(await roundMatches(uid, 2)).toHaveLength(4);
      expect(await roundMatches(uid, 3)).toHaveLength(0);
    } finally {
      await app2.close();
      await other.close();
    }
  });
});


describe('a forced change that reopens an earlier match', () => {
  test('Next Round waits for it, naming it; the champion’s record counts the bracket too', async () => {
    const uid = await event('DOUBLE_ELIM', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    await finishRound(uid);
    await json(await hostC.post(`/api/tournaments/${uid}/next-round`));
    await finishRound(uid);
    await json(await hostC.post(`/api/tournaments/${uid}/next-round`));
    const first = (await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?round=1&bracket=winners`)))[0]!;
    await json(await admin.post(`/api/tournaments/${uid}/matches/${first.id}/override-winner?winnerTeamId=${first.team2Id}&force=true`, { team1Wins: 0, team2Wins: 2 }));
    const reopened = (await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches`))).filter((m) => m.roundNumber < 3 && !m.complete);
    expect(reopened.length).toBeGreaterThan(0);
    await finishRound(uid);
    const refused = await hostC.post(`/api/tournaments/${uid}/next-round`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatch(new RegExp(`^Match #${reopened[0]!.id} \\(round ${reopened[0]!.roundNumber}\\).* must be played again first$`));
  });

  test('matches of one bracket with ?bracket=', async () => {
    const uid = await event('DOUBLE_ELIM', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const losers = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?bracket=losers`));
    expect(losers.length).toBeGreaterThan(0);
    expect(losers.every((m) => m.bracket === 'losers')).toBe(true);
    expect((await admin.get(`/api/tournaments/${uid}/matches?bracket=semis`)).status).toBe(400);
  });
});
