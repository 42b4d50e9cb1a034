// League results (issue 41) over real HTTP, on PGlite and PostgreSQL: report, confirm, dispute and
// the hosts' decision; a report unanswered for confirmHours stands (the clock moved, and the sweep
// of a league nobody reads); the leaderboard's points and ties; Retire; the end and its top 8.
import { describe, expect, test } from 'vitest';
import { LEAGUE_MESSAGES, type LeagueMatch, type LeagueRun } from '../../../domain/api/leagues.ts';
import type { TestClient } from '../../test/test-server.ts';
import * as Repo from './leagues-repository.ts';
import { HOUR, LEGAL, leagueTest, ok, refusal } from './league-test-kit.ts';

const { kit, c } = leagueTest();
let player = 1000;
const fresh = async (n = 1) => Promise.all(Array.from({ length: n }, () => kit.player(++player)));

/** A league whose `n` fresh players have joined. */
async function leagueWith(n: number, body: Record<string, unknown> = {}) {
  const l = await c.create(body);
  const players = await fresh(n);
  for (const p of players) await c.join(l.id, p);
  return { id: l.id, players };
}
const answer = (id: string, m: LeagueMatch, by: TestClient, what: 'confirm' | 'dispute' | 'decide', body?: unknown) =>
  by.post(`/api/leagues/${id}/matches/${m.id}/${what}`, body);

