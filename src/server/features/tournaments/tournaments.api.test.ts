// Tournaments up to the start (issue 10) over real HTTP, on PGlite and PostgreSQL: hosting,
// sign-ups, decks, drops, settings, the banlist file, the audit log, live messages, the
// permission table of rules.md, and bad input.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Participant, Team, Tournament, TournamentSummary } from '../../../domain/api/tournaments.ts';
import type { Deck } from '../../../domain/api/decks.ts';
import { TOPICS } from '../../../domain/api/topics.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { decks } from '../../db/schema.ts';
import { importLflist } from '../banlists/banlist-import.ts';
import { signedInClient, TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { RawStomp } from '../../realtime/live-test-kit.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';

const DATA = new URL('../../../../../shared/data/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, DATA), 'utf8');
const MANIFEST = JSON.parse(read('decks/MANIFEST.json')) as { file: string; ydke: string }[];
const deckText = (file: string) => read(`decks/${file}`);
const ydkeOf = (file: string) => MANIFEST.find((d) => d.file === file)!.ydke;
const TCG = read('lflists/2026.05-TCG.lflist.conf');
const LEGAL = 'iceygo-windbot/AI_Blackwing.ydk';
const LEGAL_2 = 'iceygo-windbot/AI_Lightsworn.ydk';
const ILLEGAL = 'iceygo-windbot/AI_Chaos408.ydk';

const ID = {
  admin: '940000000000000001',
  admin2: '940000000000000002',
  curator: '940000000000000003',
  host: '940000000000000004',
  joey: '940000000000000005',
  mai: '940000000000000006',
  tea: '940000000000000007',
};

const { server, anonymous, ...c } = apiTest({
  admin: [ID.admin, 2, 'Ada'], admin2: [ID.admin2, 2, 'Grace'], curator: [ID.curator, 1, 'Linus'], host: [ID.host, 1, 'Hosta'],
  joey: [ID.joey, 0, 'Joey'], mai: [ID.mai, 0, 'Mai'], tea: [ID.tea, 0, 'Tea'],
});

beforeAll(async () => {
  await loadDemoCards(server.database.db);
  await importLflist(server.database.db, TCG, { date: '2026-05-01' });
}, 120_000);

const json = async <T>(res: Response) => (await res.json()) as T;
async function host(client: TestClient, body: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/api/tournaments/host', { name: 'Friday Open', banlist: TCG, ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ uid: string }>(res)).uid;
}
const get = async (uid: string, client: TestClient = anonymous) => json<Tournament>(await client.get(`/api/tournaments/${uid}`));
const signup = (client: TestClient, uid: string, name: string) => client.post(`/api/tournaments/${uid}/signup`, { name });
const upload = (client: TestClient, uid: string, text: string, query = '') => client.request('POST', `/api/tournaments/${uid}/decks${query}`, { body: text });
const participantOf = async (uid: string, discordId: string) =>
  (await json<Participant[]>(await anonymous.get(`/api/tournaments/${uid}/participants`))).find((p) => p.discordId === discordId)!;

describe('hosting', () => {
  test('a curator hosts with the defaults of spec 2 §5 and gets the uid; the tournament has every field', async () => {
    const uid = await host(c.curator);
    const t = await get(uid);
    expect(t).toMatchObject({
      uid, name: 'Friday Open', hostDiscordId: ID.curator, host: { discordId: ID.curator, displayName: 'Linus' },
      bestOf: 3, playersTeam1: 1, playersTeam2: 1, startingLp: 8000, startingHand: 5, cardsPerDraw: 1,
      minMainDeckSize: 40, maxMainDeckSize: 60, minExtraDeckSize: 0, maxExtraDeckSize: 15, minSideDeckSize: 0, maxSideDeckSize: 15,
      decksAllowedPerPlayer: 1, deckSubmissionOpen: true, signupsOpen: true, format: 'DEFAULT', manualDeckChecking: true,
      banlistName: '2026.05 TCG', hasBanlist: true, inProgress: false, completed: false, currentRound: 0, roundCount: 0, teams: [],
    });
    expect(t.duelFlags).toMatch(/^\d+$/);
  });

  test.each([
    ['bestOf', 0, 'bestOf: must be at least 1'],
    ['decksAllowedPerPlayer', 0, 'decksAllowedPerPlayer: must be at least 1'],
    ['startingLp', 0, 'startingLp: must be at least 1'],
    ['startingHand', -1, 'startingHand: must be at least 0'],
    ['cardsPerDraw', 0, 'cardsPerDraw: must be at least 1'],
    ['minMainDeckSize', 0, 'minMainDeckSize: must be at least 1'],
    ['playersTeam1', 0, 'playersTeam1: must be at least 1'],
    ['format', 'SWISS', 'format: must be one of DEFAULT, ROUND_ROBIN, DOUBLE_ELIM'],
    ['name', '  ', 'name: Name is required'],
    ['banlist', 'no list here', 'banlist: is not an EDOPro .lflist.conf: it needs a "!Name" line'],
  ])('the server enforces the minimums too: %s = %j is a 400 naming the field', async (field, value, message) => {
    const res = await c.curator.post('/api/tournaments/host', { name: 'x', [field]: value });
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toContain(message);
  });

  test('deck bounds must be ordered', async () => {
    const res = await c.curator.post('/api/tournaments/host', { name: 'x', minMainDeckSize: 61, maxMainDeckSize: 60 });
    expect((await json<{ error: string }>(res)).error).toContain('minMainDeckSize: Main Deck minimum (61) must not exceed the maximum (60)');
  });

  test('from a series: a snapshot of it, with the iteration counted; later series edits do not reach it', async () => {
    const series = await json<{ id: string }>(await c.curator.post('/api/series', { name: 'Weekly', bestOf: 5, startingLp: 4000, ruleOptions: ['FIRST_TURN_DRAW'], description: 'Series text' }));
    const first = await host(c.curator, { seriesUid: series.id, name: 'Weekly #1', banlist: null });
    const second = await host(c.curator, { seriesUid: series.id, name: 'Weekly #2', bestOf: 1, banlist: null });
    expect(await get(first)).toMatchObject({ seriesUid: series.id, iteration: 1, bestOf: 5, startingLp: 4000, ruleOptions: ['FIRST_TURN_DRAW'], description: 'Series text' });
    expect(await get(second)).toMatchObject({ iteration: 2, bestOf: 1, startingLp: 4000 });
    expect((await c.curator.request('PUT', `/api/series/${series.id}`, { body: { name: 'Weekly', bestOf: 7 } })).status).toBe(200);
    expect((await get(first)).bestOf).toBe(5);
    expect((await c.curator.post('/api/tournaments/host', { name: 'x', seriesUid: 'no-such-series' })).status).toBe(404);
    // a cancelled event took no place: the next one takes the number (issue 30 §8)
    expect((await c.curator.post(`/api/tournaments/${second}/cancel`)).status).toBe(200);
    const third = await host(c.curator, { seriesUid: series.id, name: 'Weekly', banlist: null });
    expect((await get(third)).iteration).toBe(2);
    // numbered after the highest held, not by a count: #1 cancelled now, the next is #3, not a second #2 (issue 39 §2)
    expect((await c.curator.post(`/api/tournaments/${first}/cancel`)).status).toBe(200);
    expect((await get(await host(c.curator, { seriesUid: series.id, name: 'Weekly', banlist: null }))).iteration).toBe(3);
  });

  test('no list only on purpose: banlistDate null (or banlist null) is none; naming none is the current list, also from a series without one', async () => {
    const none = await host(c.curator, { banlist: undefined, banlistDate: null });
    expect(await get(none)).toMatchObject({ hasBanlist: false, banlistName: null });
    const current = await host(c.curator, { banlist: undefined });
    expect(await get(current)).toMatchObject({ hasBanlist: true, banlistName: '2026.05 TCG' });
    const series = await json<{ id: string }>(await c.curator.post('/api/series', { name: 'Unlisted' }));
    expect(await get(await host(c.curator, { seriesUid: series.id, banlist: undefined }))).toMatchObject({ hasBanlist: true, banlistName: '2026.05 TCG' });
    expect(await get(await host(c.curator, { seriesUid: series.id, banlist: undefined, banlistDate: null }))).toMatchObject({ hasBanlist: false });
    const bad = await c.curator.post('/api/tournaments/host', { name: 'x', banlistDate: 'none' });
    expect(bad.status).toBe(400);
    expect((await json<{ error: string }>(bad)).error).toContain('banlistDate: A banlist date is YYYY-MM-DD');
  });

  test("from a series with a banlist: an explicit null clears it; a list by date replaces the series' list and its name", async () => {
    const series = await json<{ id: string }>(await c.curator.post('/api/series', { name: 'Listed', banlistName: 'Old list', banlist: TCG }));
    const kept = await host(c.curator, { seriesUid: series.id, name: 'Kept', banlist: undefined });
    expect(await get(kept)).toMatchObject({ hasBanlist: true, banlistName: 'Old list' });
    const cleared = await host(c.curator, { seriesUid: series.id, name: 'Cleared', banlist: null, banlistName: null });
    expect(await get(cleared)).toMatchObject({ hasBanlist: false, banlistName: null });
    const dated = await host(c.curator, { seriesUid: series.id, name: 'Dated', banlist: undefined, banlistDate: '2026-05-01' });
    expect(await get(dated)).toMatchObject({ hasBanlist: true, banlistName: '2026.05 TCG' });
  });

  test('the banlist by date: the site’s list of that date, downloadable as {banlistName}.lflist.conf', async () => {
    const uid = await host(c.curator, { banlist: null, banlistDate: '2026-05-01' });
    const res = await anonymous.get(`/api/tournaments/${uid}/banlist`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="2026.05 TCG.lflist.conf"');
    const text = await res.text();
    expect(text).toContain('!2026.05 TCG');
    expect((await c.curator.post('/api/tournaments/host', { name: 'x', banlistDate: '2001-01-01' })).status).toBe(404);
  });

  test('without a banlist the download is a 404 with a sentence', async () => {
    const uid = await host(c.curator, { banlist: null });
    expect(await json(await anonymous.get(`/api/tournaments/${uid}/banlist`))).toEqual({ error: 'This tournament has no banlist' });
  });

  test('who may host: a visitor 401, a plain user 403, a curator and an admin yes; a spoofed discordId 403', async () => {
    expect((await anonymous.post('/api/tournaments/host', { name: 'x' })).status).toBe(401);
    expect((await c.joey.post('/api/tournaments/host', { name: 'x' })).status).toBe(403);
    expect((await c.admin.post('/api/tournaments/host', { name: 'x' })).status).toBe(201);
    expect((await c.curator.post('/api/tournaments/host', { name: 'x', discordId: ID.admin })).status).toBe(403);
    expect((await c.curator.post('/api/tournaments/host', { name: 'x' }, { 'X-Discord-Id': ID.admin })).status).toBe(403);
  });
});

describe('sign-up', () => {
  test('a signed-in user signs up as captain and sole member; a second active team is a 409', async () => {
    const uid = await host(c.host);
    const res = await signup(c.joey, uid, '  Team   Joey ');
    expect(res.status).toBe(201);
    const team = await json<Team>(res);
    expect(team).toMatchObject({ name: 'Team Joey', captainDiscordId: ID.joey, dropped: false, seed: 1, members: [{ discordId: ID.joey, displayName: 'Joey', captain: true, dropped: false, submittedDecks: [] }] });
    expect((await signup(c.joey, uid, 'Another')).status).toBe(409);
    expect((await get(uid)).teams).toHaveLength(1);
  });

  test('bad and foreign sign-ups are refused and store nothing', async () => {
    const uid = await host(c.host);
    expect(await signup(c.mai, uid, 'Dup').then((r) => r.status)).toBe(201);
    const cases: [TestClient, unknown, number, RegExp][] = [
      [c.tea, { name: 'x'.repeat(61) }, 400, /name: must be at most 60/],
      [c.tea, { name: 'dup' }, 409, /a team called "dup" has already signed up/],
      [c.tea, { name: 'Mine', captainDiscordId: ID.joey }, 403, /acting user must be the signed-in user/],
      [c.tea, { name: 'Mine', members: [{ discordId: ID.joey }] }, 403, /members must be you/],
      [c.tea, { name: 'Mine', members: [{ discordId: ID.tea }, { discordId: ID.joey }] }, 400, /one player/],
      [c.tea, 'text', 415, /JSON/],
      [c.tea, { name: 'Mine', members: [{ discordId: ID.tea, image: 'https://evil.example/track.png' }] }, 400, /members\.0\.image: must be your Discord avatar or an image uploaded to this site/],
      [anonymous, { name: 'Mine' }, 401, /signed in/],
    ];
    for (const [client, body, status, message] of cases) {
      const res = typeof body === 'string' ? await client.request('POST', `/api/tournaments/${uid}/signup`, { body }) : await client.post(`/api/tournaments/${uid}/signup`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await json<{ error: string }>(res)).error).toMatch(message);
    }
    expect((await get(uid)).teams).toHaveLength(1);
    expect((await signup(c.tea, 'no-such-tournament', 'x')).status).toBe(404);
  });

  test('a 1-vs-1 sign-up with the name empty or left out takes the player’s name, then with their username; a team event needs a name', async () => {
    const uid = await host(c.host);
    const team = async (res: Response) => (expect(res.status, await res.clone().text()).toBe(201), (await json<Team>(res)).name);
    expect(await team(await c.tea.post(`/api/tournaments/${uid}/signup`, { name: '  ' }))).toBe('Tea');
    const twin = await signedInClient(server, '940000000000000099', 0, 'Tea');
    expect(await team(await twin.post(`/api/tournaments/${uid}/signup`, {}))).toMatch(/^Tea \(.+\)$/);
    const teams = await host(c.host, { playersTeam1: 3, playersTeam2: 3 });
    const refused = await c.mai.post(`/api/tournaments/${teams}/signup`, {});
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ error: 'name: Team name is required in a team event' });
    expect((await get(teams)).teams).toHaveLength(0);
  });

  test('sign-ups only while open and before the start; never on a cancelled tournament', async () => {
    const uid = await host(c.host);
    expect((await c.host.post(`/api/tournaments/${uid}/lock-signups`)).status).toBe(200);
    expect(await json(await signup(c.joey, uid, 'Late'))).toEqual({ error: 'Sign-ups are closed for this tournament' });
    const other = await host(c.host);
    expect((await c.host.post(`/api/tournaments/${other}/cancel`)).status).toBe(200);
    expect(await json(await signup(c.joey, other, 'Late'))).toEqual({ error: 'This tournament was cancelled' });
  });
});

