// Playing a tournament (issue 11) over real HTTP on PGlite and PostgreSQL: the permission table of the
// play routes (a fresh event per cell; a refused call changes nothing), the start's refusals, 200
// concurrent Next Round calls and overrides that must leave one consistent history, the audit log of
// every privileged action, Close, and the live messages of play.
import { describe, expect, test } from 'vitest';
import type { Match, Participant, Scoreboard, Tournament } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';
import { TOPICS } from '../../../../domain/api/topics.ts';
import { TestClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { RawStomp } from '../../../realtime/live-test-kit.ts';

const ADMIN = '960000000000000001';
const HOST = '960000000000000002';
const CURATOR = '960000000000000003';
const STRANGER = '960000000000000004';

const { server, anonymous, admin, hostC, curator, stranger } = apiTest(
  { admin: [ADMIN, 2, 'Ada'], hostC: [HOST, 1, 'Hosta'], curator: [CURATOR, 1, 'Linus'], stranger: [STRANGER, 0, 'Stranger'] },
);
const kit = tournamentKit(server, { host: hostC, admin });

const state = (uid: string) => kit.state(uid);
const matchesOf = (uid: string, query?: string) => kit.matchesOf(uid, query);
const currentMatches = (uid: string) => kit.roundMatches(uid);
const event = (teams: number, format = 'DEFAULT') => kit.event(format, teams);
const captainOf = (uid: string, teamUid: string) => kit.captainOf(uid, teamUid);
const finishRound = (uid: string) => kit.finishRound(uid);
const toLastRound = (uid: string) => kit.advanceToEnd(uid);

// ---- the permission table ---------------------------------------------------------------------

type Role = 'anonymous' | 'stranger' | 'player' | 'curator' | 'host' | 'admin' | 'spoofed';
const ROLES: Role[] = ['anonymous', 'stranger', 'player', 'curator', 'host', 'admin', 'spoofed'];
type Stage = 'ready' | 'started' | 'flagged' | 'round-complete' | 'last-round-complete' | 'won';

/** Two teams (3 Swiss rounds, no cut) brought to a stage; `player` is the captain of team 1 of the first open match. */
async function fixture(stage: Stage) {
  const uid = await event(2);
  if (stage !== 'ready') await ok(await hostC.post(`/api/tournaments/${uid}/start`));
  if (stage === 'round-complete') await finishRound(uid);
  if (stage === 'last-round-complete' || stage === 'won') await toLastRound(uid);
  if (stage === 'won') await ok(await hostC.post(`/api/tournaments/${uid}/winner`));
  const ms = stage === 'ready' ? [] : await currentMatches(uid);
  const m = ms[0];
  const player = m ? await captainOf(uid, m.team1Id!) : [...kit.players.values()][0]!;
  const playerId = m ? await kit.captainIdOf(uid, m.team1Id!) : '';
  if (stage === 'flagged') await ok(await player.post(`/api/tournaments/${uid}/matches/${m!.id}/flag?message=Check%20this`));
  return { uid, match: m, player, playerId };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

async function snapshot(f: Fixture) {
  const parts = await Promise.all([
    admin.get(`/api/tournaments/${f.uid}`).then((r) => r.text()),
    admin.get(`/api/tournaments/${f.uid}/matches`).then((r) => r.text()),
    admin.get(`/api/tournaments/${f.uid}/audit`).then((r) => r.text()),
  ]);
  return parts.join('\n');
}

interface Route {
  name: string;
  stage: Stage;
  allowed: Role[];
  call(client: TestClient, f: Fixture, headers: Record<string, string>): Promise<Response>;
}
const PRIVILEGED: Role[] = ['host', 'admin'];
const at = (path: string) => (client: TestClient, f: Fixture, headers: Record<string, string>) => client.post(`/api/tournaments/${f.uid}/${path}`, undefined, headers);
const onMatch = (path: string, body?: unknown) => (client: TestClient, f: Fixture, headers: Record<string, string>) =>
  client.post(`/api/tournaments/${f.uid}/matches/${f.match!.id}/${path}`, body, headers);

const ROUTES: Route[] = [
  { name: 'POST start', stage: 'ready', allowed: PRIVILEGED, call: at('start') },
  { name: 'POST next-round', stage: 'round-complete', allowed: PRIVILEGED, call: at('next-round') },
  { name: 'POST winner', stage: 'last-round-complete', allowed: PRIVILEGED, call: at('winner') },
  { name: 'POST close', stage: 'won', allowed: PRIVILEGED, call: at('close') },
  { name: 'GET decks.zip', stage: 'won', allowed: PRIVILEGED, call: (client, f, headers) => client.get(`/api/tournaments/${f.uid}/decks.zip`, headers) },
  { name: 'POST override-winner', stage: 'started', allowed: ['curator', ...PRIVILEGED], call: onMatch('override-winner', { team1Wins: 1, team2Wins: 1 }) },
  { name: 'POST resolve-flag', stage: 'flagged', allowed: ['curator', ...PRIVILEGED], call: onMatch('resolve-flag') },
  { name: 'POST flag', stage: 'started', allowed: ['player', 'curator', ...PRIVILEGED], call: onMatch('flag?message=Please%20look') },
  {
    name: 'POST report-score for team 1 (its members only)', stage: 'started', allowed: ['player'],
    call: (client, f, headers) => client.post(`/api/tournaments/${f.uid}/matches/${f.match!.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 0, reporterDiscordId: f.playerId }, headers),
  },
];

const cells = ROUTES.flatMap((route) => ROLES.map((role) => ({ route, role, expected: route.allowed.includes(role) ? '2xx' : role === 'anonymous' ? '401' : '403' })));

describe('the permission table of the play routes', () => {
  test.each(cells)('$route.name as $role: $expected', async ({ route, role, expected }) => {
    const f = await fixture(route.stage);
    // the spoofer: a stranger claiming in X-Discord-Id to be an admin (and, on a report, the reporting player)
    const clients = { anonymous, stranger, player: f.player, curator, host: hostC, admin, spoofed: stranger };
    const headers: Record<string, string> = role === 'spoofed' ? { 'X-Discord-Id': route.allowed.includes('player') ? f.playerId : ADMIN } : {};
    const before = expected === '2xx' ? '' : await snapshot(f);
    const res = await route.call(clients[role], f, headers);
    if (expected === '2xx') {
      expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
    } else {
      expect(res.status, await res.clone().text()).toBe(Number(expected));
      expect(await res.json()).toEqual({ error: expect.stringMatching(/\w+/) });
      expect(await snapshot(f)).toBe(before);
    }
  });
});

// ---- refusals, the log, Close ---------------------------------------------------------------------

describe('the start, the log and Close', () => {
  test("no team: 'No teams found in tournament'; one team: at least 2 active teams", async () => {
    const empty = await event(0);
    const refused = await hostC.post(`/api/tournaments/${empty}/start`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('No teams found in tournament');
    const one = await event(2);
    const t = await state(one);
    await ok(await hostC.post(`/api/tournaments/${one}/teams/${t.teams[0]!.uid}/drop`));
    expect(await errorOf(await hostC.post(`/api/tournaments/${one}/start`))).toBe('A tournament needs at least 2 active teams to start (it has 1)');
    expect((await state(one)).inProgress).toBe(false);
  });

  test('the last round: Next Round is a 409; Mark Winner names an unknown team a 400, another team than the champion a 409; the champion named is kept', async () => {
    const uid = await event(2);
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    await toLastRound(uid);
    expect((await hostC.post(`/api/tournaments/${uid}/next-round`)).status).toBe(409);
    expect((await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=nope`)).status).toBe(400);
    const t = await state(uid);
    const other = t.teams.find((x) => x.uid !== t.championTeamUid)!;
    const refused = await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${other.uid}`);
    expect(refused.status).toBe(409);
    const champion = t.teams.find((x) => x.uid === t.championTeamUid)!;
    expect(await errorOf(refused)).toBe(`Only the team that won can be marked the winner: that is ${champion.name}, not ${other.name}`);
    expect((await state(uid)).completed).toBe(false);
    expect((await ok<Tournament>(await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${champion.uid}`))).winnerTeamUid).toBe(champion.uid);
  });

  test('Swiss without a cut: a dropped, last-placed team is no winner (409); the first of the standings is; nobody drops after the winner', async () => {
    const uid = await event(4);
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    const quitter = (await state(uid)).teams[0]!;
    await ok(await hostC.post(`/api/tournaments/${uid}/teams/${quitter.uid}/drop`));
    const end = await toLastRound(uid);
    const standings = await ok<Standings>(await anonymous.get(`/api/tournaments/${uid}/standings`));
    expect(standings.rows.at(-1)).toMatchObject({ teamId: quitter.uid, dropped: true });
    const refused = await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${quitter.uid}`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatch(/^Only the team that won can be marked the winner: that is .+, not Test Team \d+$/);
    expect(end.championTeamUid).toBe(standings.rows[0]!.teamId);
    const done = await ok<Tournament>(await hostC.post(`/api/tournaments/${uid}/winner?winnerTeamUid=${end.championTeamUid}`));
    expect(done).toMatchObject({ completed: true, winnerTeamUid: end.championTeamUid });
    // page defect 3: the drop buttons' answer once it is over
    const p = (await ok<Participant[]>(await anonymous.get(`/api/tournaments/${uid}/participants`))).find((x) => !x.teamDropped)!;
    for (const path of [`participants/${p.id}/drop`, `teams/${p.teamUid}/drop`]) {
      const late = await hostC.post(`/api/tournaments/${uid}/${path}`);
      expect(late.status, path).toBe(409);
      expect(await errorOf(late)).toBe('The tournament is over: nobody can drop any more');
    }
  });

  test('start, next round, winner and close each write the audit log; Close before the winner is a 409; Close deletes the decks', async () => {
    const uid = await event(2);
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    await toLastRound(uid);
    expect((await hostC.post(`/api/tournaments/${uid}/close`)).status).toBe(409);
    await ok(await hostC.post(`/api/tournaments/${uid}/winner`));
    const p = (await ok<Participant[]>(await anonymous.get(`/api/tournaments/${uid}/participants`)))[0]!;
    await ok(await hostC.post(`/api/tournaments/${uid}/close`));
    const log = await ok<{ action: string; actorDiscordId: string }[]>(await admin.get(`/api/tournaments/${uid}/audit`));
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['start', 'next-round', 'winner', 'close']));
    expect(log.filter((e) => e.action === 'next-round')).toHaveLength(2);
    expect(log.every((e) => e.actorDiscordId === HOST || e.actorDiscordId === ADMIN)).toBe(true);
    expect((await admin.get(`/api/tournaments/${uid}/participants/${p.id}/decks`)).status).toBe(404);
    expect(await ok(await anonymous.get(`/api/tournaments/${uid}/participants`))).toEqual([]);
  });

  test('reports on a bye, on a match of another round and on a match still waiting for its opponent are refused', async () => {
    const swiss = await event(3);
    await ok(await hostC.post(`/api/tournaments/${swiss}/start`));
    const bye = (await currentMatches(swiss)).find((m) => m.bye)!;
    const own = await captainOf(swiss, bye.team1Id!);
    expect((await own.post(`/api/tournaments/${swiss}/matches/${bye.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 0 })).status).toBe(409);
    const de = await event(4, 'DOUBLE_ELIM');
    await ok(await hostC.post(`/api/tournaments/${de}/start`));
    const later = (await matchesOf(de)).find((m) => m.roundNumber > 1 && !m.team1Id)!;
    const res = await admin.post(`/api/tournaments/${de}/matches/${later.id}/override-winner?winnerTeamId=x`, { team1Wins: 2, team2Wins: 0 });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("the list's notification dot (spec 2 §4)", () => {
  test('a flagged match lights it until the flag is resolved', async () => {
    const uid = await event(4);
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    const dot = async () => (await ok<{ uid: string; needsAttention: boolean }[]>(await anonymous.get('/api/tournaments'))).find((x) => x.uid === uid)!.needsAttention;
    expect(await dot()).toBe(false);
    const m = (await currentMatches(uid))[0]!;
    await ok(await (await captainOf(uid, m.team2Id!)).post(`/api/tournaments/${uid}/matches/${m.id}/flag?message=Slow%20play`));
    expect(await dot()).toBe(true);
    await ok(await curator.post(`/api/tournaments/${uid}/matches/${m.id}/resolve-flag`));
    expect(await dot()).toBe(false);
  });
});

