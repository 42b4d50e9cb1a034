// The record after the event (issue 20) over real HTTP on PGlite and PostgreSQL: deck privacy (no
// unpublished deck in any public read, before or after Close), the report, archetype corrections,
// corrections of a completed event's results, and the ratings they recompute.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../../../domain/api/records.ts';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import type { Standings } from '../../../domain/api/standings.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { playerRatings } from '../../db/schema.ts';
import { signedInClient, TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { errorOf, ok, tournamentKit } from '../tournaments/tournament-test-kit.ts';
import { CORRECTION_MOVES_BRACKET, CORRECTION_MOVES_CHAMPION } from '../tournaments/play/matches-routes.ts';
import { REPORT_NOT_YET } from './report-routes.ts';

const read = (p: string) => readFileSync(new URL(`../../../../../shared/data/${p}`, import.meta.url), 'utf8');
/** Real decks, each a deck of its own archetype (or of none). */
const DECKS = [
  'iceygo-windbot/AI_Blackwing.ydk', 'iceygo-windbot/AI_Lightsworn.ydk', 'iceygo-windbot/AI_Zoodiac.ydk', 'iceygo-windbot/AI_Nekroz.ydk',
  'iceygo-windbot/AI_Qliphort.ydk', 'iceygo-windbot/AI_SkyStriker.ydk', 'iceygo-windbot/AI_Orcust.ydk', 'iceygo-windbot/AI_Tearlaments.ydk',
];
const LABEL = (i: number) => `List ${String.fromCharCode(65 + i)}`;
const ADMIN = '951000000000000001';
const HOST = '951000000000000002';
const STRANGER = '951000000000000003';

const { server, anonymous, admin, host, stranger } = apiTest(
  { admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'], stranger: [STRANGER, 0, 'Stranger'] },
);
let nextPlayer = 100;

beforeAll(async () => {
  await loadDemoCards(server.database.db);
}, 120_000);

interface Event { uid: string; players: TestClient[]; teams: string[] }

/** An event of `count` one-player teams, each with an approved real deck (labelled List A, B…). */
async function eventWithDecks(count: number, settings: Record<string, unknown>): Promise<Event> {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: `Record ${nextPlayer}`, manualDeckChecking: false, ...settings }));
  const players: TestClient[] = [];
  for (let i = 0; i < count; i++) {
    const id = `9510000000000${String(nextPlayer++).padStart(5, '0')}`;
    const player = await signedInClient(server, id, 0, `Player ${String.fromCharCode(65 + i)}`);
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: `Team ${String.fromCharCode(65 + i)}` }));
    await ok(await player.request('POST', `/api/tournaments/${uid}/decks?label=${encodeURIComponent(LABEL(i))}`, { body: read(`decks/${DECKS[i % DECKS.length]}`) }));
    players.push(player);
  }
  const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`));
  return { uid, players, teams: t.teams.map((x) => x.uid) };
}

/** Every round decided by the admin: the team listed first wins 2-0 unless `pick` says otherwise. */
async function playToEnd(uid: string, pick: (m: Match) => string = (m) => m.team1Id!) {
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  await tournamentKit(server, { host, admin }).advanceToEnd(uid, pick);
}

/** Every public read of an event, as one text: where an unpublished deck must never appear. */
async function publicReads(uid: string): Promise<string> {
  const paths = ['', '/teams', '/participants', '/standings', '/scoreboard', '/matches', '/report'];
  const bodies = await Promise.all(paths.map(async (p) => (await anonymous.get(`/api/tournaments/${uid}${p}`)).text()));
  return bodies.join('\n');
}

describe('a Swiss → top cut of 4 with decks published by the top cut (the default)', () => {
  let e: Event;
  let report: Report;
  beforeAll(async () => {
    e = await eventWithDecks(8, { topCut: 4, swissRounds: 3 });
  }, 120_000);

  test('before the winner: no report, and no deck in any public read', async () => {
    const res = await anonymous.get(`/api/tournaments/${e.uid}/report`);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(REPORT_NOT_YET);
    await playToEnd(e.uid);
    const reads = await publicReads(e.uid);
    for (let i = 0; i < 8; i++) expect(reads).not.toContain(LABEL(i));
    expect((await anonymous.get(`/api/tournaments/${e.uid}/report`)).status).toBe(409);
  }, 120_000);

  test('the winner marked: the champion, eight placements, the four top-cut decks whole and the meta of all eight', async () => {
    await ok(await host.post(`/api/tournaments/${e.uid}/winner`));
    report = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    const standings = await ok<Standings>(await anonymous.get(`/api/tournaments/${e.uid}/standings`));
    expect(report.champion?.teamId).toBe(standings.champion?.teamId);
    expect(report.placements.map((p) => [p.teamId, p.placement])).toEqual(standings.rows.map((r) => [r.teamId, r.placement]));
    expect(report.placements.slice(0, 4).map((p) => p.placement)).toEqual(['1st', '2nd', '3rd–4th', '3rd–4th']);
    expect(report.placements.map((p) => p.topCut)).toEqual([true, true, true, true, false, false, false, false]);
    // the tie-breakers the report labels OMW % and OOMW % (issue 30 §8)
    expect(report.placements.map((p) => [p.omw, p.oomw])).toEqual(standings.rows.map((r) => [r.omw, r.oomw]));
    expect(report.decks).toHaveLength(4);
    expect(report.decks.every((d) => d.topCut && d.main.length > 0 && d.main.every((c) => c.count >= 1 && c.name))).toBe(true);
    expect(report.meta.decks).toBe(8);
    expect(report.meta.topCutDecks).toBe(4);
    expect(report.meta.archetypes.reduce((n, a) => n + a.decks, 0)).toBe(8);
    expect(report.meta.archetypes.reduce((n, a) => n + a.topCut, 0)).toBe(4);
    expect(report.bracket.filter((m) => m.bracket === 'top')).toHaveLength(3);
    // the Blackwing deck is named Blackwing wherever it finished
    expect(report.meta.archetypes.map((a) => a.archetype)).toContain('Blackwing');
  }, 60_000);

  test('the unpublished decks appear nowhere: not their labels, not their owners’ decks', async () => {
    const published = new Set(report.decks.map((d) => d.label));
    const reads = await publicReads(e.uid);
    for (let i = 0; i < 8; i++) if (!published.has(LABEL(i))) expect(reads).not.toContain(LABEL(i));
    const outOfCut = report.placements.filter((p) => !p.topCut).map((p) => p.teamId);
    expect(report.decks.some((d) => outOfCut.includes(d.teamId))).toBe(false);
  });

  test('the host corrects an archetype: the report and its meta follow; others may not; null gives the rule’s name back', async () => {
    const deck = report.decks[0]!;
    const path = `/api/tournaments/${e.uid}/report/decks/${deck.id}`;
    expect((await stranger.request('PATCH', path, { body: { archetype: 'Goat Control' } })).status).toBe(403);
    expect((await anonymous.request('PATCH', path, { body: { archetype: 'Goat Control' } })).status).toBe(401);
    expect((await host.request('PATCH', path, { body: { archetype: '' } })).status).toBe(400);
    expect((await host.request('PATCH', path, { body: { archetype: 'x'.repeat(41) } })).status).toBe(400);
    expect((await host.request('PATCH', `/api/tournaments/${e.uid}/report/decks/999999`, { body: { archetype: 'X' } })).status).toBe(404);
    const corrected = await ok<Report>(await host.request('PATCH', path, { body: { archetype: 'Goat Control' } }));
    const shown = corrected.decks.find((d) => d.id === deck.id)!;
    expect([shown.archetype, shown.archetypeAuto, shown.corrected]).toEqual(['Goat Control', deck.archetypeAuto, true]);
    const again = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    expect(again.meta.archetypes.find((a) => a.archetype === 'Goat Control')?.decks).toBe(1);
    const audit = await ok<{ action: string }[]>(await host.get(`/api/tournaments/${e.uid}/audit`));
    expect(audit.some((a) => a.action === 'archetype')).toBe(true);
    const back = await ok<Report>(await admin.request('PATCH', path, { body: { archetype: null } }));
    expect(back.decks.find((d) => d.id === deck.id)).toMatchObject({ archetype: deck.archetypeAuto, corrected: false });
    await ok(await host.request('PATCH', path, { body: { archetype: 'Goat Control' } }));
  });

  test('a Swiss result the cut followed from cannot be corrected once completed', async () => {
    const swiss = (await ok<Match[]>(await admin.get(`/api/tournaments/${e.uid}/matches?bracket=swiss`))).find((m) => m.team1Id && m.team2Id && m.roundNumber === 3)!;
    const loser = swiss.outcome?.winnerTeamId === swiss.team1Id ? swiss.team2Id! : swiss.team1Id!;
    const res = await admin.post(`/api/tournaments/${e.uid}/matches/${swiss.id}/override-winner?winnerTeamId=${loser}`, { team1Wins: loser === swiss.team1Id ? 2 : 0, team2Wins: loser === swiss.team2Id ? 2 : 0 });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toContain(CORRECTION_MOVES_BRACKET);
  });

  test('Close keeps the report as it was: champion, placements, published decks and the correction', async () => {
    const before = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    await ok(await host.post(`/api/tournaments/${e.uid}/close`));
    const after = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    expect({ ...after, tournament: { ...after.tournament, closed: false } }).toEqual(before);
    expect(after.tournament.closed).toBe(true);
    const reads = await publicReads(e.uid);
    const published = new Set(before.decks.map((d) => d.label));
    for (let i = 0; i < 8; i++) if (!published.has(LABEL(i))) expect(reads).not.toContain(LABEL(i));
  });
});

describe('deck privacy', () => {
  test('closed: no deck is ever public, and the event adds nothing to the meta', async () => {
    const e = await eventWithDecks(4, { deckPrivacy: 'closed' });
    await playToEnd(e.uid);
    await ok(await host.post(`/api/tournaments/${e.uid}/winner`));
    const report = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    expect(report.tournament.deckPrivacy).toBe('closed');
    expect(report.decks).toEqual([]);
    expect(report.meta).toEqual({ decks: 0, topCutDecks: 0, archetypes: [] });
    const reads = await publicReads(e.uid);
    for (let i = 0; i < 4; i++) expect(reads).not.toContain(LABEL(i));
  }, 120_000);

  test('all: every approved deck is published when the winner is marked', async () => {
    const e = await eventWithDecks(4, { deckPrivacy: 'all' });
    await playToEnd(e.uid);
    await ok(await host.post(`/api/tournaments/${e.uid}/winner`));
    const report = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    expect(report.decks.map((d) => d.label).sort()).toEqual([0, 1, 2, 3].map(LABEL));
    const blackwing = report.decks.find((d) => d.label === LABEL(0))!;
    expect(blackwing.archetype).toBe('Blackwing');
    expect(blackwing.main.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(40);
    // each card says its kind, which the decklist sorts by (issue 30 §8): a Blackwing deck plays all three
    expect(new Set(blackwing.main.map((c) => c.kind))).toEqual(new Set(['monster', 'spell', 'trap']));
    expect(blackwing.extra.every((c) => c.kind === 'monster')).toBe(true);
  }, 120_000);

  test('deckPrivacy is set by the host, read by everyone, fixed once started, and checked', async () => {
    const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Privacy', deckPrivacy: 'all' }));
    expect((await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`))).deckPrivacy).toBe('all');
    const bad = await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { deckPrivacy: 'public' } });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toContain('deckPrivacy');
    const set = await ok<Tournament>(await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { deckPrivacy: 'closed', seedByRating: true } }));
    expect([set.deckPrivacy, set.seedByRating]).toEqual(['closed', true]);
    await ok(await host.post(`/api/tournaments/${uid}/seed-test?count=4`));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const late = await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { deckPrivacy: 'all' } });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toContain('deckPrivacy: deck privacy is fixed once the event has started');
  });
});

