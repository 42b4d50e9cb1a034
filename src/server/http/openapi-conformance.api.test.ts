// The API answers as its own OpenAPI document says (issue 29 §7). Every GET operation of
// /api/openapi.json is called on a realistic event (teams with real decks, a played round, then
// completed with its report), anonymously, as a player and as its host, with path parameters from
// real ids; each answer's status, Content-Type and body must be what the document declares (ajv).
// A GET route not in ROUTES (nor in UNREACHABLE, with its reason) fails the test.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import type { Match, Participant, Tournament } from '../../domain/api/tournaments.ts';
import { TOPICS } from '../../domain/api/topics.ts';
import { parseYdk } from '../../domain/decks/ydk.ts';
import { cardRowFromJson } from '../features/cards/card-import.ts';
import type { CardJson } from '../features/cards/card-json.ts';
import * as CardsRepository from '../features/cards/cards-repository.ts';
import { ok, tournamentKit } from '../features/tournaments/tournament-test-kit.ts';
import { DEMO_DIR } from '../paths.ts';
import { RawStomp } from '../realtime/live-test-kit.ts';
import { signedInClient, TestClient } from '../test/test-server.ts';
import { apiTest, tempDir } from '../test/api-test.ts';
import { answerChecker, type OpenApiDocument } from './openapi-answers.ts';