describe('decks', () => {
  let uid: string;
  beforeAll(async () => {
    uid = await host(c.host, { decksAllowedPerPlayer: 2 });
    for (const [client, name] of [[c.joey, 'Joey'], [c.mai, 'Mai']] as const) expect((await signup(client, uid, name)).status).toBe(201);
  });

  test('a legal .ydk waits for review with manual deck checking; the label is kept; names come from the card table', async () => {
    const res = await upload(c.joey, uid, deckText(LEGAL), `?participantDiscordId=${ID.joey}&label=Blackwing`);
    expect(res.status, await res.clone().text()).toBe(201);
    const deck = await json<Deck>(res);
    expect(deck).toMatchObject({ label: 'Blackwing', approved: false, status: 'Pending', mainCount: 40, extraCount: 15, problems: [] });
    expect(deck.mainDeck[0]!.cardName).not.toMatch(/^Card \d+$/);
    const me = await participantOf(uid, ID.joey);
    // everyone sees that a deck is there and its state; the label is the player's and the admins'
    expect(me.submittedDecks.map((d) => [d.label, d.status])).toEqual([['Deck 1', 'Pending']]);
    expect(JSON.stringify(await get(uid))).not.toContain('Blackwing');
    const own = await json<Deck[]>(await c.joey.get(`/api/tournaments/${uid}/participants/${me.id}/decks`));
    expect(own.map((d) => d.label)).toEqual(['Blackwing']);
  });

  test('a ydke:// URL works as well', async () => {
    const res = await upload(c.mai, uid, `  ${ydkeOf(LEGAL_2)}\n`, '?label=Lightsworn');
    expect(res.status).toBe(201);
    expect((await json<Deck>(res)).extraCount).toBe(15);
  });

  test('an invalid deck is refused with every problem and the cards, and stored nowhere', async () => {
    const before = (await participantOf(uid, ID.mai)).submittedDecks.length;
    const res = await upload(c.mai, uid, deckText(ILLEGAL));
    expect(res.status).toBe(400);
    const body = await json<{ error: string; problems: { code: string; message: string }[]; deck: { mainDeck: unknown[] } }>(res);
    expect(body.error).toMatch(/^deck: the deck has/);
    expect(body.problems.length).toBeGreaterThan(0);
    expect(body.problems.every((p) => p.message.length > 0)).toBe(true);
    expect(body.deck.mainDeck).toHaveLength(40);
    expect((await participantOf(uid, ID.mai)).submittedDecks).toHaveLength(before);
  });

  test.each([
    ['empty text', ''],
    ['malformed text', 'hello world'],
    ['a ydke with junk base64', 'ydke://!!!@@@!!'],
    ['10,000 lines', Array.from({ length: 10_000 }, () => '89631139').join('\n')],
    ['unknown card ids only', '#main\n1\n2\n3\n'],
  ])('%s is a 400 with a sentence, never a 500', async (_label, text) => {
    const res = await upload(c.joey, uid, text);
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toMatch(/^deck: /);
  });

  test('a banlist text of several lists: decks are checked against the list its name names', async () => {
    const code = deckText(LEGAL).split('#main')[1]!.trim().split(/\s+/)[0];
    const text = `!Strict\n${code} 0\n!Open\n`;
    for (const [name, status] of [['Open', 201], ['Strict', 400], [null, 400]] as const) {
      const t = await host(c.host, { banlist: text, banlistName: name });
      expect((await signup(c.tea, t, 'Tea')).status).toBe(201);
      expect((await upload(c.tea, t, deckText(LEGAL))).status, String(name)).toBe(status);
    }
  });

  test('a deck for someone else is a 403; not signed up is a 403; over the limit is a 409', async () => {
    expect((await upload(c.joey, uid, deckText(LEGAL), `?participantDiscordId=${ID.mai}`)).status).toBe(403);
    expect(await json(await upload(c.tea, uid, deckText(LEGAL)))).toEqual({ error: 'Sign up for this tournament before submitting a deck' });
    // who may submit is answered before the deck is read: no list of a deck's problems for someone who may not submit it
    expect(await json(await upload(c.tea, uid, deckText(ILLEGAL)))).toEqual({ error: 'Sign up for this tournament before submitting a deck' });
    expect((await upload(c.joey, uid, deckText(LEGAL_2))).status).toBe(201); // second of two
    for (const text of [deckText(LEGAL), deckText(ILLEGAL)]) {
      const third = await upload(c.joey, uid, text);
      expect(third.status).toBe(409);
      expect((await json<{ error: string }>(third)).error).toMatch(/the most this tournament allows/);
    }
  });

  test('decks are private: the player and privileged users see the cards, others 403', async () => {
    const joey = await participantOf(uid, ID.joey);
    const path = `/api/tournaments/${uid}/participants/${joey.id}/decks`;
    expect((await c.joey.get(path)).status).toBe(200);
    expect((await c.host.get(path)).status).toBe(200);
    expect((await c.admin.get(path)).status).toBe(200);
    expect((await c.mai.get(path)).status).toBe(403);
    expect((await anonymous.get(path)).status).toBe(401);
    const map = await json<Record<string, Deck[]>>(await c.host.get(`/api/tournaments/${uid}/participants/decks?participantIds=${joey.id},${(await participantOf(uid, ID.mai)).id}`));
    expect(Object.keys(map)).toHaveLength(2);
    const tooMany = await c.host.get(`/api/tournaments/${uid}/participants/decks?participantIds=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(await json(tooMany)).toEqual({ error: 'participantIds: at most 200 ids at once' });
    expect(map[String(joey.id)]!.length).toBeGreaterThan(0);
  });

  test('the host approves one and rejects one with a reason (needed); both are in the audit log', async () => {
    const joey = await participantOf(uid, ID.joey);
    const [a, b] = joey.submittedDecks;
    const base = `/api/tournaments/${uid}/participants/${joey.id}/decks`;
    expect((await c.joey.post(`${base}/${a!.id}/validate?approved=true`)).status).toBe(403);
    expect(await json(await c.host.post(`${base}/${b!.id}/validate?approved=false&reason=%20%20`))).toEqual({ error: 'reason: rejecting a deck needs a reason' });
    const approved = await json<Deck>(await c.host.post(`${base}/${a!.id}/validate?approved=true&reviewerDiscordId=${ID.host}`));
    expect(approved).toMatchObject({ approved: true, status: 'Approved', reviewerDiscordId: ID.host });
    const rejected = await json<Deck>(await c.admin.post(`${base}/${b!.id}/validate?approved=false&reason=Side%20deck%20missing`));
    expect(rejected).toMatchObject({ approved: false, status: 'Rejected', rejectionReason: 'Side deck missing' });
    // the reason is for the player (and the admins), not for the whole tournament
    expect(JSON.stringify(await get(uid))).not.toContain('Side deck missing');
    expect((await json<Deck[]>(await c.joey.get(`${base}`))).find((d) => d.id === b!.id)?.rejectionReason).toBe('Side deck missing');
    expect((await c.host.post(`${base}/${a!.id}/validate?approved=true&reviewerDiscordId=${ID.admin}`)).status).toBe(403);
    const log = await json<{ action: string; actorDiscordId: string }[]>(await c.host.get(`/api/tournaments/${uid}/audit`));
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['approve-deck', 'reject-deck']));
    expect((await c.joey.get(`/api/tournaments/${uid}/audit`)).status).toBe(403);
  });

  test('GOAT: the server knows the GOAT-era passcodes the 2005.4 list names; a modern passcode is refused naming the one to use', async () => {
    const goat = await host(c.host, { banlist: read('lflists/2005.4-GOAT.lflist.conf') });
    await signup(c.tea, goat, 'Tea');
    const zombies = deckText('projectignis-distribution/Structure Deck - Zombie Madness.ydk');
    const refused = await upload(c.tea, goat, zombies);
    expect(refused.status).toBe(400);
    const { problems } = await json<{ problems: { message: string }[] }>(refused);
    expect(problems.map((p) => p.message)).toContain(
      'Vampire Lord (53839837) is not on the 2005.4 GOAT list, which has this card only as Vampire Lord (GOAT) (504700087); use that passcode',
    );
    // the same deck with the GOAT passcodes is legal and shows the GOAT-era names
    const goatIds: Record<string, string> = { 53839837: '504700087', 77044671: '504700135', 23205979: '504700038', 71044499: '504700116' };
    const res = await upload(c.tea, goat, zombies.replace(/^\d+/gm, (id) => goatIds[id] ?? id));
    expect(res.status, await res.clone().text()).toBe(201);
    const deck = await json<Deck>(res);
    expect(deck.problems).toEqual([]);
    expect(deck.mainDeck.map((card) => card.cardName)).toContain('Vampire Lord (GOAT)');
  });

  test('Approve all that pass the checks (issue 39): the waiting decks the event finds nothing wrong with; one with a problem, a reviewed one and a dropped team’s stay as they were', async () => {
    const t = await host(c.host, { decksAllowedPerPlayer: 2 });
    for (const [client, name] of [[c.joey, 'Joey'], [c.mai, 'Mai'], [c.tea, 'Tea']] as const) expect((await signup(client, t, name)).status).toBe(201);
    for (const [client, file] of [[c.joey, LEGAL], [c.joey, LEGAL_2], [c.mai, LEGAL], [c.tea, LEGAL]] as const) expect((await upload(client, t, deckText(file))).status).toBe(201);
    const [joey, mai, tea] = await Promise.all([participantOf(t, ID.joey), participantOf(t, ID.mai), participantOf(t, ID.tea)]);
    // a deck the rules refuse today (stored before a change of them): four copies of a card
    const [bad] = await server.database.db.insert(decks).values({
      uid: randomUUID(), memberId: mai.id, tournamentUid: t, label: 'Four of a kind', mainDeck: [...Array(4).fill(14558127), ...Array(36).fill(89631139)], extraDeck: [], sideDeck: [], approved: false, reviewerDiscordId: null,
    }).returning();
    const [first, second] = joey.submittedDecks;
    await json(await c.host.post(`/api/tournaments/${t}/participants/${joey.id}/decks/${second!.id}/validate?approved=false&reason=Wrong%20deck`));
    const teamOf = async (discordId: string) => (await get(t)).teams.find((x) => x.captainDiscordId === discordId)!;
    expect((await c.tea.post(`/api/tournaments/${t}/teams/${(await teamOf(ID.tea)).uid}/drop`)).status).toBe(200);

    // a player may not; the host does
    expect((await c.joey.post(`/api/tournaments/${t}/decks/approve-passing`)).status).toBe(403);
    expect(await json(await c.host.post(`/api/tournaments/${t}/decks/approve-passing`))).toEqual({ approved: 2, left: 1 });
    const status = async (p: Participant, id: number) => (await get(t)).teams.flatMap((x) => x.members).find((m) => m.id === p.id)!.submittedDecks.find((d) => d.id === id)!.status;
    expect([await status(joey, first!.id), await status(joey, second!.id), await status(mai, mai.submittedDecks[0]!.id), await status(mai, bad!.id), await status(tea, tea.submittedDecks[0]!.id)])
      .toEqual(['Approved', 'Rejected', 'Approved', 'Pending', 'Pending']);
    // once more: nothing left that passes, and no second line in the log
    expect(await json(await c.host.post(`/api/tournaments/${t}/decks/approve-passing`))).toEqual({ approved: 0, left: 1 });
    const log = (await json<{ action: string; after: { approved: { deckId: number }[]; left: number } }[]>(await c.host.get(`/api/tournaments/${t}/audit`))).filter((e) => e.action === 'approve-decks');
    expect(log.map((e) => [e.after.approved.map((d) => d.deckId).sort(), e.after.left])).toEqual([[[first!.id, mai.submittedDecks[0]!.id].sort(), 1]]);
  });

  test('without manual deck checking a valid deck is approved on upload', async () => {
    const auto = await host(c.host, { manualDeckChecking: false });
    await signup(c.joey, auto, 'Joey');
    expect((await json<Deck>(await upload(c.joey, auto, deckText(LEGAL)))).status).toBe('Approved');
  });

  test('a player deletes their own deck while submission is open; not someone else’s', async () => {
    const t = await host(c.host, { decksAllowedPerPlayer: 2 });
    await signup(c.joey, t, 'Joey');
    const deck = await json<Deck>(await upload(c.joey, t, deckText(LEGAL)));
    expect((await c.mai.request('DELETE', `/api/tournaments/${t}/decks/${deck.id}`)).status).toBe(403);
    expect((await c.joey.request('DELETE', `/api/tournaments/${t}/decks/${deck.id}?participantDiscordId=${ID.joey}`)).status).toBe(204);
    expect((await participantOf(t, ID.joey)).submittedDecks).toEqual([]);
  });

  test('deck submission only while open', async () => {
    const t = await host(c.host);
    await signup(c.joey, t, 'Joey');
    expect((await c.host.post(`/api/tournaments/${t}/lock-deck-submission`)).status).toBe(200);
    expect(await json(await upload(c.joey, t, deckText(LEGAL)))).toEqual({ error: 'Deck submission is closed for this tournament' });
  });
});

describe('drops', () => {
  test('a player drops themself (the team drops with its last member); an admin drops a team; others may not', async () => {
    const uid = await host(c.host);
    await signup(c.joey, uid, 'Joey');
    await signup(c.mai, uid, 'Mai');
    const joey = await participantOf(uid, ID.joey);
    const mai = await participantOf(uid, ID.mai);
    expect((await c.mai.post(`/api/tournaments/${uid}/participants/${joey.id}/drop`)).status).toBe(403);
    const dropped = await json<Participant>(await c.joey.post(`/api/tournaments/${uid}/participants/${joey.id}/drop`));
    expect(dropped).toMatchObject({ dropped: true, teamDropped: true });
    expect((await c.joey.post(`/api/tournaments/${uid}/participants/${joey.id}/drop`)).status).toBe(409);
    expect((await c.joey.post(`/api/tournaments/${uid}/teams/${mai.teamUid}/drop`)).status).toBe(403);
    const team = await json<Team>(await c.admin.post(`/api/tournaments/${uid}/teams/${mai.teamUid}/drop`));
    expect(team.dropped).toBe(true);
    expect((await get(uid)).teams.every((t) => t.dropped)).toBe(true);
    // a dropped player may sign up again while sign-ups are open
    expect((await signup(c.joey, uid, 'Joey again')).status).toBe(201);
  });
});

describe('settings (spec 2 §4)', () => {
  test('sign-ups lock and never reopen; deck submission likewise; the format changes before the start; each in the audit log', async () => {
    const uid = await host(c.host);
    const post = (path: string, client = c.host) => client.post(`/api/tournaments/${uid}/${path}`);
    expect((await post('toggle-signups?open=true')).status).toBe(200); // already open: nothing to do
    expect((await json<Tournament>(await post('toggle-signups?open=false'))).signupsOpen).toBe(false);
    expect(await json(await post('toggle-signups?open=true'))).toEqual({ error: 'Sign-ups can only be locked, never reopened' });
    expect(await json(await post('lock-signups'))).toEqual({ error: 'Sign-ups are already locked' });
    expect((await json<Tournament>(await post('lock-deck-submission'))).deckSubmissionOpen).toBe(false);
    expect(await json(await post('toggle-deck-submission?open=true'))).toEqual({ error: 'Deck submission can only be locked, never reopened' });
    expect((await json<Tournament>(await post('format?format=DOUBLE_ELIM'))).format).toBe('DOUBLE_ELIM');
    expect((await post('format?format=SWISS')).status).toBe(400);
    expect((await post('toggle-signups?open=maybe')).status).toBe(400);
    // opening what is open, or choosing the format it has, changes nothing and leaves no line
    expect((await post('toggle-deck-submission?open=false')).status).toBe(409);
    expect((await post('format?format=DOUBLE_ELIM')).status).toBe(200);
    const log = await json<{ action: string; before: unknown; after: unknown }[]>(await c.host.get(`/api/tournaments/${uid}/audit`));
    expect(log.map((e) => e.action)).toEqual(['host', 'toggle-signups', 'lock-deck-submission', 'format']);
    expect(log.at(-1)).toMatchObject({ before: { format: 'DEFAULT' }, after: { format: 'DOUBLE_ELIM' } });
  });

  test('seed test data adds generated teams before the start; cancel hides the tournament from the list', async () => {
    const uid = await host(c.host);
    const t = await json<Tournament>(await c.host.post(`/api/tournaments/${uid}/seed-test?count=6`));
    expect(t.teams).toHaveLength(6);
    expect(t.teams[0]).toMatchObject({ name: 'Test Team 1', members: [{ displayName: 'Test Player 1' }] });
    expect((await c.host.post(`/api/tournaments/${uid}/seed-test?count=0`)).status).toBe(400);
    const listed = async () => (await json<TournamentSummary[]>(await anonymous.get('/api/tournaments'))).find((x) => x.uid === uid);
    expect(await listed()).toMatchObject({ teamCount: 6, needsAttention: true });
    expect((await c.host.post(`/api/tournaments/${uid}/cancel`)).status).toBe(200);
    expect(await listed()).toBeUndefined();
    expect((await get(uid)).cancelled).toBe(true);
    expect(await json(await c.host.post(`/api/tournaments/${uid}/lock-signups`))).toEqual({ error: 'This tournament was cancelled' });
  });

  test('a site without demo data (TEST_DATA off) offers no Seed Test Data and refuses it, adding no team', async () => {
    const uid = await host(c.host);
    expect((await get(uid)).testData).toBe(true);
    // a second instance of the app on the same database, set up as a real community's site
    const real = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '1', DISCORD_CLIENT_ID: 'real', DISCORD_CLIENT_SECRET: 'secret' }), database: server.database, rateLimitScale: 100 });
    try {
      const url = await real.listen({ port: 0, host: '127.0.0.1' });
      const asHost = { cookie: c.host.cookieHeader(), origin: url };
      expect((await json<Tournament>(await fetch(`${url}/api/tournaments/${uid}`, { headers: asHost }))).testData).toBe(false);
      const refused = await fetch(`${url}/api/tournaments/${uid}/seed-test?count=4`, { method: 'POST', headers: asHost });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'Seed Test Data is off on this site: it is offered only with demo data (TEST_DATA)' });
    } finally {
      await real.close();
    }
    expect((await get(uid)).teams).toHaveLength(0);
  });

  test('the permission table: anonymous 401, a player 403, another host 403, the host and admins 200, spoofed ids 403', async () => {
    const uid = await host(c.host);
    const other = await host(c.curator);
    const action = (client: TestClient, t = uid, headers?: Record<string, string>) => client.post(`/api/tournaments/${t}/toggle-signups?open=true`, undefined, headers);
    expect((await action(anonymous)).status).toBe(401);
    expect((await action(c.joey)).status).toBe(403);
    expect((await action(c.curator)).status).toBe(403); // auth 1 is not privileged for another's tournament
    expect((await action(c.curator, other)).status).toBe(200); // its host
    expect((await action(c.host)).status).toBe(200);
    expect((await action(c.admin)).status).toBe(200);
    expect((await action(c.host, uid, { 'X-Discord-Id': ID.admin })).status).toBe(403);
    expect((await c.joey.get(`/api/tournaments/${uid}/audit`)).status).toBe(403);
    expect((await anonymous.get(`/api/tournaments/${uid}/audit`)).status).toBe(401);
  });

  test('participating: the uids the signed-in user plays in, first in the list for them', async () => {
    const uid = await host(c.host);
    await signup(c.tea, uid, 'Tea');
    expect(await json(await c.tea.get('/api/tournaments/participating'))).toContain(uid);
    expect(await json(await anonymous.get('/api/tournaments/participating'))).toEqual([]);
  });
});

describe('live', () => {
  test('a sign-up, a deck and a review reach subscribers of the scoreboard and standings topics after commit', async () => {
    const uid = await host(c.host);
    const raw = await RawStomp.subscribed(server.url, [TOPICS.tournamentScoreboard(uid), TOPICS.tournamentStandings(uid)]);
    try {
      await signup(c.joey, uid, 'Joey');
      const board = JSON.parse((await raw.frame('MESSAGE')).body);
      expect(board).toMatchObject({ uid, change: 'signup', full: true, matches: [], state: { teamCount: 1, activeTeamCount: 1, signupsOpen: true } });
      const standings = JSON.parse((await raw.frame('MESSAGE')).body);
      expect(standings).toMatchObject({ uid, final: false, rows: [{ teamName: 'Joey', points: 0 }] });
      await upload(c.joey, uid, deckText(LEGAL));
      expect(JSON.parse((await raw.frame('MESSAGE')).body)).toMatchObject({ change: 'deck', version: board.version + 1 });
      // a SEND asks for the full scoreboard, answered on the topic
      raw.send(`SEND\ndestination:/app/tournaments/${uid}/request-scoreboard\n\n\0`);
      await raw.frame('MESSAGE'); // the deck's standings
      expect(JSON.parse((await raw.frame('MESSAGE')).body)).toMatchObject({ full: true, change: 'request' });
    } finally {
      raw.close();
    }
  });
});

describe('team reads (issue 18)', () => {
  test('an admin and the host see the deck labels and rejection reasons in teams, a team and participants; everyone else "Deck n"', async () => {
    const uid = await host(c.host, { decksAllowedPerPlayer: 2 });
    expect((await signup(c.joey, uid, 'Joey')).status).toBe(201);
    expect((await signup(c.mai, uid, 'Mai')).status).toBe(201);
    expect((await upload(c.joey, uid, deckText(LEGAL), '?label=AI_Blackwing')).status).toBe(201);
    const second = await json<Deck>(await upload(c.joey, uid, ydkeOf(LEGAL_2), `?label=${encodeURIComponent('Lightsworn (ydke)')}`));
    const joey = await participantOf(uid, ID.joey);
    expect((await c.admin.post(`/api/tournaments/${uid}/participants/${joey.id}/decks/${second.id}/validate?approved=false&reason=Side%20deck%20missing`)).status).toBe(200);
    type Decks = Participant['submittedDecks'];
    const shown = (decks: Decks) => decks.map((d) => [d.label, d.status, d.rejectionReason]);
    const reads = async (client: TestClient) => ({
      teams: shown((await json<Team[]>(await client.get(`/api/tournaments/${uid}/teams`))).find((t) => t.uid === joey.teamUid)!.members[0]!.submittedDecks),
      team: shown((await json<Team>(await client.get(`/api/tournaments/${uid}/teams/${joey.teamUid}`))).members[0]!.submittedDecks),
      participants: shown((await json<Participant[]>(await client.get(`/api/tournaments/${uid}/participants`))).find((p) => p.id === joey.id)!.submittedDecks),
    });
    const full = [['AI_Blackwing', 'Pending', null], ['Lightsworn (ydke)', 'Rejected', 'Side deck missing']];
    const plain = [['Deck 1', 'Pending', null], ['Deck 2', 'Rejected', null]];
    // each variant is cached apart: a read of one never answers the other
    for (const client of [anonymous, c.admin, c.host, c.mai, c.admin2, c.joey, c.curator]) {
      const expected = [c.admin, c.host, c.admin2].includes(client) ? full : plain;
      expect(await reads(client)).toEqual({ teams: expected, team: expected, participants: expected });
    }
    const privileged = await c.admin.get(`/api/tournaments/${uid}/teams`);
    expect(privileged.headers.get('cache-control')).toBe('private, no-cache');
    // what the admin panel's Teams list shows: members with avatars and usernames, decks with statuses, the captain, dropped
    const team = (await json<Team[]>(privileged)).find((t) => t.uid === joey.teamUid)!;
    expect(team).toMatchObject({ name: 'Joey', captainDiscordId: ID.joey, dropped: false });
    expect(team.members).toEqual([expect.objectContaining({
      discordId: ID.joey, displayName: 'Joey', image: expect.stringMatching(/^https:\/\//), captain: true, dropped: false, username: expect.toSatisfy((v) => v === null || typeof v === 'string'),
    })]);
  });

  test('teams and a team come from the cache with an ETag; a sign-up, a deck and a drop are in the next read; the single team is right', async () => {
    const uid = await host(c.host);
    expect((await signup(c.joey, uid, 'Joey')).status).toBe(201);
    const teamsPath = `/api/tournaments/${uid}/teams`;
    const first = await anonymous.get(teamsPath);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await anonymous.get(teamsPath, { 'if-none-match': etag })).status).toBe(304);

    expect((await signup(c.mai, uid, 'Mai')).status).toBe(201);
    const second = await anonymous.get(teamsPath, { 'if-none-match': etag });
    expect(second.status).toBe(200);
    expect((await json<Team[]>(second)).map((t) => t.name)).toEqual(['Joey', 'Mai']);

    const mai = await participantOf(uid, ID.mai);
    const teamPath = `/api/tournaments/${uid}/teams/${mai.teamUid}`;
    const one = await anonymous.get(teamPath);
    expect(await json<Team>(one)).toMatchObject({ uid: mai.teamUid, name: 'Mai', dropped: false, members: [{ discordId: ID.mai, captain: true, dropped: false, submittedDecks: [] }] });
    expect((await anonymous.get(teamPath, { 'if-none-match': one.headers.get('etag')! })).status).toBe(304);

    expect((await upload(c.mai, uid, deckText(LEGAL))).status).toBe(201);
    expect((await json<Team>(await anonymous.get(teamPath))).members[0]!.submittedDecks.map((d) => d.label)).toEqual(['Deck 1']);
    expect((await c.mai.post(`/api/tournaments/${uid}/participants/${mai.id}/drop`)).status).toBe(200);
    expect(await json<Team>(await anonymous.get(teamPath))).toMatchObject({ dropped: true, members: [{ dropped: true }] });
    expect((await json<Team[]>(await anonymous.get(teamsPath))).map((t) => [t.name, t.dropped])).toEqual([['Joey', false], ['Mai', true]]);
    expect((await participantOf(uid, ID.mai)).teamDropped).toBe(true);

    expect(await json(await anonymous.get(`/api/tournaments/${uid}/teams/nope`))).toEqual({ error: 'Team not found' });
    expect((await anonymous.get('/api/tournaments/00000000-0000-4000-8000-000000000000/teams')).status).toBe(404);
    expect(await json(await anonymous.get('/api/tournaments/00000000-0000-4000-8000-000000000000/teams/nope'))).toEqual({ error: 'Tournament not found' });
  });
});
