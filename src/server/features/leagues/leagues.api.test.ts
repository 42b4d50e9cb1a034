// The league (issue 41) over real HTTP, on PGlite and PostgreSQL: creating one, runs and their
// decks, the queue (pairing, its limits, the room's readers, Cancel, the 15-minute entry), bad input,
// the suspended and the rate limit, the live topic, the cached read, and the OpenAPI document's word.
import { describe, expect, test } from 'vitest';
import { LEAGUE_MESSAGES, type League, type LeagueMatch, type LeagueMessage, type LeagueRun, type LeagueSummary } from '../../../domain/api/leagues.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import { parseYdk } from '../../../domain/decks/ydk.ts';
import { buildYdke } from '../../../domain/decks/ydke.ts';
import { defaultLeagueEnd } from '../../../domain/leagues/league-clock.ts';
import { seriesInputSchema } from '../../../domain/api/series.ts';
import { answerChecker, type OpenApiDocument } from '../../http/openapi-answers.ts';
import { RawStomp } from '../../realtime/live-test-kit.ts';
import { signedInClient, startTestServer, TestClient } from '../../test/test-server.ts';
import * as SeriesRepository from '../series/series-repository.ts';
import { HOUR, ILLEGAL, LEGAL, LIST_DATE, leagueTest, ok, refusal } from './league-test-kit.ts';

const { kit, c } = leagueTest();
let player = 0;
/** players no other test has used */
const fresh = async (n = 1) => Promise.all(Array.from({ length: n }, () => kit.player(++player)));
/** A new league that two fresh players have joined, and their match. */
async function pairedLeague() {
  const l = await c.create();
  const [a, b] = await fresh(2);
  await c.join(l.id, a!);
  await c.join(l.id, b!);
  return { l, a, b, m: await c.pair(l.id, a!, b!) };
}

