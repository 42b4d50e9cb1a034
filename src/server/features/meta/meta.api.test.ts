// The format's meta and a card's footprint (issue 20) over real HTTP on PGlite and PostgreSQL:
// completed events built through the API with real decks, the figures worked out here from the
// decks as uploaded, the filters, privacy (an unpublished deck's cards never count, a closed
// event adds no deck), errors, and answers that follow a record's change at once.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CardFootprint, MetaBody, Report } from '../../../domain/api/records.ts';
import type { Tournament } from '../../../domain/api/tournaments.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { eventRecords } from '../../db/schema.ts';
import { signedInClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { errorOf, ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { CARD_NOT_FOUND, FROM_AFTER_TO, SERIES_NOT_FOUND } from './meta-reads.ts';

const read = (p: string) => readFileSync(new URL(`../../../../../shared/data/decks/iceygo-windbot/${p}`, import.meta.url), 'utf8');
const ADMIN = '952000000000000001';
const HOST = '952000000000000002';
const OLD = 'Meta Test Old';
const CURRENT = 'Meta Test Current';
const ROTA = 32807846; // Reinforcement of the Army: Lightsworn, Nekroz, Sky Striker, Orcust
const ROTA_ALT = 32807847; // its alternate artwork
const UNICORN = 38342335; // Knightmare Unicorn: Sky Striker and Tearlaments only
const ASH_ALT = 14558128; // Ash Blossom's alternate artwork, the one the current list names
const ASH = 14558127;

const { server, anonymous, admin, host } = apiTest({ admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'] });
let nextPlayer = 100;

/** A deck file with one copy of `from` given as `to` (an alternate artwork). */
const withArtwork = (ydk: string, from: number, to: number) => ydk.replace(new RegExp(`^${from}$`, 'm'), String(to));

interface Event { uid: string; report: Report }

/**
 * An event of one-player teams ('Team A', 'Team B'…) each with its deck, played to the end: the team
 * that signed up first wins every match, so the first is the champion and the last is out of any cut.
 */
async function playedEvent(decks: string[], settings: Record<string, unknown>): Promise<Event> {
  // no list, on purpose (decision 037): the events are only labelled by their banlistName
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: `Meta ${nextPlayer}`, manualDeckChecking: false, banlist: null, ...settings }));
  for (const [i, deck] of decks.entries()) {
    const player = await signedInClient(server, `9520000000000${String(nextPlayer++).padStart(5, '0')}`, 0, `Player ${nextPlayer}`);
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: `Team ${String.fromCharCode(65 + i)}` }));
    await ok(await player.request('POST', `/api/tournaments/${uid}/decks`, { body: deck }));
  }
  const teams = (await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`))).teams;
  const order = new Map(teams.map((t) => [t.uid, t.name]));
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  await tournamentKit(server, { host, admin }).advanceToEnd(uid, (m) => (order.get(m.team1Id!)! < order.get(m.team2Id!)! ? m.team1Id : m.team2Id));
  await ok(await host.post(`/api/tournaments/${uid}/winner`));
  return { uid, report: await ok<Report>(await anonymous.get(`/api/tournaments/${uid}/report`)) };
}

/** Moves an event's date, as a rewrite of its record would (updatedAt with it). */
async function dateEvent(uid: string, completedAt: Date) {
  await server.database.db.update(eventRecords).set({ completedAt, updatedAt: new Date() }).where(eq(eventRecords.tournamentUid, uid));
}

/** The card figures worked out from published decks, artworks merged: what GET /api/meta must list. */
function expectedCards(decks: Report['decks']) {
  const artwork = new Map([[ROTA_ALT, ROTA], [ASH_ALT, ASH]]);
  const cards = new Map<number, { decks: number; copies: number; topCut: number }>();
  for (const d of decks) {
    const mine = new Map<number, number>();
    for (const c of [...d.main, ...d.extra]) mine.set(artwork.get(c.passcode) ?? c.passcode, (mine.get(artwork.get(c.passcode) ?? c.passcode) ?? 0) + c.count);
    for (const [passcode, copies] of mine) {
      const e = cards.get(passcode) ?? { decks: 0, copies: 0, topCut: 0 };
      e.decks++;
      e.copies += copies;
      if (d.topCut) e.topCut++;
      cards.set(passcode, e);
    }
  }
  const topCut = decks.filter((d) => d.topCut).length;
  return [...cards].map(([passcode, c]) => ({
    passcode, decks: c.decks, inclusion: c.decks / decks.length, averageCopies: c.copies / c.decks, topCutInclusion: topCut ? c.topCut / topCut : 0,
  })).sort((x, y) => y.decks - x.decks || y.averageCopies - x.averageCopies || x.passcode - y.passcode);
}

const meta = async (query = '') => ok<MetaBody>(await anonymous.get(`/api/meta${query}`));
const footprint = async (passcode: number, days = 90, more = '') => ok<CardFootprint>(await anonymous.get(`/api/meta/cards/${passcode}?days=${days}${more}`));
const TEAR_ONLY = () => {
  const tear = new Set(read('AI_Tearlaments.ydk').split('\n').map(Number));
  const others = new Set(['AI_SkyStriker.ydk', 'AI_Blackwing.ydk', 'AI_Lightsworn.ydk', 'AI_Zoodiac.ydk', 'AI_Nekroz.ydk', 'AI_Qliphort.ydk', 'AI_Orcust.ydk']
    .flatMap((f) => read(f).split('\n').map(Number)));
  return [...tear].filter((p) => p > 0 && !others.has(p));
};

let series: string;
let e1: Event; // all decks public, a final of two, on the old list, in the series
let e2: Event; // top-cut decks public, a top 4 of eight, on the current list, today
let e3: Event; // closed: no deck recorded, on the old list, in the series

beforeAll(async () => {
  await loadDemoCards(server.database.db);
  await ok(await admin.request('PUT', '/api/banlists/2026-01-01', { body: `!${OLD}\n#Limited\n${ROTA} 1 --Reinforcement of the Army\n` }));
  await ok(await admin.request('PUT', '/api/banlists/2026-02-01', {
    body: `!${CURRENT}\n#Forbidden\n${ROTA} 0 --Reinforcement of the Army\n#Limited\n${UNICORN} 1 --Knightmare Unicorn\n#Semi-Limited\n${ASH_ALT} 2 --Ash Blossom (artwork)\n`,
  }));
  series = (await ok<{ id: string }>(await admin.post('/api/series', { name: 'Meta Series' }))).id;
  e1 = await playedEvent(['AI_Blackwing.ydk', 'AI_Lightsworn.ydk', 'AI_Zoodiac.ydk', 'AI_Nekroz.ydk'].map(read).map((y, i) => (i === 3 ? withArtwork(y, ROTA, ROTA_ALT) : y)),
    { deckPrivacy: 'all', topCut: 2, swissRounds: 2, banlistName: OLD, seriesUid: series });
  e2 = await playedEvent(['AI_SkyStriker.ydk', 'AI_Blackwing.ydk', 'AI_Lightsworn.ydk', 'AI_Zoodiac.ydk', 'AI_Nekroz.ydk', 'AI_Qliphort.ydk', 'AI_Orcust.ydk', 'AI_Tearlaments.ydk'].map(read),
    { topCut: 4, swissRounds: 3, banlistName: CURRENT });
  e3 = await playedEvent(['AI_Blackwing.ydk', 'AI_Lightsworn.ydk', 'AI_Zoodiac.ydk', 'AI_Nekroz.ydk'].map(read), { deckPrivacy: 'closed', banlistName: OLD, seriesUid: series });
  await dateEvent(e1.uid, new Date('2026-03-10T12:00:00Z'));
  await dateEvent(e3.uid, new Date('2026-03-11T23:59:00Z'));
}, 300_000);

