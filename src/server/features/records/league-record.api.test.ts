// A league's place in the record (issue 41, "The end") over real HTTP, on PGlite and PostgreSQL: the
// report once final (its top 8's decks published by the league's deck privacy, the others and every
// deck before the end never shown), archetypes named as event decks are, the meta of every run; the
// leaderboard's runs; an admin's rated mark, and ratings that move only for a rated league.
import { describe, expect, test } from 'vitest';
import type { League, LeagueRun } from '../../../domain/api/leagues.ts';
import { LEAGUE_RECORD_MESSAGES, type LeagueReport } from '../../../domain/api/league-records.ts';
import type { AdminLogPage } from '../../../domain/api/admin-log.ts';
import type { ArchetypePreview, MetaBody, ReclassifyResult } from '../../../domain/api/records.ts';
import type { Leaderboard } from '../../../domain/api/players.ts';
import { answerChecker, type OpenApiDocument } from '../../http/openapi-answers.ts';
import type { TestClient } from '../../test/test-server.ts';
import { HOUR, ILLEGAL, LEGAL, leagueTest, ok, refusal } from '../leagues/league-test-kit.ts';

/** in every Chaos408 deck, three times */
const CHAOS_SORCERER = 9596126;

const { kit, c } = leagueTest();
let player = 3000;
const fresh = async (n = 1) => Promise.all(Array.from({ length: n }, () => kit.player(++player)));

const report = (id: string, by: TestClient = kit.anonymous) => by.get(`/api/leagues/${id}/report`);
const rated = (id: string, value: boolean, by: TestClient = kit.admin) => by.post(`/api/leagues/${id}/rated`, { rated: value });

/**
 * A league of `n` fresh players ending in a day: they pair in order (1–2, 3–4, …) and the first of
 * each pair wins 2–0; the `idle` players after them join and never play. Nothing is open at the end.
 */
async function playedLeague(n: number, o: { idle?: number; body?: Record<string, unknown>; deck?: (i: number) => string } = {}) {
  const endsAt = new Date(kit.clock.at + 24 * HOUR);
  const l = await c.create({ endsAt: endsAt.toISOString(), ...o.body });
  const players = await fresh(n + (o.idle ?? 0));
  const runs: LeagueRun[] = [];
  // a minute apart, so that no two players are equal on every tie-break (who started first, who got there first)
  for (const [i, p] of players.entries()) {
    kit.clock.advance(60_000);
    runs.push(await c.join(l.id, p, o.deck?.(i) ?? LEGAL));
  }
  for (let i = 0; i + 1 < n; i += 2) {
    kit.clock.advance(60_000);
    await c.play(l.id, players[i]!, players[i + 1]!);
  }
  return { id: l.id, players, runs, endsAt, end: () => { kit.clock.at = endsAt.getTime(); } };
}