describe('report, confirm, dispute', () => {
  test('a report waits for the opponent; a second report, another’s report and the reporter’s own Confirm are refused and change nothing; the opponent’s Confirm counts it', async () => {
    const { id, players: [a, b, outsider] } = await leagueWith(3);
    const m = await c.pair(id, a!, b!);
    expect(await refusal(await c.report(id, m.id, outsider!, 2, 0))).toEqual({ status: 403, error: LEAGUE_MESSAGES.notYourMatch });
    const reported = await ok<LeagueMatch>(await c.report(id, m.id, b!, 1, 2));
    expect(reported).toMatchObject({
      state: 'reported', winnerDiscordId: m.player1.discordId, player1: { games: 2 }, player2: { games: 1 },
      report: { byDiscordId: m.player2.discordId, gamesWon: 1, gamesLost: 2, confirmBy: new Date(kit.clock.at + 24 * HOUR).toISOString() },
    });
    expect(await refusal(await c.report(id, m.id, b!, 2, 0))).toEqual({ status: 409, error: LEAGUE_MESSAGES.reportedAlready });
    expect(await refusal(await c.report(id, m.id, a!, 2, 0))).toEqual({ status: 409, error: LEAGUE_MESSAGES.reportedAlready });
    expect(await refusal(await answer(id, m, b!, 'confirm'))).toEqual({ status: 403, error: LEAGUE_MESSAGES.ownReport });
    expect(await refusal(await answer(id, m, outsider!, 'confirm'))).toEqual({ status: 403, error: LEAGUE_MESSAGES.notYourMatch });
    expect(await c.match(id, m.id)).toEqual({ ...reported, room: undefined });
    expect((await c.league(id)).leaderboard.every((r) => r.points === 0)).toBe(true);
    const done = await ok<LeagueMatch>(await answer(id, m, a!, 'confirm'));
    expect(done).toMatchObject({ state: 'complete', resolution: 'confirmed', winnerDiscordId: m.player1.discordId });
    expect(await refusal(await answer(id, m, a!, 'confirm'))).toEqual({ status: 409, error: LEAGUE_MESSAGES.hasResult });
    const board = (await c.league(id)).leaderboard;
    expect(board[0]).toMatchObject({ discordId: m.player1.discordId, points: 1, matchWins: 1, gamesWon: 2, gamesLost: 1 });
  });

  test.each([
    ['1–1', { gamesWon: 1, gamesLost: 1 }, LEAGUE_MESSAGES.draw],
    ['0–0', { gamesWon: 0, gamesLost: 0 }, LEAGUE_MESSAGES.draw],
    ['3–1', { gamesWon: 3, gamesLost: 1 }, 'gamesWon: a best of 3 has at most 3 games in all (3–1 is 4)'],
    ['4 games won', { gamesWon: 4, gamesLost: 0 }, 'gamesWon: must be at most 3'],
    ['words', { gamesWon: 'two', gamesLost: 0 }, 'gamesWon: must be a whole number'],
    ['no games lost', { gamesWon: 2 }, 'gamesLost: must be a whole number'],
  ])('a report of %s is a 400 with the sentence, and changes nothing', async (_label, body, error) => {
    const { id, players: [a, b] } = await leagueWith(2);
    const m = await c.pair(id, a!, b!);
    expect(await refusal(await a!.post(`/api/leagues/${id}/matches/${m.id}/report`, body))).toEqual({ status: 400, error });
    expect((await c.match(id, m.id)).state).toBe('playing');
  });

  test('a report for a match of another league, or none, is a 404', async () => {
    const { id, players: [a, b] } = await leagueWith(2);
    const m = await c.pair(id, a!, b!);
    const other = await leagueWith(0);
    expect(await refusal(await c.report(other.id, m.id, a!, 2, 0))).toEqual({ status: 404, error: LEAGUE_MESSAGES.matchNotFound });
    expect((await c.report(id, 999_999, a!, 2, 0)).status).toBe(404);
  });

  test('a dispute goes to the hosts: not a player, not a host who plays in it; another host decides, the winner’s games first', async () => {
    const l = await c.create();
    const [b, outsider] = await fresh(2);
    await c.join(l.id, kit.curator); // the league's creator plays in it too
    await c.join(l.id, b!);
    const m = await c.pair(l.id, kit.curator, b!);
    await ok(await c.report(l.id, m.id, kit.curator, 2, 0));
    const disputed = await ok<LeagueMatch>(await answer(l.id, m, b!, 'dispute', { reason: 'It was 0–2: I won' }));
    expect(disputed).toMatchObject({ state: 'disputed', dispute: { byDiscordId: m.player2.discordId, reason: 'It was 0–2: I won' } });
    expect(await refusal(await answer(l.id, m, b!, 'dispute'))).toEqual({ status: 409, error: LEAGUE_MESSAGES.nothingToAnswer });
    expect((await c.league(l.id)).toDecide.map((x) => x.id)).toEqual([m.id]);
    const decision = { winnerDiscordId: m.player2.discordId, gamesWon: 2, gamesLost: 1 };
    expect(await refusal(await answer(l.id, m, outsider!, 'decide', decision))).toEqual({ status: 403, error: LEAGUE_MESSAGES.notHost });
    expect(await refusal(await answer(l.id, m, kit.curator, 'decide', decision))).toEqual({ status: 403, error: LEAGUE_MESSAGES.ownMatch });
    expect(await refusal(await answer(l.id, m, kit.admin, 'decide', { ...decision, winnerDiscordId: '1' }))).toEqual({ status: 400, error: LEAGUE_MESSAGES.winnerNotPlayer });
    expect(await refusal(await answer(l.id, m, kit.admin, 'decide', { ...decision, gamesWon: 1, gamesLost: 2 }))).toEqual({ status: 400, error: LEAGUE_MESSAGES.winnerGames });
    const decided = await ok<LeagueMatch>(await answer(l.id, m, kit.admin, 'decide', decision));
    expect(decided).toMatchObject({
      state: 'complete', resolution: 'decided', decidedByDiscordId: '941000000000000001', winnerDiscordId: m.player2.discordId,
      player1: { games: 1 }, player2: { games: 2 }, report: { gamesWon: 2, gamesLost: 0 },
    });
    expect(await refusal(await answer(l.id, m, kit.admin, 'decide', decision))).toEqual({ status: 409, error: LEAGUE_MESSAGES.hasResult });
    const after = await c.league(l.id);
    expect(after.toDecide).toEqual([]);
    expect(after.leaderboard[0]).toMatchObject({ discordId: m.player2.discordId, points: 1, gamesWon: 2, gamesLost: 1 });
  });

  test('unanswered for 24 hours, a report stands, and the opponent can no longer answer it', async () => {
    const { id, players: [a, b] } = await leagueWith(2);
    const m = await c.pair(id, a!, b!);
    await ok(await c.report(id, m.id, a!, 2, 1));
    kit.clock.advance(24 * HOUR - 1000);
    expect((await c.match(id, m.id)).state).toBe('reported');
    expect((await c.league(id)).leaderboard[0]!.points).toBe(0);
    kit.clock.advance(1000);
    const board = await c.league(id);
    expect(board.leaderboard[0]).toMatchObject({ discordId: m.player1.discordId, points: 1 });
    expect(await c.match(id, m.id)).toMatchObject({ state: 'complete', resolution: 'stood' });
    expect(await refusal(await answer(id, m, b!, 'dispute'))).toEqual({ status: 409, error: LEAGUE_MESSAGES.hasResult });
    expect(await refusal(await answer(id, m, b!, 'confirm'))).toEqual({ status: 409, error: LEAGUE_MESSAGES.hasResult });
  });

  test('the league’s confirmHours, and a league nobody reads: the minute’s sweep lets the report stand', async () => {
    const { id, players: [a, b] } = await leagueWith(2, { confirmHours: 2 });
    const m = await c.pair(id, a!, b!);
    await ok(await c.report(id, m.id, a!, 2, 0));
    const db = kit.server.database.db;
    kit.clock.advance(2 * HOUR);
    expect((await Repo.findMatch(db, id, m.id))!.state).toBe('reported');
    await kit.server.app.leagues.sweep();
    expect(await Repo.findMatch(db, id, m.id)).toMatchObject({ state: 'complete', resolution: 'stood' });
    expect((await Repo.findRun(db, id, m.player1.runId))!.wins).toBe(1);
  });
});