describe('GET /api/meta', () => {
  test('the events as built: four public decks with a final of two, four of eight in a top 4, none of a closed event', () => {
    expect([e1.report.decks.length, e1.report.decks.filter((d) => d.topCut).length, e1.report.meta.decks]).toEqual([4, 2, 4]);
    expect([e2.report.decks.length, e2.report.meta.decks, e2.report.meta.topCutDecks]).toEqual([4, 8, 4]);
    // the first team won every match, the last lost every one
    expect(e2.report.champion?.teamName).toBe('Team A');
    expect(e2.report.decks.map((d) => d.archetype)).toContain('Sky Striker');
    expect(e2.report.placements.at(-1)?.teamName).toBe('Team H');
    expect(e2.report.decks.map((d) => d.teamName)).not.toContain('Team H');
    expect([e3.report.decks.length, e3.report.meta.decks]).toEqual([0, 0]);
  });

  test('by default the current list’s events only, the same answer as that list asked by name (issue 30 §8)', async () => {
    const body = await meta();
    expect(body).toMatchObject({ banlist: CURRENT, currentBanlist: CURRENT, events: 1, decks: 8, topCutDecks: 4, publishedDecks: 4 });
    expect(body).toEqual(await meta(`?banlist=${encodeURIComponent(CURRENT)}`));
    // the other lists stay offered, to widen or switch to
    expect(body.banlists).toEqual([CURRENT, OLD]);
  });

  test('banlist=all: archetypes over every recorded deck, cards over the published ones only, statuses on the current list', async () => {
    const body = await meta('?banlist=all');
    expect(body).toMatchObject({ banlist: null, currentBanlist: CURRENT, series: null, from: null, to: null, events: 3, decks: 12, topCutDecks: 6, publishedDecks: 8 });
    const byName = new Map<string, { decks: number; topCut: number }>();
    for (const a of [...e1.report.meta.archetypes, ...e2.report.meta.archetypes]) {
      const sum = byName.get(a.archetype) ?? { decks: 0, topCut: 0 };
      byName.set(a.archetype, { decks: sum.decks + a.decks, topCut: sum.topCut + a.topCut });
    }
    expect(Object.fromEntries(body.archetypes.map((a) => [a.archetype, { decks: a.decks, topCut: a.topCut }]))).toEqual(Object.fromEntries(byName));
    const blackwing = body.archetypes.find((a) => a.archetype === 'Blackwing')!;
    expect(blackwing).toMatchObject({ decks: 2, share: 2 / 12 });
    expect(blackwing.conversion).toBe(blackwing.topCut / 2);
    expect(blackwing.topCutShare).toBe(blackwing.topCut / 6);

    const expected = expectedCards([...e1.report.decks, ...e2.report.decks]).slice(0, 100);
    expect(body.cards.map(({ name: _n, status: _s, ...c }) => c)).toEqual(expected);
    const rota = body.cards.find((c) => c.passcode === ROTA)!;
    // Lightsworn and Nekroz of the first event (one copy as its artwork), and the second event's published ones
    expect(rota).toMatchObject({ name: 'Reinforcement of the Army', status: 'FORBIDDEN' });
    expect(body.cards.some((c) => c.passcode === ROTA_ALT)).toBe(false);
    expect(body.cards.filter((c) => c.status !== 'NONE').every((c) => [ROTA, UNICORN, ASH].includes(c.passcode))).toBe(true);
    // the list names Ash Blossom by its artwork
    expect(body.cards.find((c) => c.passcode === ASH)).toMatchObject({ decks: 1, status: 'SEMI_LIMITED' });
    expect(body.banlists).toEqual([CURRENT, OLD]);
    expect(body.seriesOptions).toEqual([{ uid: series, name: 'Meta Series' }]);
  });

  test('an unpublished deck’s cards never count: the current list’s event has four public decks of eight', async () => {
    const body = await meta(`?banlist=${encodeURIComponent(CURRENT)}`);
    expect(body).toMatchObject({ banlist: CURRENT, events: 1, decks: 8, topCutDecks: 4, publishedDecks: 4 });
    expect(body.cards.map(({ name: _n, status: _s, ...c }) => c)).toEqual(expectedCards(e2.report.decks).slice(0, 100));
    const hidden = new Set(TEAR_ONLY());
    expect(hidden.size).toBeGreaterThan(10);
    expect(body.cards.some((c) => hidden.has(c.passcode))).toBe(false);
    // the unpublished decks still count in the archetypes' shares
    expect(body.archetypes.reduce((n, a) => n + a.decks, 0)).toBe(8);
  });

  test('by banlist, with statuses on that list; by series, where a closed event adds an event and no deck', async () => {
    const old = await meta(`?banlist=${encodeURIComponent(OLD)}`);
    expect(old).toMatchObject({ events: 2, decks: 4, topCutDecks: 2, publishedDecks: 4 });
    expect(old.archetypes.map((a) => a.share)).toEqual([0.25, 0.25, 0.25, 0.25]);
    // Lightsworn's copies and Nekroz's (one of them its artwork) are one card
    expect(old.cards.find((c) => c.passcode === ROTA)).toMatchObject({ decks: 2, inclusion: 0.5, status: 'LIMITED' });
    expect(old.cards.map(({ name: _n, status: _s, ...c }) => c)).toEqual(expectedCards(e1.report.decks).slice(0, 100));
    // the series' events are on the old list: none on the current one by default, both once widened
    expect(await meta(`?series=${series}`)).toMatchObject({ banlist: CURRENT, events: 0, decks: 0 });
    const bySeries = await meta(`?series=${series}&banlist=all`);
    expect(bySeries).toMatchObject({ banlist: null, series: { uid: series, name: 'Meta Series' }, events: 2, decks: 4, publishedDecks: 4 });
    expect(bySeries.cards).toEqual(old.cards.map((c) => ({ ...c, status: c.passcode === ROTA ? 'FORBIDDEN' : c.status })));
    expect(await meta(`?banlist=${encodeURIComponent('No such list')}`)).toMatchObject({ events: 0, decks: 0, archetypes: [], cards: [], banlists: [CURRENT, OLD] });
  });

  test('by dates: whole UTC days, both ends included', async () => {
    expect(await meta('?from=2026-03-10&to=2026-03-10&banlist=all')).toMatchObject({ from: '2026-03-10', to: '2026-03-10', events: 1, decks: 4 });
    expect(await meta('?from=2026-03-11&to=2026-03-11&banlist=all')).toMatchObject({ events: 1, decks: 0, archetypes: [], cards: [] });
    expect(await meta('?to=2026-03-11&banlist=all')).toMatchObject({ events: 2, decks: 4 });
    expect(await meta('?from=2026-03-12&banlist=all')).toMatchObject({ events: 1, decks: 8 });
    expect(await meta('?to=2026-03-11')).toMatchObject({ banlist: CURRENT, events: 0 });
    expect(await meta(`?from=2026-03-01&series=${series}&banlist=${encodeURIComponent(OLD)}`)).toMatchObject({ events: 2, decks: 4 });
  });

  test('bad filters: an unknown series is 404, a bad date or from after to is 400, each with a sentence', async () => {
    const unknown = await anonymous.get('/api/meta?series=no-such-series');
    expect([unknown.status, await errorOf(unknown)]).toEqual([404, SERIES_NOT_FOUND]);
    const bad = await anonymous.get('/api/meta?from=2026-13-01');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toContain('from');
    expect((await anonymous.get('/api/meta?to=yesterday')).status).toBe(400);
    const reversed = await anonymous.get('/api/meta?from=2026-03-12&to=2026-03-11');
    expect([reversed.status, await errorOf(reversed)]).toEqual([400, FROM_AFTER_TO]);
  });
});