describe('the report', () => {
  test('waits for the final leaderboard (409 with the sentence), is a 404 for no league, and no deck is public before', async () => {
    const l = await playedLeague(2);
    expect(await refusal(await report(l.id))).toEqual({ status: 409, error: LEAGUE_RECORD_MESSAGES.reportNotYet });
    expect((await refusal(await report('no-such-league'))).status).toBe(404);
    expect((await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${l.id}/runs/${l.runs[0]!.id}`))).deck).toBeNull();
    l.end();
    // read straight after the end: the read settles the league, the record is written, the report answers
    const r = await ok<LeagueReport>(await report(l.id));
    expect(r.league).toMatchObject({ id: l.id, deckPrivacy: 'top-cut', rated: false, runs: 2, players: 2 });
    expect(r.decks.map((d) => d.runId)).toEqual([l.runs[0]!.id, l.runs[1]!.id]);
  });

  test('top-cut: the top 8’s runs with a result are published with their decks; the others, and a run without a result, never', async () => {
    // ten play (the first of each pair wins), an eleventh joins and never plays
    const l = await playedLeague(10, { idle: 1 });
    l.end();
    const r = await ok<LeagueReport>(await report(l.id));
    const ids = l.players.map((_, i) => kit.playerId(player - 10 + i));
    // winners first (in the order they won), then the losers by who started first; the idle one last
    expect(r.leaderboard.map((row) => row.discordId)).toEqual([0, 2, 4, 6, 8, 1, 3, 5, 7, 9, 10].map((i) => ids[i]));
    expect(r.leaderboard.filter((row) => row.top8).map((row) => row.discordId)).toEqual([0, 2, 4, 6, 8, 1, 3, 5].map((i) => ids[i]));
    const top = [0, 2, 4, 6, 8, 1, 3, 5];
    expect(r.decks.map((d) => [d.runId, d.discordId, d.place, d.placement])).toEqual(top.map((i, place) => [l.runs[i]!.id, ids[i], place + 1, ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th'][place]]));
    expect(r.decks[0]).toMatchObject({ wins: 1, losses: 0, points: 1, perfect: false, topCut: true, archetype: 'Blackwing', archetypeAuto: 'Blackwing' });
    expect(r.decks[0]!.main.reduce((n, card) => n + card.count, 0)).toBe(l.runs[0]!.mainCount);
    // the 9th and 10th players' decks, and the idle one's, are nowhere in the report, nor on their runs' pages
    const text = JSON.stringify(r.decks);
    for (const i of [7, 9, 10]) expect(text).not.toContain(ids[i]);
    for (const i of [7, 9, 10]) expect((await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${l.id}/runs/${l.runs[i]!.id}`))).deck).toBeNull();
    expect((await ok<LeagueRun>(await kit.anonymous.get(`/api/leagues/${l.id}/runs/${l.runs[0]!.id}`))).deck).not.toBeNull();
    // the meta of every run with a result: ten decks, eight in the top 8; cards over the eight published
    expect(r.meta).toMatchObject({ decks: 10, topCutDecks: 8, publishedDecks: 8, archetypes: [{ archetype: 'Blackwing', decks: 10, topCut: 8, share: 1, conversion: 0.8 }] });
    expect(r.meta.cards.length).toBeGreaterThan(10);
    expect(r.meta.cards[0]).toMatchObject({ decks: 8, inclusion: 1 });
    expect(r.meta.cards.every((card) => card.status !== undefined && card.name.length > 0)).toBe(true);
  });

  test('all publishes every run with a result; closed none, and its runs name no archetype', async () => {
    const all = await playedLeague(4, { idle: 1, body: { deckPrivacy: 'all' } });
    const closed = await playedLeague(4, { body: { deckPrivacy: 'closed' } });
    closed.end(); // the later end: both are over
    const a = await ok<LeagueReport>(await report(all.id));
    expect(a.decks).toHaveLength(4);
    expect(a.meta).toMatchObject({ decks: 4, publishedDecks: 4 });
    const z = await ok<LeagueReport>(await report(closed.id));
    expect(z.decks).toEqual([]);
    expect(z.meta).toMatchObject({ decks: 0, topCutDecks: 0, publishedDecks: 0, archetypes: [], cards: [] });
    expect(z.leaderboard).toHaveLength(4);
  });

  test('archetypes are named as event decks are: EDOPro’s setnames, then the admins’ signatures', async () => {
    // no list: the deck the list refuses plays too
    const l = await playedLeague(4, { body: { banlistDate: null, deckPrivacy: 'all' }, deck: (i) => (i % 2 ? ILLEGAL : LEGAL) });
    l.end();
    const named = async (ydk: string) => (await ok<ArchetypePreview>(await kit.admin.post('/api/archetypes/preview', { deck: ydk }))).name;
    const r = await ok<LeagueReport>(await report(l.id));
    expect(r.decks.map((d) => d.archetype).sort()).toEqual([await named(LEGAL), await named(LEGAL), await named(ILLEGAL), await named(ILLEGAL)].sort());
    expect(r.meta.archetypes.map((a) => [a.archetype, a.decks]).sort()).toEqual([[await named(LEGAL), 2], [await named(ILLEGAL), 2]].sort());
  });

  test('a reclassification names a final league’s runs again by today’s signatures: the report and the meta follow', async () => {
    const l = await playedLeague(2, { body: { banlistDate: null }, deck: () => ILLEGAL });
    l.end();
    expect((await ok<LeagueReport>(await report(l.id))).decks.map((d) => d.archetype)).toEqual(['Other', 'Other']);
    const sig = await ok<{ id: number }>(await kit.admin.post('/api/archetypes/signatures', { name: 'Sorcerer Chaos', cards: [CHAOS_SORCERER], min: 1 }));
    const result = await ok<ReclassifyResult>(await kit.admin.post('/api/archetypes/reclassify'));
    expect(result.leagues).toBeGreaterThanOrEqual(1);
    const after = await ok<LeagueReport>(await report(l.id));
    expect(after.decks.map((d) => [d.archetype, d.archetypeAuto])).toEqual([['Sorcerer Chaos', 'Sorcerer Chaos'], ['Sorcerer Chaos', 'Sorcerer Chaos']]);
    expect(after.meta.archetypes).toEqual([expect.objectContaining({ archetype: 'Sorcerer Chaos', decks: 2 })]);
    expect((await ok<MetaBody>(await kit.anonymous.get('/api/meta?banlist=all&kind=leagues'))).archetypes.map((a) => a.archetype)).toContain('Sorcerer Chaos');
    // run again: nothing left to change
    expect(await ok<ReclassifyResult>(await kit.admin.post('/api/archetypes/reclassify'))).toMatchObject({ changed: 0, leagues: 0 });
    expect((await kit.admin.request('DELETE', `/api/archetypes/signatures/${sig.id}`)).status).toBe(204);
  });

  test('answers are what the OpenAPI document says', async () => {
    const doc = await ok<OpenApiDocument>(await fetch(`${kit.server.url}/api/openapi.json`));
    const check = answerChecker(doc);
    const l = await playedLeague(2);
    const problems: string[] = [];
    const expectConform = async (path: string, method: string, res: Response) => {
      for (const p of await check.problems(doc.paths[path]![method]!, res)) problems.push(`${method} ${path} ${res.status}: ${p}`);
    };
    await expectConform('/api/leagues/{id}/report', 'get', await report(l.id));
    await expectConform('/api/leagues/{id}/rated', 'post', await rated(l.id, true, kit.curator));
    l.end();
    await expectConform('/api/leagues/{id}/report', 'get', await report(l.id));
    await expectConform('/api/leagues/{id}/rated', 'post', await rated(l.id, true));
    await expectConform('/api/leagues/{id}', 'get', await kit.anonymous.get(`/api/leagues/${l.id}`));
    expect(problems).toEqual([]);
  });
});