// ---- concurrency ----------------------------------------------------------------------------------

describe('200 writes at once', () => {
  test('200 Next Round calls at once: one round created, every other call a 409', async () => {
    const uid = await event(8);
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    await finishRound(uid);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? hostC : admin).post(`/api/tournaments/${uid}/next-round`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect((await state(uid)).currentRound).toBe(2);
    expect(await matchesOf(uid, '?round=2')).toHaveLength(4);
    expect(await matchesOf(uid, '?round=3')).toHaveLength(0);
    const log = await ok<{ action: string }[]>(await admin.get(`/api/tournaments/${uid}/audit`));
    expect(log.filter((e) => e.action === 'next-round')).toHaveLength(1);
  }, 60_000);

  test('200 conflicting overrides of one bracket match: a gapless history, and the bracket follows the last one', async () => {
    const uid = await event(4, 'DOUBLE_ELIM');
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    const m = (await matchesOf(uid, '?round=1&bracket=winners'))[0]!;
    const results = [
      { winner: m.team1Id!, team1Wins: 2, team2Wins: 0 }, { winner: m.team2Id!, team1Wins: 0, team2Wins: 2 },
      { winner: m.team1Id!, team1Wins: 2, team2Wins: 1 }, { winner: m.team2Id!, team1Wins: 1, team2Wins: 2 },
    ];
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => {
      const r = results[i % results.length]!;
      return (i % 2 ? admin : curator).post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${r.winner}`, { team1Wins: r.team1Wins, team2Wins: r.team2Wins }).then((res) => res.status);
    }));
    expect(statuses.every((s) => s === 200), statuses.join(',')).toBe(true);

    // each override saw the result the one before it left: none was computed from a stale read
    const log = (await ok<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }[]>(await admin.get(`/api/tournaments/${uid}/audit`)))
      .filter((e) => e.action === 'override');
    expect(log).toHaveLength(200);
    for (let i = 1; i < log.length; i++) {
      const { team1Wins, team2Wins, winner } = log[i - 1]!.after;
      expect(log[i]!.before, `override ${i}`).toMatchObject({ complete: true, team1Wins, team2Wins, winner });
    }
    const last = log.at(-1)!.after as { team1Wins: number; team2Wins: number; winner: string };
    const final = await ok<Match>(await admin.get(`/api/tournaments/${uid}/matches/${m.id}`));
    expect(final).toMatchObject({ complete: true, finalScore: { team1Wins: last.team1Wins, team2Wins: last.team2Wins }, outcome: { winnerTeamId: last.winner } });
    // the winner went on in the winners bracket and the loser dropped to the losers bracket, once each
    const loser = last.winner === m.team1Id ? m.team2Id! : m.team1Id!;
    const later = (await matchesOf(uid)).filter((x) => x.roundNumber > 1);
    const holding = (team: string) => later.filter((x) => x.team1Id === team || x.team2Id === team);
    expect(holding(last.winner).map((x) => x.bracket)).toEqual(['winners']);
    expect(holding(loser).map((x) => x.bracket)).toEqual(['losers']);
    // the records are a recount of the matches
    const t = await state(uid);
    for (const team of t.teams) {
      const played = (await matchesOf(uid)).filter((x) => x.complete && !x.bye && (x.team1Id === team.uid || x.team2Id === team.uid));
      const wins = played.filter((x) => x.outcome?.winnerTeamId === team.uid).length;
      expect({ wins: team.wins, losses: team.losses }, team.name).toEqual({ wins, losses: played.length - wins });
    }
  }, 120_000);
});

// ---- live ---------------------------------------------------------------------------------------

describe('live messages of play', () => {
  test('a report, an override and a new round reach both topics after commit; request-standings is answered on its topic', async () => {
    const uid = await event(4);
    await ok(await hostC.post(`/api/tournaments/${uid}/start`));
    const raw = await RawStomp.subscribed(server.url, [TOPICS.tournamentScoreboard(uid), TOPICS.tournamentStandings(uid)]);
    try {
      const next = async <T>() => JSON.parse((await raw.frame('MESSAGE')).body) as T;
      // every change publishes the scoreboard (subscription 0), then the standings (1); messages of earlier
      // changes (the start) may still be on their way, so wait for the board of this change and the standings after it
      const after = async (change: string): Promise<[Scoreboard, Standings]> => {
        let board: Scoreboard | undefined;
        for (;;) {
          const frame = await raw.frame('MESSAGE');
          const body = JSON.parse(frame.body) as Scoreboard & Standings;
          if (frame.headers.subscription === '0' && body.change.split(',').includes(change)) board = body;
          else if (frame.headers.subscription === '1' && board) return [board, body];
        }
      };

      const [m, other] = await currentMatches(uid);
      const one = await captainOf(uid, m!.team1Id!);
      await ok(await one.post(`/api/tournaments/${uid}/matches/${m!.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 1 }));
      const [board, afterReport] = await after('report');
      // (a change within 100 ms of the one before travels with it: 'start,report' carries the whole round)
      expect(board).toMatchObject({ uid });
      expect(board.matches.find((x) => x.id === m!.id)).toMatchObject({ status: 'In Progress', reportFromTeam1: { gamesWon: 2, gamesLost: 1 } });
      expect(afterReport).toMatchObject({ uid, final: false });

      await ok(await admin.post(`/api/tournaments/${uid}/matches/${other!.id}/override-winner?winnerTeamId=${other!.team2Id}`, { team1Wins: 0, team2Wins: 2 }));
      const [overridden, standings] = await after('override');
      expect(overridden.matches.find((x) => x.id === other!.id)).toMatchObject({ complete: true, outcome: { winnerTeamId: other!.team2Id } });
      expect(standings.rows.find((r) => r.teamId === other!.team2Id)).toMatchObject({ wins: 1, points: 3 });

      await ok(await admin.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team1Id}`, { team1Wins: 2, team2Wins: 1 }));
      await ok(await hostC.post(`/api/tournaments/${uid}/next-round`));
      const [round2] = await after('next-round');
      expect(round2.state).toMatchObject({ currentRound: 2 });
      // a new round's message carries that round's matches: a client of the topic alone can show them
      expect(round2.full).toBe(true);
      expect(round2.matches).toHaveLength(2);
      expect(round2.matches.every((x) => x.roundNumber === 2)).toBe(true);

      raw.send(`SEND\ndestination:/app/tournaments/${uid}/request-standings\n\n\0`);
      const asked = await next<Standings>();
      expect(asked.rows).toHaveLength(4);
      expect(asked.rows.map((r) => r.points).sort((a, b) => b - a)).toEqual([3, 3, 0, 0]);
    } finally {
      raw.close();
    }
  });
});