/** The real ids a route's address is made of. */
interface Ids {
  uid: string; upcomingUid: string; teamUid: string; participantId: number; participantIds: string; matchId: number; playerId: string;
  date: string; cardWithFile: number; cardName: string; seriesId: string; imagePath: string;
}
/** Each GET operation of the document (its OpenAPI path) and the addresses that call it. */
const ROUTES: Record<string, (i: Ids) => string[]> = {
  '/api/health': () => [''],
  '/api/oauth/login': () => [''],
  '/api/oauth/me': () => [''],
  '/api/users/admin-discord-ids': () => [''],
  '/api/users/username': (i) => [`?discordId=${i.playerId}`],
  '/api/users/user': (i) => [`?discordId=${i.playerId}`],
  '/api/banlists/dates': () => [''],
  '/api/banlists/references': () => [''],
  '/api/banlists/summaries': () => [''],
  '/api/banlists/{date}': (i) => [i.date],
  '/api/banlists/{date}/lflist': (i) => [i.date],
  '/api/banlists/{date}/summary': (i) => [i.date],
  '/api/banlists/compare': (i) => [`?from=${i.date}&to=${i.date}`],
  '/api/cards': (i) => [`?q=${encodeURIComponent(i.cardName.slice(0, 6))}&sort=atk`, `?kind=monster&archetype=HERO&banlist=${i.date}&status=unlimited&limit=5`],
  '/api/cards/archetypes': () => [''],
  '/api/cards/search': (i) => [`?name=${encodeURIComponent(i.cardName.slice(0, 6))}`],
  '/api/cards/{id}': (i) => [`${i.cardWithFile}`],
  '/api/cards/{passcode}/history': (i) => [`${i.cardWithFile}`],
  // the image folder's JPEG, its thumbnail, and the placeholder of a card without a file
  '/api/cards/{id}/image': (i) => [`${i.cardWithFile}`, `${i.cardWithFile}?size=small`, '89631139'],
  '/api/cards/{passcode}/og.png': (i) => [`${i.cardWithFile}?v=1`],
  '/api/tournaments': () => [''],
  '/api/tournaments/participating': () => [''],
  '/api/tournaments.ics': () => [''],
  '/api/tournaments/{id}': (i) => [i.uid, i.upcomingUid],
  '/api/tournaments/{id}/banlist': (i) => [i.uid],
  '/api/tournaments/{id}/audit': (i) => [i.uid],
  '/api/tournaments/{id}/discord': (i) => [i.uid],
  '/api/tournaments/{id}/teams': (i) => [i.uid],
  '/api/tournaments/{id}/teams/{tid}': (i) => [i.teamUid],
  '/api/tournaments/{id}/participants': (i) => [i.uid],
  '/api/tournaments/{id}/entry': (i) => [i.uid],
  '/api/discord/notifications': () => [''],
  '/api/tournaments/{id}/participants/{pid}/decks': (i) => [String(i.participantId)],
  '/api/tournaments/{id}/participants/decks': (i) => [`${i.uid}?participantIds=${i.participantIds}`],
  '/api/tournaments/{id}/matches': (i) => [i.uid, `${i.uid}?round=1`],
  '/api/tournaments/{id}/matches/{mid}': (i) => [String(i.matchId)],
  '/api/tournaments/{id}/scoreboard': (i) => [i.uid],
  '/api/tournaments/{id}/standings': (i) => [i.uid],
  '/api/tournaments/{id}/decks.zip': (i) => [i.uid],
  '/api/tournaments/{id}/print/pairings': (i) => [i.uid, `${i.uid}?round=1`],
  '/api/tournaments/{id}/print/standings': (i) => [i.uid],
  '/api/tournaments/{id}/pairings.csv': (i) => [i.uid],
  '/api/tournaments/{id}/standings.csv': (i) => [i.uid],
  '/api/tournaments/{id}/calendar.ics': (i) => [i.uid, i.upcomingUid],
  '/api/tournaments/{id}/report': (i) => [i.uid],
  '/api/tournaments/{id}/report/og.png': (i) => [i.uid],
  '/api/tournaments/{id}/og.png': (i) => [i.uid, i.upcomingUid],
  '/api/meta': (i) => ['', `?series=${i.seriesId}`, '?banlist=all'],
  '/api/meta/cards/{passcode}': (i) => [`${i.cardWithFile}`, `${i.cardWithFile}?banlist=all`],
  '/api/archetypes/signatures': () => [''],
  '/api/players': (i) => ['', `?series=${i.seriesId}`],
  '/api/players/{discordId}': (i) => [i.playerId],
  '/api/images/{id}': (i) => [i.imagePath],
  '/api/series/summaries': () => [''],
  '/api/series/{id}': (i) => [i.seriesId],
  '/api/judgement': () => [''],
  '/api/judgement/sendoff-status': () => [''],
  '/api/users': () => ['', '?q=Player&level=0&page=1'],
  '/api/host-requests': () => [''],
  '/api/host-requests/own': () => [''],
  '/api/admin/log': () => ['', '?action=host-request'],
  '/api/tournaments/{id}/suspended': (i) => [i.uid],
  '/api/leagues': () => ['', '?phase=running'],
};
/** Operations whose answer depends on who asks: called anonymously, as a player and as the host; the rest anonymously. */
const PER_USER = new Set([
  '/api/oauth/me', '/api/tournaments/participating', '/api/judgement', '/api/judgement/sendoff-status', '/api/players/{discordId}',
  '/api/tournaments/{id}', '/api/tournaments/{id}/audit', '/api/tournaments/{id}/discord', '/api/tournaments/{id}/teams', '/api/tournaments/{id}/teams/{tid}',
  '/api/tournaments/{id}/participants', '/api/tournaments/{id}/entry', '/api/discord/notifications', '/api/tournaments/{id}/participants/{pid}/decks', '/api/tournaments/{id}/participants/decks',
  '/api/tournaments/{id}/matches', '/api/tournaments/{id}/matches/{mid}', '/api/tournaments/{id}/decks.zip', '/api/tournaments/{id}/report',
  '/api/host-requests/own', '/api/tournaments/{id}/suspended',
]);
/** Operations for admins alone (issue 39): called as an admin too. */
const ADMINS_TOO = new Set(['/api/users', '/api/host-requests', '/api/admin/log']);
/** GET operations the test does not call, each with its reason. */
const LEAGUE_READS = 'a league’s reads are checked against this document, as a visitor, a player and a host, in features/leagues/leagues.api.test.ts';
const UNREACHABLE: Record<string, string> = {
  '/api/leagues/{id}': LEAGUE_READS, '/api/leagues/{id}/runs/{runId}': LEAGUE_READS, '/api/leagues/{id}/matches/{matchId}': LEAGUE_READS,
  '/api/leagues/{id}/report': 'a final league’s report is checked against this document in features/records/league-record.api.test.ts',
};

/** The address of `route` for `tail`: the first path parameter is replaced by the tail (and the tournament's uid before a second). */
function address(route: string, tail: string, ids: Ids): string {
  const params = route.match(/\{[^}]+\}/g) ?? [];
  if (params.length === 0) return `${route}${tail}`;
  const filled = params.length === 2 ? route.replace(params[0]!, ids.uid).replace(params[1]!, tail.split('?')[0]!) : route.replace(params[0]!, tail.split('?')[0]!);
  const query = tail.includes('?') ? tail.slice(tail.indexOf('?')) : '';
  return `${filled}${query}`;
}

/** Real decks, legal on the 2026.05 Worlds list. */
const DECKS = ['AI_Blackwing.ydk', '[Tactical-Try Deck] Eldlich the Conqueror.ydk', 'AI_Burn.ydk', 'AI_OldSchool.ydk'];
const ADMIN = '954000000000000001';
const HOST = '954000000000000002';
const DATE = '2026-05-01';
const PLAYER_IDS = DECKS.map((_, i) => `95400000000000001${i}`);
/** a live view is made a while after a change (decision 019's gap, longer on a busy machine) */
const LIVE_WAIT_MS = 15_000;

