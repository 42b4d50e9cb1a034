// Tournaments played out (issue 11) over real HTTP on PGlite and PostgreSQL: the three formats to a
// champion, reports from both sides, disagreements, overrides (forced downstream), flags, the
// winner, close, the deck zip, permissions, and concurrent writes that must not lose or double.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Match, Participant, Scoreboard, Tournament, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { OWN_MATCH_MESSAGE } from '../../../../domain/tournaments/limits.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';
import { loadDemoCards } from '../../../db/seed.ts';
import { listenLocally, signedInClient, TestClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../../db/client.ts';
import { parseEnv } from '../../../env.ts';

const DECK = readFileSync(new URL('../../../../../../shared/data/decks/iceygo-windbot/AI_Blackwing.ydk', import.meta.url), 'utf8');
const ADMIN = '950000000000000001';
const HOST = '950000000000000002';
const CURATOR = '950000000000000003';
const STRANGER = '950000000000000004';

const { server, admin, hostC, curator, stranger } = apiTest(
  { admin: [ADMIN, 2, 'Ada'], hostC: [HOST, 1, 'Hosta'], curator: [CURATOR, 1, 'Linus'], stranger: [STRANGER, 0, 'Stranger'] },
);
const kit = tournamentKit(server, { host: hostC, admin });

beforeAll(async () => {
  await loadDemoCards(server.database.db);
}, 120_000);

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

describe('a score report answers the match as it is stored (decision 039: its row is not read back)', () => {
  test('the first side, the agreeing second and a disputed pair answer the bytes a visitor’s GET of the match reads after', async () => {
    const uid = await event('DEFAULT', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const [a, b] = await roundMatches(uid, 1);
    const asStored = async (m: Match) => (await fetch(`${server.url}/api/tournaments/${uid}/matches/${m.id}`)).text();
    const report = async (m: Match, team: string, gamesWon: number, gamesLost: number) => {
      const res = await (await captainOf(uid, team)).post(`/api/tournaments/${uid}/matches/${m.id}/report-score`, { gamesWon, gamesLost });
      expect(res.status).toBe(200);
      return res.text();
    };
    const first = await report(a!, a!.team1Id!, 2, 1);
    expect(JSON.parse(first)).toMatchObject({ status: 'In Progress', finalScore: { team1Wins: 2, team2Wins: 1 }, complete: false });
    expect(first).toBe(await asStored(a!));
    const agreed = await report(a!, a!.team2Id!, 1, 2);
    expect(JSON.parse(agreed)).toMatchObject({ complete: true, outcome: { winnerTeamId: a!.team1Id } });
    expect(agreed).toBe(await asStored(a!));
    await report(b!, b!.team1Id!, 2, 0);
    const disputed = await report(b!, b!.team2Id!, 2, 0);
    expect(JSON.parse(disputed)).toMatchObject({ disputed: true, flaggedForReview: true, flaggedMessage: 'Score reports disagree', finalScore: null });
    expect(disputed).toBe(await asStored(b!));
  });
});

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
    // Mark Winner takes only the cut's champion: not the finalist, not the Swiss leader who lost in the cut
    const finalist = [cut[0]!.team1Id, cut[0]!.team2Id].find((x) => x !== end.championTeamUid)!;
    const swissOnly = end.teams.find((x) => x.uid !== end.championTeamUid && x.uid !== finalist)!;
    for (const other of [finalist, swissOnly.uid]) {
      const refused = await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${other}`);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toMatch(/^Only the team that won can be marked the winner: that is .+, not .+$/);
    }
    expect((await state(uid)).completed).toBe(false);
    const done = await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${end.championTeamUid}`));
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
    // Close removed the teams; the count is the final standings' it kept
    expect(closed).toMatchObject({ closed: true, completed: true, teams: [], teamCount: 8 });
    const listed = (await json<TournamentSummary[]>(await stranger.get('/api/tournaments'))).find((x) => x.uid === uid);
    expect(listed).toMatchObject({ closed: true, teamCount: 8 });
    expect((await json<Scoreboard>(await stranger.get(`/api/tournaments/${uid}/scoreboard`))).state.teamCount).toBe(8);
    const gone = await hostC.get(`/api/tournaments/${uid}/decks.zip`);
    expect(gone.status).toBe(410);
    expect(await errorOf(gone)).toBe('Close removed this tournament’s decks.');
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
    // the reset's loser is not the winner
    const runnerUp = [grand.at(-1)!.team1Id, grand.at(-1)!.team2Id].find((x) => x !== champion)!;
    expect(await errorOf(await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${runnerUp}`))).toMatch(/^Only the team that won can be marked the winner/);
    expect((await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/winner`))).winnerTeamUid).toBe(champion);
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
    expect(forced.overridden).toBe(true);
    const round2 = await json<Match[]>(await admin.get(`/api/tournaments/${uid}/matches?round=2`));
    const reset = round2.filter((m) => [m.team1Id, m.team2Id].includes(first.team2Id) && !m.complete);
    expect(reset.length).toBeGreaterThan(0); // the match it now feeds waits to be played again
    // its override was undone with its result
    expect(reset.every((m) => !m.overridden && m.finalScore === null)).toBe(true);
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
    // without a cut the winner is the first of the standings, and no other team
    const second = await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${standings.rows[1]!.teamId}`);
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toMatch(/^Only the team that won can be marked the winner/);
    expect((await json<Tournament>(await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${standings.rows[0]!.teamId}`))).winnerTeamUid).toBe(standings.rows[0]!.teamId);
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
    const { url } = await listenLocally(app2);
    try {
      const second = new TestClient(url);
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

describe('results that can happen (issue 18)', () => {
  test.each([
    ['a tie stored with 3–0', 'tie', 3, 0, /^team1Wins: a tie has as many games on each side \(3–0 is not a tie\)$/],
    ['a winner with 0–0', 'team1', 0, 0, /^team1Wins: the winner must have won more games than the loser \(0–0\)$/],
    ['a winner with fewer games', 'team2', 2, 1, /^team2Wins: the winner must have won more games than the loser \(2–1\)$/],
    ['more than best-of in all', 'team1', 3, 1, /^team1Wins: a best of 3 has at most 3 games in all \(3–1 is 4\)$/],
    ['more than best-of for a tie', 'tie', 2, 2, /^team1Wins: a best of 3 has at most 3 games in all \(2–2 is 4\)$/],
  ])('an override with %s is a 400 naming the field and changes nothing', async (_name, who, team1Wins, team2Wins, error) => {
    const uid = await event('DEFAULT', 2);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const m = (await roundMatches(uid))[0]!;
    const winner = who === 'tie' ? '' : `?winnerTeamId=${who === 'team1' ? m.team1Id : m.team2Id}`;
    const before = await admin.get(`/api/tournaments/${uid}/matches/${m.id}`).then((r) => r.text());
    const audit = await admin.get(`/api/tournaments/${uid}/audit`).then((r) => r.text());
    const res = await admin.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner${winner}`, { team1Wins, team2Wins });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(error);
    expect(await admin.get(`/api/tournaments/${uid}/matches/${m.id}`).then((r) => r.text())).toBe(before);
    expect(await admin.get(`/api/tournaments/${uid}/audit`).then((r) => r.text())).toBe(audit);
  });

  test('a tie by agreement (0–0) and a win with a drawn game (2–0 of 3) are results; a report over best-of is refused with the same rule', async () => {
    const uid = await event('DEFAULT', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const [a, b] = await roundMatches(uid);
    expect(await json<Match>(await admin.post(`/api/tournaments/${uid}/matches/${a!.id}/override-winner`, { team1Wins: 0, team2Wins: 0 })))
      .toMatchObject({ complete: true, outcome: { winnerTeamId: null }, finalScore: { team1Wins: 0, team2Wins: 0 } });
    const one = await captainOf(uid, b!.team1Id!);
    expect(await errorOf(await one.post(`/api/tournaments/${uid}/matches/${b!.id}/report-score`, { gamesWon: 2, gamesLost: 2 }))).toBe('gamesWon: a best of 3 has at most 3 games in all (2–2 is 4)');
    expect((await json<Match>(await admin.post(`/api/tournaments/${uid}/matches/${b!.id}/override-winner?winnerTeamId=${b!.team2Id}`, { team1Wins: 0, team2Wins: 2 }))).outcome).toEqual({ winnerTeamId: b!.team2Id });
  });
});

describe('disputed and overridden matches (issue 18)', () => {
  test('agreeing reports: neither; disagreeing: disputed with no score, everywhere; an override: overridden, the reports superseded', async () => {
    const uid = await event('DEFAULT', 4);
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const [a, b] = await roundMatches(uid);
    expect(await reportBoth(uid, a!)).toMatchObject({ complete: true, disputed: false, overridden: false, finalScore: { team1Wins: 2, team2Wins: 1 } });

    const one = await captainOf(uid, b!.team1Id!);
    const two = await captainOf(uid, b!.team2Id!);
    const first = await json<Match>(await one.post(`/api/tournaments/${uid}/matches/${b!.id}/report-score`, { gamesWon: 2, gamesLost: 0 }));
    expect(first).toMatchObject({ disputed: false, finalScore: { team1Wins: 2, team2Wins: 0 } });
    const disputed = await json<Match>(await two.post(`/api/tournaments/${uid}/matches/${b!.id}/report-score`, { gamesWon: 2, gamesLost: 1 }));
    expect(disputed).toMatchObject({ disputed: true, overridden: false, complete: false, status: 'In Progress', finalScore: null, outcome: null });
    expect(disputed.reportFromTeam1).toMatchObject({ gamesWon: 2, gamesLost: 0 });
    expect(disputed.reportFromTeam2).toMatchObject({ gamesWon: 2, gamesLost: 1 });
    // the public reads say the same: nobody's claim is the score
    const listed = (await json<Match[]>(await stranger.get(`/api/tournaments/${uid}/matches?round=1`))).find((m) => m.id === b!.id);
    expect(listed).toMatchObject({ disputed: true, finalScore: null });
    const board = await json<Scoreboard>(await stranger.get(`/api/tournaments/${uid}/scoreboard`));
    expect(board.matches.find((m) => m.id === b!.id)).toMatchObject({ disputed: true, finalScore: null });
    // resolving the flag decides nothing: the reports still disagree
    expect(await json<Match>(await curator.post(`/api/tournaments/${uid}/matches/${b!.id}/resolve-flag`))).toMatchObject({ flaggedForReview: false, disputed: true });

    const over = await json<Match>(await curator.post(`/api/tournaments/${uid}/matches/${b!.id}/override-winner?winnerTeamId=${b!.team2Id}`, { team1Wins: 1, team2Wins: 2 }));
    expect(over).toMatchObject({ complete: true, disputed: false, overridden: true, finalScore: { team1Wins: 1, team2Wins: 2 }, outcome: { winnerTeamId: b!.team2Id } });
    expect((await json<Match>(await stranger.get(`/api/tournaments/${uid}/matches/${a!.id}`))).overridden).toBe(false);
  });
});

describe('nobody decides a match they play in (issue 18, decision 013)', () => {
  test('a host, a curator and an admin who play get 403 overriding or resolving their own match, dropped or not, and decide the others', async () => {
    const uid = await event('DEFAULT', 3);
    const actors = [['host', hostC, HOST], ['curator', curator, CURATOR], ['admin', admin, ADMIN]] as const;
    for (const [name, client] of actors) await json(await client.post(`/api/tournaments/${uid}/signup`, { name: `Team ${name}` }));
    await json(await hostC.post(`/api/tournaments/${uid}/start`));
    const people = await json<Participant[]>(await stranger.get(`/api/tournaments/${uid}/participants`));
    const teamOf = (id: string) => people.find((p) => p.discordId === id)!.teamUid;
    const round = await roundMatches(uid);
    expect(round).toHaveLength(3);
    const read = (m: Match) => admin.get(`/api/tournaments/${uid}/matches/${m.id}`).then((r) => r.text());

    for (const [name, client, id] of actors) {
      const own = round.find((m) => m.team1Id === teamOf(id) || m.team2Id === teamOf(id))!;
      const other = round.find((m) => m.team1Id !== teamOf(id) && m.team2Id !== teamOf(id))!;
      await json(await client.post(`/api/tournaments/${uid}/matches/${own.id}/flag?message=Look`));
      const before = await read(own);
      const overridden = await client.post(`/api/tournaments/${uid}/matches/${own.id}/override-winner?winnerTeamId=${own.team1Id}`, { team1Wins: 2, team2Wins: 0 });
      expect(overridden.status, name).toBe(403);
      expect(await errorOf(overridden)).toBe(OWN_MATCH_MESSAGE);
      const resolved = await client.post(`/api/tournaments/${uid}/matches/${own.id}/resolve-flag`);
      expect(resolved.status, name).toBe(403);
      expect(await errorOf(resolved)).toBe(OWN_MATCH_MESSAGE);
      expect(await read(own), name).toBe(before);
      // another match is theirs to decide
      expect((await client.post(`/api/tournaments/${uid}/matches/${other.id}/override-winner?winnerTeamId=${other.team2Id}`, { team1Wins: 1, team2Wins: 2 })).status, name).toBe(200);
    }

    // dropping does not make a player a judge of their own match
    const ada = people.find((p) => p.discordId === ADMIN)!;
    await json(await admin.post(`/api/tournaments/${uid}/participants/${ada.id}/drop`));
    const own = round.find((m) => m.team1Id === ada.teamUid || m.team2Id === ada.teamUid)!;
    const refused = await admin.post(`/api/tournaments/${uid}/matches/${own.id}/override-winner?winnerTeamId=${own.team1Id}`, { team1Wins: 2, team2Wins: 0 });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(OWN_MATCH_MESSAGE);
  });
});
