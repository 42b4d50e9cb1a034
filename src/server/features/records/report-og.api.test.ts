// The report's link card (issue 20) over real HTTP on PGlite and PostgreSQL: /tournaments/{uid}/report
// is index.html with Open Graph and Twitter tags (escaped: names are user text), og.png a 1200×630
// PNG; an event without a report gets the plain index.html, an unknown one 404 for the picture. The
// event's page shows the report's picture once there is one, its own drawn one before (issue 38 §3).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../../../domain/api/records.ts';
import type { Match, Tournament } from '../../../domain/api/tournaments.ts';
import { buildApp } from '../../app.ts';
import { loadDemoCards } from '../../db/seed.ts';
import { parseEnv } from '../../env.ts';
import { expectOgImage, metaTags } from '../../test/link-card-kit.ts';
import { createTestDatabase, listenLocally, signedInClient, TestClient, type TestServer } from '../../test/test-server.ts';
import { errorOf, ok } from '../tournaments/tournament-test-kit.ts';
import { REPORT_NOT_YET } from './report-routes.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Banlist, judgement board, series and tournaments of the Format Hub community." />
    <title>Format Hub</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const EVIL_EVENT = `<script>alert("x")</script> Cup's $& "Final"`;
const EVIL_TEAM = `Team "<b>Bold</b>" & 'Co'`;
/** A real deck (Blackwing), the same for both teams. */
const DECK = readFileSync(new URL('../../../../../shared/data/decks/iceygo-windbot/AI_Blackwing.ydk', import.meta.url), 'utf8');

let server: TestServer;
let webDir: string;
let host: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'og-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  const database = await createTestDatabase();
  // uploads (an event's picture) go beside the index.html
  const env = parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0', DATA_DIR: webDir });
  const app = await buildApp({ env, database, webDir, rateLimitScale: 100 });
  const { url } = await listenLocally(app);
  server = { app, database, url, close: async () => { await app.close(); await database.close(); } };
  await loadDemoCards(database.db);
  host = await signedInClient(server, '952000000000000001', 1, 'Hosta');
  anonymous = new TestClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** An event of two one-player teams with decks, its name and the first team's name given; played to its winner when `finish`. */
async function event(name: string, firstTeam: string, finish: boolean, more: Record<string, unknown> = {}): Promise<string> {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name, manualDeckChecking: false, deckPrivacy: 'all', ...more }));
  for (const [i, team] of [firstTeam, 'Second Team'].entries()) {
    const player = await signedInClient(server, `95200000000000010${i}`, 0, `Player ${i}`);
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: team }));
    await ok(await player.request('POST', `/api/tournaments/${uid}/decks?label=Deck`, { body: DECK }));
  }
  if (!finish) return uid;
  await ok(await host.post(`/api/tournaments/${uid}/start`));
  const t = await ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`));
  const winner = t.teams.find((x) => x.name === firstTeam)!.uid;
  for (let round = 1; round <= t.roundCount; round++) {
    for (const m of await ok<Match[]>(await host.get(`/api/tournaments/${uid}/matches?round=${round}`))) {
      if (m.complete || !m.team1Id || !m.team2Id) continue;
      const w = m.team1Id === winner || m.team2Id === winner ? winner : m.team1Id;
      await ok(await host.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${w}`, { team1Wins: w === m.team1Id ? 2 : 0, team2Wins: w === m.team2Id ? 2 : 0 }));
    }
    if (round < t.roundCount) await ok(await host.post(`/api/tournaments/${uid}/next-round`));
  }
  await ok(await host.post(`/api/tournaments/${uid}/winner`));
  return uid;
}