const dataDir = tempDir('fh-openapi-');
const cardDir = path.join(dataDir, 'card-images');
fs.mkdirSync(cardDir);
const { server, admin, host } = apiTest(
  { admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'] },
  { DATA_DIR: dataDir, CARD_IMAGE_DIR: cardDir, SESSION_SECRET: 'a-session-secret-of-at-least-32-characters' },
);
let doc: OpenApiDocument;
let check: ReturnType<typeof answerChecker>;
let players: TestClient[];
const anonymous = () => new TestClient(server.url);
let ids: Ids;

beforeAll(async () => {
  doc = await ok<OpenApiDocument>(await fetch(`${server.url}/api/openapi.json`));
  check = answerChecker(doc);
  players = await Promise.all(PLAYER_IDS.map((id, i) => signedInClient(server, id, 0, `Player ${i + 1}`)));

  // the decks' cards (all 14,723 would take most of the test's time), and a picture of one
  const decks = DECKS.map((f) => fs.readFileSync(path.join(DEMO_DIR, 'decks', f), 'utf8'));
  const used = new Set(decks.flatMap((text) => Object.values(parseYdk(text).deck).flat()));
  const cards = (JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(DEMO_DIR, 'cards-official.json.gz'))).toString('utf8')) as CardJson[])
    .filter((c) => used.has(c.id));
  await CardsRepository.upsertCards(server.database.db, cards.map(cardRowFromJson));
  const card = cards[0]!;
  await sharp({ create: { width: 40, height: 58, channels: 3, background: '#884422' } }).jpeg().toFile(path.join(cardDir, `${card.id}.jpg`));

  // the format's list of a date, and a reference list (another game's) of the same date
  const lflist = (file: string) => fs.readFileSync(path.join(DEMO_DIR, file), 'utf8');
  await ok(await admin.request('PUT', `/api/banlists/${DATE}`, { body: lflist('2026.05-Worlds.lflist.conf') }));
  await ok(await admin.request('PUT', `/api/banlists/${DATE}?reference=true`, { body: lflist('2026.05-TCG.lflist.conf') }));
  const series = await ok<{ id: string }>(await admin.post('/api/series', { name: 'Conformance Monthly' }));
  await ok(await admin.post('/api/archetypes/signatures', { name: 'Signature', cards: [card.id], min: 1 }));
  await ok(await players[0]!.post('/api/judgement', { cardId: card.id, reason: 'Too strong' }));
  // a request to host waiting for the admins (issue 39), from someone outside the event
  await ok(await (await signedInClient(server, '954000000000000099', 0, 'Asker')).post('/api/host-requests', { note: 'I run Tuesdays' }));
  const image = await upload(host, await sharp({ create: { width: 32, height: 20, channels: 3, background: '#00aa55' } }).png().toBuffer());

  const startsAt = new Date(Date.now() + 86_400_000).toISOString();
  const upcoming = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Conformance Cup #2', startsAt }));
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', {
    name: 'Conformance Cup #1', seriesUid: series.id, banlistDate: DATE, manualDeckChecking: false, startsAt,
  }));
  for (const [i, player] of players.entries()) {
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: `Team ${i + 1}` }));
    await ok(await player.request('POST', `/api/tournaments/${uid}/decks?label=${encodeURIComponent(DECKS[i]!.replace(/^AI_|\.ydk$/g, ''))}`, { body: decks[i] }));
  }
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const participants = await ok<Participant[]>(await host.get(`/api/tournaments/${uid}/participants`));
  const participant = participants.find((p) => p.discordId === PLAYER_IDS[0])!;
  ids = {
    uid, upcomingUid: upcoming.uid, teamUid: participant.teamUid, participantId: participant.id, participantIds: participants.map((p) => p.id).join(','),
    matchId: 0, // the player's match of round 2, once it is paired
    playerId: PLAYER_IDS[0]!, date: DATE, cardWithFile: card.id, cardName: card.name, seriesId: series.id,
    imagePath: image.pathname.replace('/api/images/', '') + image.search,
  };
}, 60_000);

async function upload(client: TestClient, png: Buffer): Promise<URL> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'team.png');
  const res = await fetch(new URL('/api/images/api/upload', server.url), { method: 'POST', body: form, headers: { origin: server.url, cookie: client.cookieHeader() } });
  return new URL((await ok<{ url: string }>(res)).url);
}

