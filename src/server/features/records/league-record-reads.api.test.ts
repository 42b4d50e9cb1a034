// Where a final league's record is read (issue 41, "The end"), over real HTTP on PGlite and PostgreSQL:
// /meta counts its runs beside the events' decks (?kind= takes one of the two), a running league's runs
// not at all; a card's page counts them in their month; a profile has the player's league record
// (runs, matches won and lost, the best run, the final place); a rated league's matches and a rated
// event's make one series' ratings.
import { parseYdk } from '../../../domain/decks/ydk.ts';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CardHistory } from '../../../domain/api/card-pages.ts';
import type { CardFootprint, MetaBody } from '../../../domain/api/records.ts';
import type { Leaderboard, PlayerProfile } from '../../../domain/api/players.ts';
import type { Tx } from '../../db/client.ts';
import { createTournament } from '../../db/factories.ts';
import { HOUR, LEGAL, leagueTest, ok } from '../leagues/league-test-kit.ts';
import { writeEventRecord } from './record-writer.ts';

const { kit, c } = leagueTest();
let player = 5000;
const fresh = async (n = 1) => Promise.all(Array.from({ length: n }, () => kit.player(++player)));
const deck = parseYdk(LEGAL).deck;
/** a card of every Main Deck of the league (the Blackwing deck) */
const PLAYED = deck.main[0]!;

let seriesId: string;
let finalId: string;
let runningId: string;
/** the final league's players: the first wins 2–0, 2–0 and 2–1 and is first; the second wins once */
let ids: string[];
let runIds: number[];

beforeAll(async () => {
  ({ id: seriesId } = await ok<{ id: string }>(await kit.admin.post('/api/series', { name: 'Record Reads Series' })));
  // a rated event of the series, completed before the league's matches
  const db = kit.server.database.db as unknown as Tx;
  const people = (await fresh(4)).map((_, i) => ({ discordId: kit.playerId(player - 3 + i), displayName: `Player ${player - 3 + i}` }));
  const { tournament } = await createTournament(db, {
    name: 'Record Reads Event', seriesUid: seriesId, hostDiscordId: kit.playerId(player - 3), state: 'completed', players: people, deckPrivacy: 'all',
    banlistName: '2026.05 TCG', rated: true, deckOf: () => ({ ...deck, label: 'Blackwing' }),
  });
  await writeEventRecord(db, tournament, { completedAt: new Date(kit.clock.at) });

  const endsAt = new Date(kit.clock.at + 24 * HOUR);
  const l = await c.create({ seriesId, endsAt: endsAt.toISOString(), deckPrivacy: 'all' });
  finalId = l.id;
  const [a, b, d, e] = await fresh(4);
  const runs = [];
  for (const p of [a!, b!, d!, e!]) {
    kit.clock.advance(60_000);
    runs.push(await c.join(l.id, p));
  }
  ids = runs.map((r) => r.discordId);
  runIds = runs.map((r) => r.id);
  kit.clock.advance(60_000);
  await c.play(l.id, a!, b!);
  await c.play(l.id, d!, e!);
  await c.play(l.id, a!, d!);
  await c.play(l.id, b!, e!);
  await c.play(l.id, a!, e!, 2, 1);
  await ok(await kit.admin.post(`/api/leagues/${l.id}/rated`, { rated: true }));
  // a running league's runs are in no meta
  const running = await c.create({ seriesId });
  runningId = running.id;
  const [x, y] = await fresh(2);
  await c.join(running.id, x!);
  await c.join(running.id, y!);
  await c.play(running.id, x!, y!);
  kit.clock.at = endsAt.getTime();
  expect((await c.league(finalId)).phase).toBe('final');
}, 120_000);

const meta = async (query: string) => ok<MetaBody>(await kit.anonymous.get(`/api/meta?series=${seriesId}${query}`));