describe('correcting a completed event', () => {
  test('a Swiss result that keeps the champion is corrected: placements, records and the series’ ratings follow; one that crowns another is refused', async () => {
    const seriesRes = await ok<{ id: string }>(await admin.post('/api/series', { name: `Rated ${nextPlayer}` }));
    const e = await eventWithDecks(6, { seriesUid: seriesRes.id, topCut: 0, swissRounds: 3 });
    // the team listed first always wins: a clear leader after three rounds
    await playToEnd(e.uid);
    await ok(await host.post(`/api/tournaments/${e.uid}/winner`));
    await ok(await admin.post(`/api/tournaments/${e.uid}/rated`, { rated: true }));
    const before = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    const ratingsBefore = await server.database.db.select().from(playerRatings).where(eq(playerRatings.seriesUid, seriesRes.id));
    expect(ratingsBefore.length).toBe(6);

    const matches = await ok<Match[]>(await admin.get(`/api/tournaments/${e.uid}/matches`));
    const champion = before.champion!.teamId;
    // a match the champion did not play, its result turned round
    const other = matches.find((m) => m.roundNumber === 3 && m.team1Id && m.team2Id && m.team1Id !== champion && m.team2Id !== champion)!;
    const turned = other.outcome?.winnerTeamId === other.team1Id ? other.team2Id! : other.team1Id!;
    const fixed = await admin.post(`/api/tournaments/${e.uid}/matches/${other.id}/override-winner?winnerTeamId=${turned}`, { team1Wins: turned === other.team1Id ? 2 : 1, team2Wins: turned === other.team2Id ? 2 : 1 });
    expect(fixed.status).toBe(200);
    const after = await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`));
    expect(after.version).toBe(before.version + 1);
    expect(after.placements.find((p) => p.teamId === turned)!.wins).toBe(before.placements.find((p) => p.teamId === turned)!.wins + 1);
    expect(after.champion?.teamId).toBe(champion);
    const ratingsAfter = await server.database.db.select().from(playerRatings).where(eq(playerRatings.seriesUid, seriesRes.id));
    const turnedPlayer = after.placements.find((p) => p.teamId === turned)!.members[0]!.discordId;
    expect(ratingsAfter.find((r) => r.discordId === turnedPlayer)!.rating).toBeGreaterThan(ratingsBefore.find((r) => r.discordId === turnedPlayer)!.rating);
    const audit = await ok<{ action: string }[]>(await host.get(`/api/tournaments/${e.uid}/audit`));
    expect(audit.some((a) => a.action === 'correction')).toBe(true);

    // the champion's every match turned round: another team leads, which a correction may not do
    const mine = matches.filter((m) => m.team1Id === champion || m.team2Id === champion).filter((m) => m.team2Id && m.team1Id);
    let refused = false;
    for (const m of mine) {
      const w = m.team1Id === champion ? m.team2Id! : m.team1Id!;
      const res = await admin.post(`/api/tournaments/${e.uid}/matches/${m.id}/override-winner?winnerTeamId=${w}`, { team1Wins: w === m.team1Id ? 2 : 0, team2Wins: w === m.team2Id ? 2 : 0 });
      if (res.status === 409) {
        expect(await errorOf(res)).toBe(CORRECTION_MOVES_CHAMPION);
        refused = true;
        break;
      }
      expect(res.status).toBe(200);
    }
    expect(refused).toBe(true);
    expect((await ok<Report>(await anonymous.get(`/api/tournaments/${e.uid}/report`))).champion?.teamId).toBe(champion);

    // after Close nothing is corrected any more
    await ok(await host.post(`/api/tournaments/${e.uid}/close`));
    const closed = await admin.post(`/api/tournaments/${e.uid}/matches/${other.id}/override-winner?winnerTeamId=${other.team1Id}`, { team1Wins: 2, team2Wins: 0 });
    expect(closed.status).toBe(409);
  }, 120_000);

  test('an unknown tournament has no report (404)', async () => {
    expect((await anonymous.get('/api/tournaments/no-such-event/report')).status).toBe(404);
  });
});