/** Every GET operation called (PER_USER ones by anyone, a player and the host): what does not conform, and which operations answered 2xx/3xx. */
async function sweep(): Promise<{ problems: string[]; answered: Set<string> }> {
  const problems: string[] = [];
  const answered = new Set<string>();
  const everyone: [string, TestClient][] = [['anonymous', anonymous()], ['player', players[0]!], ['host', host]];
  const withAdmin: [string, TestClient][] = [...everyone, ['admin', admin]];
  for (const [route, tails] of Object.entries(ROUTES)) {
    const op = doc.paths[route]?.get;
    if (!op) continue; // the coverage test names it
    for (const tail of tails(ids)) {
      const url = address(route, tail, ids);
      await Promise.all((ADMINS_TOO.has(route) ? withAdmin : PER_USER.has(route) ? everyone : everyone.slice(0, 1)).map(async ([name, client]) => {
        const res = await client.get(url);
        if (res.status < 400) answered.add(route);
        for (const p of await check.problems(op, res)) problems.push(`${name} GET ${url} → ${res.status}: ${p}`);
      }));
    }
  }
  return { problems, answered };
}

test('every GET operation of the document is called here, or named unreachable with a reason', () => {
  const documented = Object.entries(doc.paths).filter(([, ops]) => ops.get).map(([p]) => p).sort();
  expect([...Object.keys(ROUTES), ...Object.keys(UNREACHABLE)].sort()).toEqual(documented);
  expect([...PER_USER, ...ADMINS_TOO].filter((r) => !(r in ROUTES))).toEqual([]);
});

test('every answer during and after an event is what the document says, and so is the live scoreboard', async () => {
  const kit = tournamentKit(server, { host, admin });
  const { uid } = ids;
  const playerOf = async (teamUid: string | null) => players[PLAYER_IDS.indexOf(await kit.captainIdOf(uid, teamUid!))]!;

  // round 1: one match reported by both players, the other decided by an admin; round 2 begun
  const [first] = await kit.roundMatches(uid, 1);
  await ok(await (await playerOf(first!.team1Id)).post(`/api/tournaments/${uid}/matches/${first!.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 1 }));
  await ok(await (await playerOf(first!.team2Id)).post(`/api/tournaments/${uid}/matches/${first!.id}/report-score?fromTeam1=false`, { gamesWon: 1, gamesLost: 2 }));
  await kit.finishRound(uid);
  await ok(await host.post(`/api/tournaments/${uid}/next-round`));

  // a report of round 2, seen live: the change's message, then the full board a client asks for
  const scoreboard = doc.paths['/api/tournaments/{id}/scoreboard']!.get!.responses['200']!.content!['application/json']!.schema!;
  const live = await RawStomp.subscribed(server.url, [TOPICS.tournamentScoreboard(uid)]);
  try {
    const round2 = await kit.roundMatches(uid);
    const open = round2.find((m) => m.team1Id && m.team2Id)!;
    ids.matchId = round2.find((m: Match) => m.team1Id === ids.teamUid || m.team2Id === ids.teamUid)!.id;
    const reporter = await playerOf(open.team1Id);
    await ok(await reporter.post(`/api/tournaments/${uid}/matches/${open.id}/report-score?fromTeam1=true`, { gamesWon: 2, gamesLost: 0 }));
    // every message up to the report's (the new round's may come first, or both as one within the gap)
    const { version } = await kit.state(uid);
    for (let message: { version: number; change: string } | undefined; !message || message.version < version;) {
      message = JSON.parse((await live.frame('MESSAGE', LIVE_WAIT_MS)).body);
      expect(check.jsonProblems(scoreboard, message), `the live message of ${message!.change}`).toEqual([]);
    }
    live.send(`SEND\ndestination:/app/tournaments/${uid}/request-scoreboard\n\n\0`);
    const asked = JSON.parse((await live.frame('MESSAGE', LIVE_WAIT_MS)).body);
    expect(asked).toMatchObject({ full: true, change: 'request' });
    expect(check.jsonProblems(scoreboard, asked), 'the live answer to request-scoreboard').toEqual([]);
  } finally {
    live.close();
  }
  const during = await sweep();
  expect.soft(during.problems, 'during the event').toEqual([]);

  // every round played, the winner marked: the report, the record, the deck files
  await kit.advanceToEnd(uid);
  await ok(await host.post(`/api/tournaments/${uid}/winner`));
  expect((await ok<Tournament>(await host.get(`/api/tournaments/${uid}`))).winnerTeamUid).toBeTruthy();
  const after = await sweep();
  expect(after.problems, 'after the event').toEqual([]);

  const never = Object.keys(ROUTES).filter((r) => !during.answered.has(r) && !after.answered.has(r));
  expect(never, 'operations that never answered 2xx or 3xx (their success is unchecked)').toEqual([]);
});