describe('creating a league', () => {
  test('a curator creates one: five matches a run, best of three, 24 hours to confirm, a calendar month, the list of its date, the series’ rules', async () => {
    const l = await c.create({ name: '  May League  ' });
    const startsAt = new Date(kit.clock.at);
    expect(l).toMatchObject({
      name: 'May League', seriesId: kit.seriesId, seriesName: 'League Monthly', phase: 'running', matchesPerRun: 5, bestOf: 3, confirmHours: 24,
      queueMinutes: 15, banlistDate: LIST_DATE, banlistName: '2026.05 TCG', hasBanlist: true, banlistWhitelist: false, deckPrivacy: 'top-cut',
      startsAt: startsAt.toISOString(), endsAt: defaultLeagueEnd(startsAt).toISOString(), runs: 0, players: 0, queueSize: 0, rated: false,
      createdBy: { discordId: '941000000000000002', displayName: 'Curie' }, startingLp: 8000, minMainDeckSize: 40, leaderboard: [], toDecide: [],
      isHost: true, myRun: null,
    });
    expect(l.duelFlags).toMatch(/^\d+$/);
    expect(await c.league(l.id)).toMatchObject({ id: l.id, isHost: false, myRun: null });
    expect((await c.league(l.id, kit.admin)).isHost).toBe(true);
  });

  test('a player is refused with the sentence, a visitor must sign in', async () => {
    const [p] = await fresh();
    expect(await refusal(await p!.post('/api/leagues', { seriesId: kit.seriesId, name: 'Mine' }))).toEqual({ status: 403, error: LEAGUE_MESSAGES.createdBy });
    expect((await kit.anonymous.post('/api/leagues', { seriesId: kit.seriesId, name: 'Mine' })).status).toBe(401);
  });

  test.each([
    ['no name', { name: ' ' }, 400, 'name: a league needs a name'],
    ['an end before the start', { startsAt: '2030-05-10T00:00:00Z', endsAt: '2030-05-01T00:00:00Z' }, 400, LEAGUE_MESSAGES.endsBeforeStart],
    ['an end in the past', { startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' }, 400, LEAGUE_MESSAGES.endsInPast],
    ['100 days', { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-04-11T00:00:00Z' }, 400, LEAGUE_MESSAGES.tooLong],
    ['no match a run', { matchesPerRun: 0 }, 400, 'matchesPerRun: must be at least 1'],
    ['a week and a day to confirm', { confirmHours: 192 }, 400, 'confirmHours: must be at most 168'],
    ['a date that is no date', { startsAt: 'tomorrow' }, 400, 'startsAt: must be a date and time such as 2026-12-01T00:00:00Z'],
    ['a field it does not know', { rated: true }, 400, 'body: Unrecognized key: "rated"'],
    ['a series that does not exist', { seriesId: 'nope' }, 404, LEAGUE_MESSAGES.seriesNotFound],
    ['a list date without a list', { banlistDate: '2001-01-01' }, 404, LEAGUE_MESSAGES.noBanlist('2001-01-01')],
  ])('%s: a 4xx with a sentence, and no league', async (_label, body, status, error) => {
    const before = (await ok<LeagueSummary[]>(await kit.anonymous.get('/api/leagues'))).length;
    const res = await kit.curator.post('/api/leagues', { seriesId: kit.seriesId, name: 'Bad', banlistDate: LIST_DATE, ...body });
    expect(await refusal(res)).toEqual({ status, error });
    expect(await ok<LeagueSummary[]>(await kit.anonymous.get('/api/leagues'))).toHaveLength(before);
  });

  test('the list: every league, one series’, one phase’s', async () => {
    const other = await ok<{ id: string }>(await kit.admin.post('/api/series', { name: 'Other Monthly' }));
    const later = await c.create({ seriesId: other.id, name: 'June League', startsAt: new Date(kit.clock.at + 10 * 24 * HOUR).toISOString() });
    expect(later.phase).toBe('upcoming');
    const all = await ok<LeagueSummary[]>(await kit.anonymous.get('/api/leagues'));
    expect(all[0]).toMatchObject({ id: later.id, name: 'June League', seriesName: 'Other Monthly', phase: 'upcoming', runs: 0, players: 0 });
    expect((await ok<LeagueSummary[]>(await kit.anonymous.get(`/api/leagues?seriesId=${other.id}`))).map((l) => l.id)).toEqual([later.id]);
    expect((await ok<LeagueSummary[]>(await kit.anonymous.get('/api/leagues?phase=upcoming'))).map((l) => l.id)).toEqual([later.id]);
    expect((await kit.anonymous.get('/api/leagues?phase=soon')).status).toBe(400);
  });
});

describe('runs', () => {
  test('a legal deck starts a run (as .ydk text or a ydke:// link); its player sees the deck, nobody else', async () => {
    const l = await c.create();
    const [a, b] = await fresh(2);
    const run = await c.join(l.id, a!);
    expect(run).toMatchObject({ leagueId: l.id, status: 'active', matchCount: 0, played: 0, wins: 0, points: 0, mainCount: 40, waiting: false, matches: [] });
    expect(run.deck!.mainDeck[0]).toMatchObject({ cardName: expect.stringMatching(/^Blackwing/) });
    const viaYdke = await ok<LeagueRun>(await b!.post(`/api/leagues/${l.id}/runs`, { ydke: buildYdke(parseYdk(LEGAL).deck) }));
    expect(viaYdke.mainCount).toBe(40);
    const seen = await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${l.id}/runs/${run.id}`));
    expect(seen).toMatchObject({ id: run.id, deck: null, deckPublished: false, mainCount: 40 });
    expect((await ok<LeagueRun>(await b!.get(`/api/leagues/${l.id}/runs/${run.id}`))).deck).toBeNull();
    expect((await ok<LeagueRun>(await kit.curator.get(`/api/leagues/${l.id}/runs/${run.id}`))).deck).not.toBeNull();
    expect((await c.league(l.id, a)).myRun).toMatchObject({ id: run.id, deck: { mainDeck: expect.any(Array) } });
    expect(await c.league(l.id)).toMatchObject({ runs: 2, players: 2 });
  });

  test('a deck the list refuses is a 400 with every problem, and no run', async () => {
    const l = await c.create();
    const [a] = await fresh();
    const res = await a!.post(`/api/leagues/${l.id}/runs`, { ydk: ILLEGAL });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; problems: { message: string }[] };
    expect(body.error).toMatch(/^deck: the deck has/);
    expect(body.problems.length).toBeGreaterThan(0);
    expect((await c.league(l.id, a)).myRun).toBeNull();
  });

  test.each([
    ['both ydk and ydke', { ydk: LEGAL, ydke: 'ydke://' }, LEAGUE_MESSAGES.deckBody],
    ['neither', {}, LEAGUE_MESSAGES.deckBody],
    ['text that is no deck', { ydk: 'hello' }, /^ydk: /],
    ['a ydke link of junk', { ydke: 'ydke://!!!' }, /^ydke: /],
    ['a number for a deck', { ydk: 7 }, 'ydk: must be the text of a .ydk file'],
  ])('%s is a 400 with a sentence', async (_label, body, error) => {
    const l = await c.create();
    const [a] = await fresh();
    const r = await refusal(await a!.post(`/api/leagues/${l.id}/runs`, body));
    expect(r.status).toBe(400);
    expect(r.error).toMatch(error);
  });

  test('a second active run is a 409; runs wait for the start', async () => {
    const l = await c.create();
    const [a] = await fresh();
    await c.join(l.id, a!);
    expect(await refusal(await a!.post(`/api/leagues/${l.id}/runs`, { ydk: LEGAL }))).toEqual({ status: 409, error: LEAGUE_MESSAGES.activeRun });
    const startsAt = new Date(kit.clock.at + 24 * HOUR);
    const later = await c.create({ startsAt: startsAt.toISOString() });
    expect(await refusal(await a!.post(`/api/leagues/${later.id}/runs`, { ydk: LEGAL }))).toEqual({ status: 409, error: LEAGUE_MESSAGES.notStarted(startsAt.toISOString()) });
    expect(await refusal(await a!.post(`/api/leagues/${later.id}/queue`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.notStarted(startsAt.toISOString()) });
    expect((await kit.anonymous.get('/api/leagues/nope')).status).toBe(404);
    expect(await refusal(await a!.post('/api/leagues/nope/runs', { ydk: LEGAL }))).toEqual({ status: 404, error: LEAGUE_MESSAGES.notFound });
  });
});

describe('the queue', () => {
  test('the first finder waits, the next is paired at once; the room’s password is read by the two players and the hosts only', async () => {
    const l = await c.create();
    const [a, b, other] = await fresh(3);
    await c.join(l.id, a!);
    await c.join(l.id, b!);
    const waiting = await c.find(l.id, a!);
    expect(waiting).toMatchObject({ waiting: true, expiresAt: new Date(kit.clock.at + 15 * 60_000).toISOString(), queueSize: 1 });
    expect(await c.league(l.id)).toMatchObject({ queueSize: 1 });
    expect((await c.league(l.id, a)).myRun).toMatchObject({ waiting: true, queuedUntil: waiting.waiting ? waiting.expiresAt : null });
    const paired = await c.find(l.id, b!);
    if (paired.waiting || !paired.match) throw new Error('not paired');
    const m = paired.match;
    expect(m).toMatchObject({ state: 'playing', player1: { discordId: kit.playerId(player - 2) }, player2: { discordId: kit.playerId(player - 1) }, report: null, winnerDiscordId: null });
    expect(m.room).toEqual({ name: expect.stringMatching(/^FH-[A-Z0-9]{4} M\d+$/), password: expect.stringMatching(/^[a-z2-9]{6}$/) });
    for (const reader of [a!, kit.curator, kit.admin]) expect((await c.match(l.id, m.id, reader)).room).toEqual(m.room);
    for (const reader of [other!, kit.anonymous]) expect((await c.match(l.id, m.id, reader)).room).toBeUndefined();
    expect((await c.league(l.id)).queueSize).toBe(0);
    const mine = (await c.league(l.id, a)).myRun!;
    expect(mine).toMatchObject({ waiting: false, currentMatchId: m.id, matchCount: 1 });
    expect(mine.matches[0]!.room).toEqual(m.room);
    expect(JSON.stringify(await c.league(l.id, other))).not.toContain(m.room!.password);
  });

  test('a run playing a match cannot look for another; once it is reported it may', async () => {
    const { l, a, b, m } = await pairedLeague();
    expect(await refusal(await a!.post(`/api/leagues/${l.id}/queue`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.unreported(m.id) });
    await ok(await c.report(l.id, m.id, b!, 2, 0));
    expect(await c.find(l.id, a!)).toMatchObject({ waiting: true });
  });

  test('two runs meet once: after their match they wait side by side, and the next finder meets the first of them', async () => {
    const l = await c.create();
    const [a, b, d] = await fresh(3);
    for (const p of [a, b, d]) await c.join(l.id, p!);
    await c.play(l.id, a!, b!);
    expect(await c.find(l.id, a!)).toMatchObject({ waiting: true });
    kit.clock.advance(1000);
    expect(await c.find(l.id, b!)).toMatchObject({ waiting: true, queueSize: 2 });
    const third = await c.find(l.id, d!);
    expect(third.waiting ? null : third.match?.player1.discordId ?? null).toBe((await c.league(l.id, a)).myRun!.discordId);
    // the player's own later run may meet an old opponent's run: runs meet once, not players
  });

  test('Find a match again renews the entry and never pairs a run with itself; an entry lasts 15 minutes', async () => {
    const l = await c.create();
    const [a, b] = await fresh(2);
    await c.join(l.id, a!);
    await c.join(l.id, b!);
    await c.find(l.id, a!);
    kit.clock.advance(10 * 60_000);
    expect(await c.find(l.id, a!)).toMatchObject({ waiting: true, queueSize: 1, expiresAt: new Date(kit.clock.at + 15 * 60_000).toISOString() });
    kit.clock.advance(15 * 60_000);
    expect((await c.league(l.id)).queueSize).toBe(0);
    expect(await c.find(l.id, b!)).toMatchObject({ waiting: true, queueSize: 1 });
    expect(await c.find(l.id, a!)).toMatchObject({ waiting: false, match: { state: 'playing' } });
  });

  test('Cancel leaves the queue; a Cancel after the pairing answers the match', async () => {
    const l = await c.create();
    const [a, b, d] = await fresh(3);
    for (const p of [a, b, d]) await c.join(l.id, p!);
    await c.find(l.id, a!);
    expect(await ok(await a!.request('DELETE', `/api/leagues/${l.id}/queue`))).toEqual({ waiting: false, match: null });
    expect((await c.league(l.id)).queueSize).toBe(0);
    expect(await c.find(l.id, b!)).toMatchObject({ waiting: true });
    const paired = await c.find(l.id, d!);
    const late = await ok<{ waiting: false; match: LeagueMatch }>(await b!.request('DELETE', `/api/leagues/${l.id}/queue`));
    expect(late.match.id).toBe(paired.waiting ? -1 : paired.match!.id);
    expect(late.match.room).toBeDefined();
  });

  test('without an active run, Find a match is a 409 that says what to do', async () => {
    const l = await c.create();
    const [a] = await fresh();
    expect(await refusal(await a!.post(`/api/leagues/${l.id}/queue`))).toEqual({ status: 409, error: LEAGUE_MESSAGES.noActiveRun });
  });
});

describe('safety', () => {
  test('a suspended player writes nothing', async () => {
    const { l, b, m } = await pairedLeague();
    await ok(await kit.admin.post(`/api/users/${kit.playerId(player)}/suspension`, { reason: 'Rude' }));
    expect((await c.report(l.id, m.id, b!, 2, 0)).status).toBe(401);
    expect((await b!.post(`/api/leagues/${l.id}/runs/${m.player2.runId}/retire`)).status).toBe(401);
    expect((await c.match(l.id, m.id)).state).toBe('playing');
  });

  test('every write is limited per user', async () => {
    const limited = await startTestServer({}, { rateLimitScale: 0.05 }); // 15 writes a minute
    try {
      const curator = await signedInClient(limited, '941000000000000099', 1, 'Lim');
      const { discordId: _claim, id: _id, ...values } = seriesInputSchema.parse({ name: 'Limited' });
      const series = await SeriesRepository.insert(limited.database.db, 'limited', values, '941000000000000099');
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push((await curator.post('/api/leagues/x/queue')).status);
      expect(statuses).toEqual(Array(15).fill(404));
      const created = await curator.post('/api/leagues', { seriesId: series.id, name: 'One too many', banlistDate: null });
      expect(await refusal(created)).toEqual({ status: 429, error: expect.stringMatching(/^Too many requests/) });
      expect(await ok(await new TestClient(limited.url).get('/api/leagues'))).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('live and cached', () => {
  test('every change is a message on the league’s topic: what changed, the versions, the players it concerns', async () => {
    const { l, a, b, m } = await pairedLeague();
    await ok(await c.report(l.id, m.id, a!, 2, 1));
    const before = await c.league(l.id);
    const live = await RawStomp.subscribed(kit.server.url, [TOPICS.league(l.id)]);
    try {
      await ok(await c.confirm(l.id, m.id, b!));
      const message = JSON.parse((await live.frame('MESSAGE', 10_000)).body) as LeagueMessage;
      expect(message).toEqual({
        id: l.id, version: before.version + 1, leaderboardVersion: before.leaderboardVersion + 1, change: 'confirm', queueSize: 0,
        discordIds: [m.player1.discordId, m.player2.discordId], matchId: m.id,
      });
    } finally {
      live.close();
    }
  });

  test('a read is the same bytes until a change (304 for the holder), and a change is read at once', async () => {
    const l = await c.create();
    const [a] = await fresh();
    const first = await kit.anonymous.get(`/api/leagues/${l.id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await kit.anonymous.get(`/api/leagues/${l.id}`)).headers.get('etag')).toBe(etag);
    expect((await kit.anonymous.get(`/api/leagues/${l.id}`, { 'if-none-match': etag })).status).toBe(304);
    await c.join(l.id, a!);
    const after = await kit.anonymous.get(`/api/leagues/${l.id}`);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await after.json()) as League).runs).toBe(1);
    expect((await a!.get(`/api/leagues/${l.id}`)).headers.get('cache-control')).toBe('private, no-cache');
  });

  test('answers are what the OpenAPI document says', async () => {
    const doc = await ok<OpenApiDocument>(await fetch(`${kit.server.url}/api/openapi.json`));
    const check = answerChecker(doc);
    const l = await c.create();
    const [a, b] = await fresh(2);
    const run = await c.join(l.id, a!);
    await c.join(l.id, b!);
    const problems: string[] = [];
    const expectConform = async (path: string, method: string, res: Response) => {
      const op = doc.paths[path]![method]!;
      for (const p of await check.problems(op, res)) problems.push(`${method} ${path} ${res.status}: ${p}`);
    };
    await expectConform('/api/leagues/{id}/queue', 'post', await a!.post(`/api/leagues/${l.id}/queue`));
    await expectConform('/api/leagues/{id}/queue', 'post', await b!.post(`/api/leagues/${l.id}/queue`));
    const m = (await c.league(l.id, a)).myRun!.matches[0]!;
    await expectConform('/api/leagues/{id}/matches/{matchId}/report', 'post', await c.report(l.id, m.id, a!, 1, 1));
    await expectConform('/api/leagues/{id}/matches/{matchId}/report', 'post', await c.report(l.id, m.id, a!, 2, 1));
    await expectConform('/api/leagues/{id}/matches/{matchId}/dispute', 'post', await b!.post(`/api/leagues/${l.id}/matches/${m.id}/dispute`, { reason: 'It was 1–2' }));
    await expectConform('/api/leagues/{id}/runs', 'post', await b!.post(`/api/leagues/${l.id}/runs`, { ydk: ILLEGAL }));
    for (const reader of [kit.anonymous, a!, kit.curator]) {
      await expectConform('/api/leagues', 'get', await reader.get('/api/leagues'));
      await expectConform('/api/leagues/{id}', 'get', await reader.get(`/api/leagues/${l.id}`));
      await expectConform('/api/leagues/{id}/runs/{runId}', 'get', await reader.get(`/api/leagues/${l.id}/runs/${run.id}`));
      await expectConform('/api/leagues/{id}/matches/{matchId}', 'get', await reader.get(`/api/leagues/${l.id}/matches/${m.id}`));
    }
    await expectConform('/api/leagues/{id}/matches/{matchId}/decide', 'post', await kit.curator.post(`/api/leagues/${l.id}/matches/${m.id}/decide`, {
      winnerDiscordId: m.player2.discordId, gamesWon: 2, gamesLost: 1,
    }));
    await expectConform('/api/leagues/{id}/runs/{runId}/retire', 'post', await a!.post(`/api/leagues/${l.id}/runs/${run.id}/retire`));
    await expectConform('/api/leagues/{id}/queue', 'delete', await a!.request('DELETE', `/api/leagues/${l.id}/queue`));
    await expectConform('/api/leagues/{id}', 'get', await kit.anonymous.get(`/api/leagues/${l.id}`));
    expect(problems).toEqual([]);
    // the matches waiting for the hosts are in the league's body: the decided one left it
    expect((await c.league(l.id)).toDecide).toEqual([]);
  });
});