describe('the leaderboard', () => {
  test('a win is a point, a run that wins every match one more', async () => {
    const { id, players: [a, b, d] } = await leagueWith(3, { matchesPerRun: 2 });
    await c.play(id, a!, b!, 2, 0);
    await c.play(id, a!, d!, 2, 1);
    await c.play(id, b!, d!, 2, 1);
    const l = await c.league(id, a);
    expect(l.leaderboard.map((r) => [r.place, r.displayName, r.points, r.matchWins, r.perfectRuns])).toEqual([
      [1, l.myRun!.displayName, 3, 2, 1], [2, expect.any(String), 1, 1, 0], [3, expect.any(String), 0, 0, 0],
    ]);
    expect(l.myRun).toMatchObject({ status: 'complete', played: 2, wins: 2, points: 3, perfect: true });
  });

  test('equal points: more match wins first, then the game-win share, then who got there first', async () => {
    const { id, players } = await leagueWith(10, { matchesPerRun: 1 });
    const [p, q, r, s, t, u, v, w] = players;
    await c.play(id, p!, q!, 2, 1); // p: 2 points, 2–1
    kit.clock.advance(60_000);
    await c.play(id, r!, s!, 2, 0); // r: 2 points, 2–0, later than p
    kit.clock.advance(60_000);
    await c.play(id, t!, u!, 2, 0); // t: as r, later still
    kit.clock.advance(60_000);
    // v wins twice in two runs of one match: 4 points; w once: the same games as r, but 2 points
    await c.play(id, v!, w!, 2, 0);
    await c.join(id, v!);
    await c.join(id, w!);
    await c.play(id, v!, players[8]!, 2, 0);
    const board = (await c.league(id)).leaderboard;
    const place = (who: TestClient) => board.findIndex((row) => row.discordId === kit.playerId(player - 9 + players.indexOf(who)));
    expect(place(v!)).toBe(0);
    expect([place(r!), place(t!), place(p!)]).toEqual([1, 2, 3]);
    expect(board.slice(1, 4).map((row) => row.points)).toEqual([2, 2, 2]);
  });

  test('more match wins break equal points (three 1–1 runs above one 2–0 run)', async () => {
    const { id, players } = await leagueWith(8, { matchesPerRun: 2 });
    const [x, z, ...others] = players;
    await c.play(id, x!, others[0]!, 2, 0);
    await c.play(id, x!, others[1]!, 2, 0); // x: 2 wins, perfect: 3 points
    for (let runNo = 0; runNo < 3; runNo++) {
      if (runNo > 0) await c.join(id, z!);
      await c.play(id, z!, others[2 + runNo]!, 2, 0);
      await c.play(id, others[5]!, z!, 2, 0);
      if (runNo < 2) {
        // others[5] plays z's next run too: a new run of its own (its run ended after two matches)
        const own = (await c.league(id, others[5])).myRun!;
        if (own.status !== 'active') await c.join(id, others[5]!);
      }
    }
    const board = (await c.league(id)).leaderboard;
    const row = (who: TestClient) => board.find((r) => r.discordId === kit.playerId(player - 7 + players.indexOf(who)))!;
    expect(row(z!)).toMatchObject({ points: 3, matchWins: 3, runs: 3 });
    expect(row(x!)).toMatchObject({ points: 3, matchWins: 2, perfectRuns: 1 });
    expect(row(z!).place).toBeLessThan(row(x!).place);
  });
});