describe('/meta', () => {
  test('a final league’s runs count beside the events’ decks; kind=events or kind=leagues takes one of the two', async () => {
    const both = await meta('');
    expect(both).toMatchObject({ kind: null, events: 1, leagues: 1, decks: 8, publishedDecks: 8 });
    expect(both.archetypes).toEqual([expect.objectContaining({ archetype: 'Blackwing', decks: 8 })]);
    expect(both.cards.find((card) => card.passcode === PLAYED)).toMatchObject({ decks: 8, inclusion: 1 });
    expect(await meta('&kind=events')).toMatchObject({ kind: 'events', events: 1, leagues: 0, decks: 4 });
    const leagues = await meta('&kind=leagues');
    expect(leagues).toMatchObject({ kind: 'leagues', events: 0, leagues: 1, decks: 4, publishedDecks: 4 });
    // the league's top 8 is its top cut: its four players
    expect(leagues.topCutDecks).toBe(4);
    expect(leagues.seriesOptions).toEqual([{ uid: seriesId, name: 'Record Reads Series' }]);
    expect(leagues.banlists).toContain('2026.05 TCG');
  });

  test('a bad kind is a 400 with the sentence', async () => {
    const res = await kit.anonymous.get('/api/meta?kind=nights');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^kind: one of events, leagues/);
  });

  test('a card’s footprint counts the published runs of leagues final in its window', async () => {
    const f = await ok<CardFootprint>(await kit.anonymous.get(`/api/meta/cards/${PLAYED}?banlist=all`));
    expect(f).toMatchObject({ leagues: 1, decks: 8, playing: 8 });
  });
});

describe('a card’s page', () => {
  test('its meta month by month counts the league’s runs, and says which of them are league runs', async () => {
    const h = await ok<CardHistory>(await kit.anonymous.get(`/api/cards/${PLAYED}/history`));
    const months = h.meta.filter((m) => m.leagues > 0);
    expect(months.reduce((n, m) => n + m.leagueDecks, 0)).toBe(4);
    expect(months.reduce((n, m) => n + m.leaguePlaying, 0)).toBe(4);
    expect(h.meta.reduce((n, m) => n + m.decks, 0)).toBe(8);
    expect(h.meta.reduce((n, m) => n + m.events, 0)).toBe(1);
  });
});

describe('a profile', () => {
  const profile = async (i: number) => ok<PlayerProfile>(await kit.anonymous.get(`/api/players/${ids[i]}`));

  test('has the player’s league record: runs, matches won and lost, the best run, the final place', async () => {
    const first = await profile(0);
    expect(first.leagues.find((l) => l.leagueId === finalId)).toEqual({
      leagueId: finalId, name: 'May League', seriesId, seriesName: 'Record Reads Series', startsAt: expect.any(String), endsAt: expect.any(String),
      phase: 'final', rated: true, runs: 1, perfectRuns: 0, wins: 3, losses: 0, bestRun: { leagueId: finalId, runId: runIds[0], wins: 3, losses: 0 },
      place: 1, players: 4, archetype: 'Blackwing',
    });
    expect(first.leagueRecord).toEqual({ leagues: 1, runs: 1, perfectRuns: 0, wins: 3, losses: 0, bestRun: { leagueId: finalId, runId: runIds[0], wins: 3, losses: 0 } });
    const last = await profile(3);
    expect(last.leagues[0]).toMatchObject({ wins: 0, losses: 3, bestRun: { wins: 0, losses: 3 }, place: 4 });
  });

  test('a running league’s runs are on the profile as they are played, without a place', async () => {
    const running = (await c.league(runningId)).leaderboard[0]!;
    const p = await ok<PlayerProfile>(await kit.anonymous.get(`/api/players/${running.discordId}`));
    expect(p.leagues).toEqual([expect.objectContaining({ leagueId: runningId, phase: 'running', wins: 1, losses: 0, place: null, archetype: null })]);
  });

  test('a rated league’s matches and a rated event’s make the series’ ratings: events and leagues counted apart, their W-L together', async () => {
    const board = await ok<Leaderboard>(await kit.anonymous.get(`/api/players?series=${seriesId}`));
    const first = board.players.find((p) => p.discordId === ids[0])!;
    expect(first).toMatchObject({ events: 0, leagues: 1, wins: 3, losses: 0 });
    expect(board.players.filter((p) => p.events === 1)).toHaveLength(4);
    expect((await profile(0)).ratings).toEqual([expect.objectContaining({ seriesUid: seriesId, events: 0, leagues: 1, rank: 1 })]);
  });
});