describe('the leaderboard’s runs', () => {
  test('each row lists the player’s runs, the first started first, with their results, to link', async () => {
    const l = await c.create();
    const [a, b, d] = await fresh(3);
    const first = await c.join(l.id, a!);
    await c.join(l.id, b!);
    await c.join(l.id, d!);
    await c.play(l.id, a!, b!);
    await ok(await a!.post(`/api/leagues/${l.id}/runs/${first.id}/retire`));
    const second = await c.join(l.id, a!);
    await c.play(l.id, d!, a!, 2, 1);
    const row = (await c.league(l.id)).leaderboard.find((r) => r.discordId === first.discordId)!;
    expect(row.runs).toBe(2);
    expect(row.runResults).toEqual([{ id: first.id, wins: 1, losses: 0 }, { id: second.id, wins: 0, losses: 1 }]);
  });
});

describe('the rated mark', () => {
  const board = async (seriesId: string) => ok<Leaderboard>(await kit.anonymous.get(`/api/players?series=${seriesId}`));

  test('only an admin marks a league: its creator and a visitor are refused, nothing changes', async () => {
    const l = await c.create();
    expect(await refusal(await rated(l.id, true, kit.curator))).toEqual({ status: 403, error: LEAGUE_RECORD_MESSAGES.ratedAdminsOnly });
    expect((await rated(l.id, true, kit.anonymous)).status).toBe(401);
    expect((await rated('no-such-league', true)).status).toBe(404);
    expect((await kit.admin.post(`/api/leagues/${l.id}/rated`, { rated: 'yes' })).status).toBe(400);
    expect((await c.league(l.id)).rated).toBe(false);
  });

  test('ratings move only for a rated league: unrated none, marked after the end at once with an admin log line, unmarked gone', async () => {
    const { id: seriesId } = await ok<{ id: string }>(await kit.admin.post('/api/series', { name: 'Rated League Series' }));
    const l = await playedLeague(4, { body: { seriesId } });
    l.end();
    await ok(await report(l.id));
    expect((await board(seriesId)).players).toEqual([]);

    const marked = await ok<{ id: string; rated: boolean }>(await rated(l.id, true));
    expect(marked).toEqual({ id: l.id, rated: true });
    const players = (await board(seriesId)).players;
    expect(players).toHaveLength(4);
    const winner = players.find((p) => p.discordId === l.runs[0]!.discordId)!;
    const loser = players.find((p) => p.discordId === l.runs[1]!.discordId)!;
    expect(winner.rating!).toBeGreaterThan(1500);
    expect(loser.rating!).toBeLessThan(1500);
    expect(winner).toMatchObject({ events: 0, leagues: 1, wins: 1, losses: 0 });
    expect((await c.league(l.id)).rated).toBe(true);
    expect((await ok<LeagueReport>(await report(l.id))).league.rated).toBe(true);
    const log = await ok<AdminLogPage>(await kit.admin.get(`/api/admin/log?subject=${l.id}`));
    expect(log.entries.map((e) => [e.action, e.subject.kind, e.subject.name])).toEqual([['mark-rated', 'league', 'May League']]);

    await ok(await rated(l.id, false));
    expect((await board(seriesId)).players).toEqual([]);
    expect((await ok<AdminLogPage>(await kit.admin.get(`/api/admin/log?subject=${l.id}`))).entries.map((e) => e.action)).toEqual(['mark-unrated', 'mark-rated']);
  });

  test('a league marked rated while it runs moves ratings once final, not before', async () => {
    const { id: seriesId } = await ok<{ id: string }>(await kit.admin.post('/api/series', { name: 'Running Rated Series' }));
    const l = await playedLeague(2, { body: { seriesId } });
    await ok(await rated(l.id, true));
    expect((await board(seriesId)).players).toEqual([]);
    l.end();
    expect((await c.league(l.id)).phase).toBe('final');
    expect((await board(seriesId)).players.map((p) => [p.discordId, p.leagues])).toEqual([[l.runs[0]!.discordId, 1], [l.runs[1]!.discordId, 1]]);
  });
});

describe('the live message', () => {
  test('a rated mark moves the league’s version, and its body says rated', async () => {
    const l = await c.create();
    const before = await c.league(l.id);
    await ok(await rated(l.id, true));
    const after = await ok<League>(await kit.anonymous.get(`/api/leagues/${l.id}`));
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.rated).toBe(true);
  });
});