describe('a completed event whose name and champion carry markup', () => {
  let uid: string;
  let html: string;
  beforeAll(async () => {
    uid = await event(EVIL_EVENT, EVIL_TEAM, true);
    const res = await fetch(`${server.url}/tournaments/${uid}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    html = await res.text();
  }, 120_000);

  test('the page is the app’s index.html with the card’s tags, each value escaped', async () => {
    expect(html).toContain('<div id="root"></div>');
    const tags = metaTags(html);
    const report = await ok<Report>(await anonymous.get(`/api/tournaments/${uid}/report`));
    expect(report.champion?.teamName).toBe(EVIL_TEAM);
    expect(tags.get('og:title')).toBe(`${EVIL_EVENT}: event report`);
    expect(tags.get('twitter:title')).toBe(`${EVIL_EVENT}: event report`);
    expect(tags.get('og:description')).toMatch(new RegExp(`^Champion: ${EVIL_TEAM.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · 2 players · \\w+ \\d+, \\d{4}$`));
    expect(tags.get('twitter:description')).toBe(tags.get('og:description'));
    expect(tags.get('og:url')).toBe(`${server.url}/tournaments/${uid}/report`);
    expect(tags.get('og:image')).toBe(`${server.url}/api/tournaments/${uid}/report/og.png?v=${report.version}`);
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'));
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    // no markup of the names reaches the page as markup; the title is the event's
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Cup&#39;s $&amp; &quot;Final&quot;');
    expect(html.match(/<title>([^<]*)<\/title>/)![1]).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Cup&#39;s $&amp; &quot;Final&quot;: event report · Format Hub');
    expect(html.match(/<meta /g)).toHaveLength(2 + 14);
  });

  test('the picture is a 1200×630 PNG, the same bytes on the next read, with an ETag and a cache lifetime', async () => {
    await expectOgImage(metaTags(html));
    const res = await fetch(metaTags(html).get('og:image')!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const png = Buffer.from(await res.arrayBuffer());
    const info = await sharp(png).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    const again = await fetch(`${server.url}/api/tournaments/${uid}/report/og.png`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  test('a correction of an archetype makes a new version: new tags, the picture under a new address', async () => {
    const before = await ok<Report>(await anonymous.get(`/api/tournaments/${uid}/report`));
    const deck = before.decks[0]!;
    await ok(await host.request('PATCH', `/api/tournaments/${uid}/report/decks/${deck.id}`, { body: { archetype: 'Renamed' } }));
    const after = await (await fetch(`${server.url}/tournaments/${uid}/report`)).text();
    expect(metaTags(after).get('og:image')).toBe(`${server.url}/api/tournaments/${uid}/report/og.png?v=${before.version + 1}`);
  });

  test('the event’s page shows the report’s picture: a PNG of its declared size', async () => {
    const tags = metaTags(await (await fetch(`${server.url}/tournaments/${uid}`)).text());
    const report = await ok<Report>(await anonymous.get(`/api/tournaments/${uid}/report`));
    expect(tags.get('og:image')).toBe(`${server.url}/api/tournaments/${uid}/report/og.png?v=${report.version}`);
    expect([tags.get('og:image:width'), tags.get('og:image:height'), tags.get('twitter:card')]).toEqual(['1200', '630', 'summary_large_image']);
    expect(await expectOgImage(tags)).toMatchObject({ width: 1200, height: 630 });
  });

  test('PUBLIC_URL is not set: the addresses are the request’s own host', async () => {
    const res = await fetch(`${server.url.replace('127.0.0.1', 'localhost')}/tournaments/${uid}/report`);
    expect(metaTags(await res.text()).get('og:url')).toBe(`${server.url.replace('127.0.0.1', 'localhost')}/tournaments/${uid}/report`);
  });
});

describe('no report', () => {
  test('an event without a winner: the plain index.html, and 409 for its picture', async () => {
    const uid = await event('Not Yet Cup', 'First Team', false);
    const res = await fetch(`${server.url}/tournaments/${uid}/report`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    const png = await anonymous.get(`/api/tournaments/${uid}/report/og.png`);
    expect(png.status).toBe(409);
    expect(await errorOf(png)).toBe(REPORT_NOT_YET);
  }, 60_000);

  test('an unknown event: the plain index.html (the app says not found), 404 for the picture', async () => {
    const res = await fetch(`${server.url}/tournaments/no-such-event/report`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    const png = await anonymous.get('/api/tournaments/no-such-event/report/og.png');
    expect(png.status).toBe(404);
    expect(await errorOf(png)).toBe('Tournament not found');
  });
});

// The event and player pages' link cards (issue 29 §9): the same index.html with Open Graph and
// Twitter tags, so that a sign-up link or a profile posted on Discord unfurls.
describe('the link cards of an event’s page and a player’s page', () => {
  const EVIL_PLAYER = `Zoë "<i>Zed</i>" & 'Co' $&`;
  const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

  test('an event open for sign-ups: its name, format, field and state, escaped, and its drawn picture; cached with an ETag; gone once cancelled', async () => {
    const uid = await event(EVIL_EVENT, EVIL_TEAM, false);
    const res = await fetch(`${server.url}/tournaments/${uid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const tags = metaTags(html);
    const image = tags.get('og:image')!;
    expect(image).toMatch(new RegExp(`^${server.url}/api/tournaments/${uid}/og\\.png\\?v=[\\w-]{12}$`));
    expect(Object.fromEntries(tags)).toEqual({
      description: 'Swiss → Top Cut, best of 3 · 2 players · Sign-ups open',
      'og:type': 'website',
      'og:site_name': 'Format Hub',
      'og:title': EVIL_EVENT,
      'og:description': 'Swiss → Top Cut, best of 3 · 2 players · Sign-ups open',
      'og:url': `${server.url}/tournaments/${uid}`,
      'og:image': image,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': `${EVIL_EVENT}: Sign-ups open`,
      'twitter:card': 'summary_large_image',
      'twitter:title': EVIL_EVENT,
      'twitter:description': 'Swiss → Top Cut, best of 3 · 2 players · Sign-ups open',
      'twitter:image': image,
    });
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<title>([^<]*)<\/title>/)![1]).toBe(`${escaped(EVIL_EVENT)} · Format Hub`);
    await expectOgImage(tags);
    // the same bytes from memory until the event changes
    const again = await fetch(`${server.url}/tournaments/${uid}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    // a third player: a new drawing, under a new address
    const third = await signedInClient(server, '952000000000000200', 0, 'Third');
    await ok(await third.post(`/api/tournaments/${uid}/signup`, { name: 'Third Team' }));
    const later = metaTags(await (await fetch(`${server.url}/tournaments/${uid}`)).text());
    expect([later.get('og:description'), later.get('og:image') === image]).toEqual(['Swiss → Top Cut, best of 3 · 3 players · Sign-ups open', false]);

    await ok(await host.post(`/api/tournaments/${uid}/cancel`));
    expect(await (await fetch(`${server.url}/tournaments/${uid}`)).text()).toBe(INDEX);
    expect((await fetch(image)).status).toBe(404);
  }, 60_000);

  test('an event with an uploaded picture: drawn beside the text, from the upload’s own pixels', async () => {
    const form = new FormData();
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } }).png().toBuffer();
    form.append('image', new Blob([new Uint8Array(red)], { type: 'image/png' }), 'red.png');
    const uploaded = await fetch(`${server.url}/api/images/api/upload`, { method: 'POST', body: form, headers: { cookie: host.cookieHeader(), origin: server.url } });
    const { url } = await ok<{ url: string }>(uploaded);
    const uid = await event('Pictured Cup', 'First Team', false, { imageUri: url });
    const { bytes } = await expectOgImage(metaTags(await (await fetch(`${server.url}/tournaments/${uid}`)).text()));
    // the middle of the square right of the text (tournament-og-card.ts EVENT_INSET) is the upload's red
    const { data } = await sharp(bytes).extract({ left: 940, top: 346, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  }, 60_000);

  test('an unknown event, and the app’s own pages under /tournaments/: the plain index.html', async () => {
    for (const path of ['/tournaments/no-such-event', '/tournaments/new', `/tournaments/${'x'.repeat(65)}`]) {
      const res = await fetch(`${server.url}${path}`);
      expect([path, res.status, await res.text()]).toEqual([path, 200, INDEX]);
    }
  });

  test('a player: name, titles and events, escaped; an unknown or malformed id gets the plain index.html', async () => {
    await signedInClient(server, '952000000000000300', 0, EVIL_PLAYER);
    const html = await (await fetch(`${server.url}/players/952000000000000300`)).text();
    const tags = metaTags(html);
    expect([tags.get('og:title'), tags.get('og:description'), tags.get('og:type'), tags.get('twitter:card')]).toEqual([EVIL_PLAYER, '0 events', 'profile', 'summary']);
    expect(tags.get('og:url')).toBe(`${server.url}/players/952000000000000300`);
    expect(html.match(/<title>([^<]*)<\/title>/)![1]).toBe(`${escaped(EVIL_PLAYER)} · Format Hub`);
    expect(html).not.toContain('<i>');

    // the champion of the first event of this file: a title among the events
    const champion = await ok<{ events: { champion: boolean }[] }>(await anonymous.get('/api/players/952000000000000100'));
    const titles = champion.events.filter((e) => e.champion).length;
    expect(titles).toBeGreaterThan(0);
    const card = metaTags(await (await fetch(`${server.url}/players/952000000000000100`)).text());
    expect(card.get('og:title')).toBe('Player 0');
    expect(card.get('og:description')).toBe(`${titles} ${titles === 1 ? 'title' : 'titles'} · ${champion.events.length} ${champion.events.length === 1 ? 'event' : 'events'}`);

    for (const id of ['999999999999999999', 'not-a-number']) expect(await (await fetch(`${server.url}/players/${id}`)).text()).toBe(INDEX);
  });
});