describe('retire', () => {
  test('not with a match to report; between matches the run retires, its results stay, and a new run may start', async () => {
    const { id, players: [a, b] } = await leagueWith(2);
    const m = await c.pair(id, a!, b!);
    const runId = m.player1.discordId === kit.playerId(player - 1) ? m.player1.runId : m.player2.runId;
    expect(await refusal(await a!.post(`/api/leagues/${id}/runs/${runId}/retire`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.unreported(m.id) });
    expect(await refusal(await b!.post(`/api/leagues/${id}/runs/${runId}/retire`))).toEqual({ status: 403, error: LEAGUE_MESSAGES.notYourRun });
    await ok(await c.report(id, m.id, a!, 2, 0));
    const retired = await ok<LeagueRun>(await a!.post(`/api/leagues/${id}/runs/${runId}/retire`));
    expect(retired).toMatchObject({ status: 'retired', played: 1, endedAt: expect.any(String) });
    expect(await refusal(await a!.post(`/api/leagues/${id}/runs/${runId}/retire`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.runEnded });
    expect(await refusal(await a!.post(`/api/leagues/${id}/queue`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.noActiveRun });
    await ok(await answer(id, m, b!, 'confirm'));
    const next = await c.join(id, a!);
    expect(next.status).toBe('active');
    const l = await c.league(id, a);
    expect(l.myRun!.id).toBe(next.id);
    expect(l.leaderboard.find((r) => r.discordId === kit.playerId(player - 1))).toMatchObject({ points: 1, runs: 2 });
    expect((await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${id}/runs/${runId}`))).matches).toHaveLength(1);
  });
});

describe('the end', () => {
  test('the queue and runs close, reports left stand, matches never reported go to the hosts, who decide them; then final, with its top 8 and their decks public', async () => {
    const endsAt = new Date(kit.clock.at + 2 * 24 * HOUR);
    const { id, players: [a, b, d, e, f] } = await leagueWith(5, { endsAt: endsAt.toISOString() });
    const reported = await c.pair(id, a!, b!);
    await ok(await c.report(id, reported.id, a!, 2, 1));
    const open = await c.pair(id, d!, e!);
    await c.find(id, f!);
    kit.clock.at = endsAt.getTime();
    const l = await c.league(id, a);
    expect(l).toMatchObject({ phase: 'deciding', queueSize: 0 });
    expect(l.toDecide.map((m) => m.id)).toEqual([open.id]);
    expect(l.myRun).toMatchObject({ status: 'closed', endedAt: endsAt.toISOString() });
    expect(await c.match(id, reported.id)).toMatchObject({ state: 'complete', resolution: 'stood' });
    expect(await refusal(await c.report(id, open.id, d!, 2, 0))).toEqual({ status: 409, error: LEAGUE_MESSAGES.over });
    expect(await refusal(await f!.post(`/api/leagues/${id}/queue`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.over });
    const [late] = await fresh();
    expect(await refusal(await late!.post(`/api/leagues/${id}/runs`, { ydk: LEGAL }))).toEqual({ status: 409, error: LEAGUE_MESSAGES.over });
    expect((await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${id}/runs/${reported.player1.runId}`))).deck).toBeNull();

    kit.clock.advance(HOUR);
    const decided = await ok<LeagueMatch>(await answer(id, open, kit.curator, 'decide', { winnerDiscordId: open.player2.discordId, gamesWon: 2, gamesLost: 0 }));
    expect(decided.state).toBe('complete');
    const final = await c.league(id);
    expect(final.phase).toBe('final');
    expect(final.leaderboard.filter((r) => r.top8)).toHaveLength(5);
    expect(final.leaderboard.slice(0, 2).map((r) => r.points)).toEqual([1, 1]);
    expect((await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${id}/runs/${reported.player1.runId}`))).deck).not.toBeNull();
    expect(await refusal(await answer(id, open, kit.admin, 'decide', { winnerDiscordId: open.player1.discordId, gamesWon: 2, gamesLost: 0 })))
      .toEqual({ status: 409, error: LEAGUE_MESSAGES.final });
  });

  test('what the hosts leave undecided has no result once their day is over; a closed league publishes no deck', async () => {
    const endsAt = new Date(kit.clock.at + 24 * HOUR);
    const { id, players: [a, b] } = await leagueWith(2, { endsAt: endsAt.toISOString(), deckPrivacy: 'closed' });
    const m = await c.pair(id, a!, b!);
    kit.clock.at = endsAt.getTime() + 24 * HOUR - 1000;
    expect((await c.league(id)).phase).toBe('deciding');
    kit.clock.advance(1000);
    const l = await c.league(id);
    expect(l).toMatchObject({ phase: 'final', toDecide: [] });
    expect(l.leaderboard.every((r) => r.points === 0 && r.top8)).toBe(true);
    const voided = await c.match(id, m.id, a);
    expect(voided).toMatchObject({ state: 'void', winnerDiscordId: null });
    expect(voided.room).toBeUndefined();
    const run = await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${id}/runs/${m.player1.runId}`));
    expect(run).toMatchObject({ status: 'closed', currentMatchId: null, deck: null });
  });

  test('an end with nothing open is final at once; the list says so without being read', async () => {
    const endsAt = new Date(kit.clock.at + 24 * HOUR);
    const { id, players: [a, b] } = await leagueWith(2, { endsAt: endsAt.toISOString() });
    await c.play(id, a!, b!);
    kit.clock.at = endsAt.getTime();
    const listed = (await ok<{ id: string; phase: string }[]>(await kit.anonymous.get('/api/leagues'))).find((x) => x.id === id);
    expect(listed?.phase).toBe('final');
  });
});