describe('GET /api/meta/cards/{passcode}', () => {
  test('a card played by a public deck: its decks, share, top-cut share and the archetypes a ban would hit', async () => {
    const body = await footprint(ROTA);
    const playing = e2.report.decks.filter((d) => [...d.main, ...d.extra].some((c) => c.passcode === ROTA));
    expect(playing.length).toBeGreaterThan(0);
    expect(body).toMatchObject({
      passcode: ROTA, name: 'Reinforcement of the Army', days: 90, banlist: CURRENT, events: 1, decks: 4, playing: playing.length, share: playing.length / 4,
      topCutDecks: 4, topCutPlaying: playing.length, topCutShare: playing.length / 4,
    });
    expect(body.archetypes.map((a) => [a.archetype, a.playing]).sort()).toEqual(playing.map((d) => [d.archetype, 1]).sort());
    // the alternate artwork is the same card
    expect({ ...(await footprint(ROTA_ALT)), passcode: ROTA }).toEqual(body);
  });

  test('a card only an unpublished deck plays has no footprint; one shared with a public deck counts that deck alone', async () => {
    const hidden = await footprint(TEAR_ONLY()[0]!);
    expect(hidden).toMatchObject({ events: 1, decks: 4, playing: 0, share: 0, topCutPlaying: 0, archetypes: [] });
    expect(await footprint(UNICORN)).toMatchObject({ playing: 1, topCutPlaying: 1, archetypes: [{ archetype: 'Sky Striker', decks: 1, playing: 1 }] });
  });

  test('the current list’s events by default; banlist=all adds the old list’s public decks (issue 30 §8)', async () => {
    const inE1 = e1.report.decks.filter((d) => [...d.main, ...d.extra].some((c) => c.passcode === ROTA || c.passcode === ROTA_ALT)).length;
    const inE2 = e2.report.decks.filter((d) => [...d.main, ...d.extra].some((c) => c.passcode === ROTA)).length;
    expect(inE1).toBe(2);
    // ten years back: the old list's event (in March) is in the window, the list alone leaves it out
    expect(await footprint(ROTA, 3650)).toMatchObject({ banlist: CURRENT, events: 1, decks: 4, playing: inE2 });
    expect(await footprint(ROTA, 3650, '&banlist=all')).toMatchObject({ banlist: null, events: 3, decks: 8, playing: inE1 + inE2, share: (inE1 + inE2) / 8 });
    const other = await anonymous.get(`/api/meta/cards/${ROTA}?banlist=${encodeURIComponent(OLD)}`);
    expect([other.status, await errorOf(other)]).toEqual([400, expect.stringContaining('banlist: only')]);
  });

  test('only the last days count: an event moved back 100 days leaves 90 days and stays in 120', async () => {
    await dateEvent(e2.uid, new Date(Date.now() - 100 * 24 * 3600 * 1000));
    expect(await footprint(ROTA)).toMatchObject({ events: 0, decks: 0, playing: 0, share: 0, archetypes: [] });
    expect(await footprint(ROTA, 120)).toMatchObject({ events: 1, decks: 4 });
    await dateEvent(e2.uid, new Date());
    expect(await footprint(ROTA)).toMatchObject({ events: 1, decks: 4 });
  });

  test('an unknown card is 404; days outside 1..3650 or not a number is 400', async () => {
    const res = await anonymous.get('/api/meta/cards/1');
    expect([res.status, await errorOf(res)]).toEqual([404, CARD_NOT_FOUND]);
    for (const q of ['?days=0', '?days=3651', '?days=ten']) expect((await anonymous.get(`/api/meta/cards/${ROTA}${q}`)).status).toBe(400);
    expect((await anonymous.get('/api/meta/cards/not-a-card')).status).toBe(400);
  });
});

test('a corrected archetype shows at once in the meta and the footprint (no stale answer)', async () => {
  const before = await meta();
  const sky = e2.report.decks.find((d) => d.archetype === 'Sky Striker')!;
  await ok(await host.request('PATCH', `/api/tournaments/${e2.uid}/report/decks/${sky.id}`, { body: { archetype: 'Goat Control' } }));
  const after = await meta();
  expect(after.archetypes.find((a) => a.archetype === 'Goat Control')?.decks).toBe(1);
  expect(after.archetypes.find((a) => a.archetype === 'Sky Striker')?.decks ?? 0).toBe((before.archetypes.find((a) => a.archetype === 'Sky Striker')?.decks ?? 0) - 1);
  expect((await footprint(UNICORN)).archetypes).toEqual([{ archetype: 'Goat Control', decks: 1, playing: 1 }]);
  // the same answer again is a 304 with its ETag
  const first = await anonymous.get('/api/meta');
  const again = await anonymous.get('/api/meta', { 'if-none-match': first.headers.get('etag')! });
  expect(again.status).toBe(304);
});
