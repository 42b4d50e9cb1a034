import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectOgImage, metaTags } from '../../test/link-card-kit.ts';
import { TestClient } from '../../test/test-server.ts';
import { apiTest, tempDir } from '../../test/api-test.ts';
import { normalizeCardName, searchRank } from '../../../domain/banlists/card-search.ts';
import { FRAME_COLOR } from '../../../domain/banlists/card-info.ts';
import { cardRowFromJson, cardRowsFromFile } from './card-import.ts';
import type { CardJson } from './card-json.ts';
import { officialCards, writeCdb } from './cdb-fixture.ts';
import * as CardsRepository from './cards-repository.ts';

const DARK_MAGICIAN = 46986414;
const APOLLOUSA = 4280258;

const ASH_BLOSSOM = 14558127;
const CALLED_BY_THE_GRAVE = 24224830;
const BLUE_EYES = 89631139;
const INDEX = '<!doctype html>\n<html lang="en"><head><meta name="description" content="Site." /><title>Format Hub</title></head><body><div id="root"></div></body></html>\n';

// the app's index.html, for the pages the server writes link cards into
const webDir = tempDir('fh-card-web-');
fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
const imageDir = tempDir('fh-card-images-');
const { server } = apiTest({}, {}, { webDir });
const { server: images } = apiTest({}, { CARD_IMAGE_DIR: imageDir, CARD_IMAGE_BASE_URL: 'https://images.example.test/images/cards' }, { webDir });
beforeAll(async () => {
  await CardsRepository.upsertCards(server.database.db, officialCards().map(cardRowFromJson));
}, 120_000);

const get = (path: string, headers?: Record<string, string>) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
const search = async (name: string) => (await get(`/api/cards/search?name=${encodeURIComponent(name)}`)).json() as Promise<{ id: number; name: string; imageUrl: string }[]>;

/** The order the spec asks for, computed here over the JSON: rank, shorter name, name; one hit per name (the original). */
function expectedSearch(query: string): number[] {
  const q = normalizeCardName(query);
  const byName = new Map<string, CardJson>();
  for (const c of officialCards()) {
    const held = byName.get(c.name);
    const better = !held || ((held.alias ?? 0) !== 0 && (c.alias ?? 0) === 0) || (((held.alias ?? 0) !== 0) === ((c.alias ?? 0) !== 0) && c.id < held.id);
    if (better) byName.set(c.name, c);
  }
  return [...byName.values()]
    .map((c) => ({ c, rank: searchRank(normalizeCardName(c.name), q) }))
    .filter((h) => h.rank !== undefined)
    .sort((a, b) => a.rank! - b.rank! || a.c.name.length - b.c.name.length || (a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : 0) || a.c.id - b.c.id)
    .slice(0, 20)
    .map((h) => h.c.id);
}

describe('GET /api/cards/search', () => {
  test("'dark magician' gives Dark Magician (the original, not an alternate artwork) first", async () => {
    const hits = await search('dark magician');
    expect(hits[0]).toEqual({ id: DARK_MAGICIAN, name: 'Dark Magician', imageUrl: `/api/cards/${DARK_MAGICIAN}/image` });
    expect(hits.filter((h) => h.name === 'Dark Magician')).toHaveLength(1);
    expect(hits[1]!.name).toMatch(/^Dark Magician /);
  });

  test.each([
    ['exact, prefixes, then word prefixes', 'dark magician'],
    ['word prefixes before substrings', 'magician'],
    ['hyphenated names found without the hyphen', 'blue eyes'],
    ['substring only', 'agicia'],
    ['a common word: capped at 20, shortest first', 'dragon'],
    ['apostrophes ignored', "harpies feather"],
  ])('ranked as the spec says: %s (%s)', async (_why, query) => {
    const hits = await search(query);
    expect(hits.map((h) => h.id)).toEqual(expectedSearch(query));
    expect(hits.length).toBeLessThanOrEqual(20);
    expect(hits.length).toBeGreaterThan(0);
  });

  test('case and accents do not matter', async () => {
    const plain = await search('dark magician');
    expect(await search('DARK MAGICIAN')).toEqual(plain);
    expect(await search('Dárk Mägícian')).toEqual(plain);
    expect((await search('cu chulainn'))[0]?.name).toBe('Cú Chulainn the Awakened');
  });

  test('at most 20 results', async () => {
    expect(await search('dragon')).toHaveLength(20);
  });

  test.each([
    ['one character', 'd'],
    ['empty', ''],
    ['punctuation only', '--'],
    ['one character among spaces', '  x  '],
  ])('under 2 characters gives an empty list: %s', async (_why, query) => {
    expect(await search(query)).toEqual([]);
  });

  test('no name parameter gives an empty list', async () => {
    expect(await (await get('/api/cards/search')).json()).toEqual([]);
  });
});

describe('GET /api/cards/{id}', () => {
  test('a normal monster with its stats, type and text', async () => {
    const res = await get(`/api/cards/${DARK_MAGICIAN}`);
    expect(res.status).toBe(200);
    const card = await res.json();
    expect(card).toMatchObject({
      id: DARK_MAGICIAN, alias: 0, name: 'Dark Magician', cardType: 'MONSTER_NORMAL', type: 'Normal Monster',
      typeLine: 'Spellcaster / Normal', attribute: 'DARK', race: 'Spellcaster', level: 7, rank: null, linkRating: null,
      linkMarkers: null, leftScale: null, rightScale: null, atk: 2500, def: 2100, imageUrl: `/api/cards/${DARK_MAGICIAN}/image`,
    });
    expect(card.text).toMatch(/ultimate wizard/i);
  });

  test('a Link monster: rating, arrows, ATK "?" and no DEF', async () => {
    const card = await (await get(`/api/cards/${APOLLOUSA}`)).json();
    expect(card).toMatchObject({ cardType: 'MONSTER_LINK', type: 'Link Monster', level: null, linkRating: 4, atk: '?', def: null });
    expect(card.linkMarkers).toEqual(['Top', 'Bottom-Left', 'Bottom', 'Bottom-Right']);
  });

  test('a pendulum monster has its scales', async () => {
    expect(await (await get('/api/cards/41546')).json()).toMatchObject({ name: 'D/D Savant Thomas', leftScale: 6, rightScale: 6, level: 8 });
  });

  test('revalidates with an ETag', async () => {
    const first = await get(`/api/cards/${DARK_MAGICIAN}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get(`/api/cards/${DARK_MAGICIAN}`, { 'if-none-match': etag })).status).toBe(304);
  });

  test.each([
    ['an unknown passcode', '/api/cards/1', 404, 'Card not found'],
    ['a non-numeric id', '/api/cards/abc', 400, /^id: /],
    ['a negative id', '/api/cards/-5', 400, /^id: /],
    ['an id beyond uint32', '/api/cards/99999999999', 400, /^id: /],
  ])('%s gives %s', async (_why, url, status, message) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toMatch(message);
  });
});

describe('POST /api/cards/images', () => {
  const client = () => new TestClient(server.url);

  test('maps names to image URLs, any case or accent, once per name; unknown names are left out', async () => {
    const res = await client().post('/api/cards/images', ['Dark Magician', 'dark magician', 'No Such Card Anywhere', 'Dark Magician', 'Apollousa, Bow of the Goddess']);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { name: 'Dark Magician', imageUrl: `/api/cards/${DARK_MAGICIAN}/image` },
      { name: 'dark magician', imageUrl: `/api/cards/${DARK_MAGICIAN}/image` },
      { name: 'Apollousa, Bow of the Goddess', imageUrl: `/api/cards/${APOLLOUSA}/image` },
    ]);
  });

  test('an empty list gives an empty list', async () => {
    expect(await (await client().post('/api/cards/images', [])).json()).toEqual([]);
  });

  test.each([
    ['not an array', { names: ['Dark Magician'] }, /array of card names/],
    ['more than 500 names', Array.from({ length: 501 }, (_, i) => `Card ${i}`), /At most 500 names/],
    ['a name that is not a string', [42], /body/],
  ])('refuses %s with a 400', async (_why, body, message) => {
    const res = await client().post('/api/cards/images', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
  });
});

describe('GET /api/cards/{id}/image without an image folder or base URL: a placeholder', () => {
  test('an SVG card with the name, the frame colour of its type and ATK/DEF, cached a day with an ETag', async () => {
    const res = await get(`/api/cards/${DARK_MAGICIAN}/image`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=86400/);
    const svg = await res.text();
    expect(svg).toContain('Dark Magician');
    expect(svg).toContain(FRAME_COLOR.MONSTER_NORMAL);
    expect(svg).toContain('ATK/2500  DEF/2100');
    const again = await get(`/api/cards/${DARK_MAGICIAN}/image`, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test.each([
    ['a name with an ampersand', 14558127, 'Ash Blossom &amp; Joyous Spring', FRAME_COLOR.MONSTER_EFFECT],
    ['a Link monster', APOLLOUSA, 'LINK-4', FRAME_COLOR.MONSTER_LINK],
    ['a spell', 483, 'Parallel Teleport', FRAME_COLOR.SPELL_QUICK_PLAY],
    ['an unknown passcode', 123, 'Card 123', FRAME_COLOR.UNKNOWN],
  ])('%s renders as a valid image', async (_why, id, text, colour) => {
    const res = await get(`/api/cards/${id}/image?size=small`);
    expect(res.status).toBe(200);
    const svg = Buffer.from(await res.arrayBuffer());
    expect(svg.toString()).toContain(text);
    expect(svg.toString()).toContain(colour);
    // librsvg (through sharp) must be able to draw it
    expect(await sharp(svg).metadata()).toMatchObject({ format: 'svg', width: 421, height: 614 });
  });

  test('a different card has a different ETag', async () => {
    const a = (await get(`/api/cards/${DARK_MAGICIAN}/image`)).headers.get('etag');
    const b = (await get(`/api/cards/${APOLLOUSA}/image`)).headers.get('etag');
    expect(a).not.toBe(b);
  });

  test.each([
    ['a bad size', `/api/cards/${DARK_MAGICIAN}/image?size=huge`, /^size: /],
    ['a bad id', '/api/cards/x/image', /^id: /],
  ])('%s is a 400', async (_why, url, message) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
  });
});

describe('GET /api/cards/{id}/image with CARD_IMAGE_DIR and CARD_IMAGE_BASE_URL', () => {
  const picture = (width: number, colour: string) =>
    sharp({ create: { width, height: Math.round(width * 1.46), channels: 3, background: colour } }).jpeg().toBuffer();
  const getImage = (url: string, headers?: Record<string, string>) => fetch(`${images.url}${url}`, { headers, redirect: 'manual' });

  test('the file in the folder is served as is, with an ETag and a day of cache', async () => {
    const bytes = await picture(400, '#336699');
    fs.writeFileSync(path.join(imageDir, `${DARK_MAGICIAN}.jpg`), bytes);
    const res = await getImage(`/api/cards/${DARK_MAGICIAN}/image`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toMatch(/max-age=86400/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await getImage(`/api/cards/${DARK_MAGICIAN}/image`, { 'if-none-match': res.headers.get('etag')! })).status).toBe(304);
  });

  test('a PNG is served as a PNG', async () => {
    const png = await sharp({ create: { width: 10, height: 14, channels: 3, background: '#000' } }).png().toBuffer();
    fs.writeFileSync(path.join(imageDir, '483.png'), png);
    const res = await getImage('/api/cards/483/image');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  test('small: a thumbnail 168 px wide made from the large file', async () => {
    fs.writeFileSync(path.join(imageDir, `${APOLLOUSA}.jpg`), await picture(600, '#aa2200'));
    const res = await getImage(`/api/cards/${APOLLOUSA}/image?size=small`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 168 });
  });

  test('small: the file in small/ wins when present', async () => {
    const small = await picture(100, '#00ff00');
    fs.mkdirSync(path.join(imageDir, 'small'), { recursive: true });
    fs.writeFileSync(path.join(imageDir, 'small', `${DARK_MAGICIAN}.jpg`), small);
    const res = await getImage(`/api/cards/${DARK_MAGICIAN}/image?size=small`);
    expect(Buffer.from(await res.arrayBuffer()).equals(small)).toBe(true);
  });

  test('no file: a redirect to the base URL, small ones to the sibling _small folder', async () => {
    const large = await getImage('/api/cards/89631139/image');
    expect(large.status).toBe(302);
    expect(large.headers.get('location')).toBe('https://images.example.test/images/cards/89631139.jpg');
    expect(large.headers.get('cache-control')).toMatch(/max-age=86400/);
    const small = await getImage('/api/cards/89631139/image?size=small');
    expect(small.status).toBe(302);
    expect(small.headers.get('location')).toBe('https://images.example.test/images/cards_small/89631139.jpg');
  });
});

describe('cards.cdb import into the database', () => {
  const sample = () => {
    const wanted = new Set([DARK_MAGICIAN, APOLLOUSA, 41546, 483, 28649820, 176393, 8512558, 64866, 89631139, 14558127]);
    return officialCards().filter((c) => wanted.has(c.id));
  };

  test('fills the card table as EDOPro reads it, and a re-import updates in place', async () => {
    const db = images.database.db;
    expect(await CardsRepository.countCards(db)).toBe(0);
    await CardsRepository.upsertCards(db, await cardRowsFromFile(await writeCdb(sample())));
    expect(await CardsRepository.countCards(db)).toBe(10);
    const link = await (await fetch(`${images.url}/api/cards/${APOLLOUSA}`)).json();
    expect(link).toMatchObject({ name: 'Apollousa, Bow of the Goddess', linkRating: 4, atk: '?', def: null, race: 'Fairy', attribute: 'WIND' });
    expect(link.linkMarkers).toEqual(['Top', 'Bottom-Left', 'Bottom', 'Bottom-Right']);
    expect(await (await fetch(`${images.url}/api/cards/41546`)).json()).toMatchObject({ leftScale: 6, rightScale: 6, level: 8 });
    expect(await (await fetch(`${images.url}/api/cards/28649820`)).json()).toMatchObject({ cardType: 'TRAP_CONTINUOUS', atk: null, level: null });

    const renamed = sample().map((c) => (c.id === DARK_MAGICIAN ? { ...c, name: 'Dark Magician (Renamed)' } : c));
    await CardsRepository.upsertCards(db, await cardRowsFromFile(await writeCdb(renamed)));
    expect(await CardsRepository.countCards(db)).toBe(10);
    expect((await (await fetch(`${images.url}/api/cards/${DARK_MAGICIAN}`)).json()).name).toBe('Dark Magician (Renamed)');
    const hits = await (await fetch(`${images.url}/api/cards/search?name=renamed`)).json();
    expect(hits).toEqual([{ id: DARK_MAGICIAN, name: 'Dark Magician (Renamed)', imageUrl: `/api/cards/${DARK_MAGICIAN}/image` }]);
  });
});

// Issue 38 §3: the picture of a card's link card is one Discord, X and Facebook show (PNG, JPEG or WebP).
describe('the link card of /cards/{passcode}', () => {
  beforeAll(async () => {
    const some = new Set([ASH_BLOSSOM, CALLED_BY_THE_GRAVE, BLUE_EYES]);
    await CardsRepository.upsertCards(images.database.db, officialCards().filter((c) => some.has(c.id)).map(cardRowFromJson));
  });
  const page = async (base: string, passcode: number) => metaTags(await (await fetch(`${base}/cards/${passcode}`)).text());

  test('no picture of the card: a drawn 1200×630 PNG of its name, type and stats, under a versioned address', async () => {
    const tags = await page(server.url, DARK_MAGICIAN);
    expect([tags.get('og:title'), tags.get('og:description')]).toEqual(['Dark Magician', 'Spellcaster / Normal · ATK 2500 / DEF 2100']);
    expect(tags.get('og:image')).toMatch(new RegExp(`^${server.url}/api/cards/${DARK_MAGICIAN}/og\\.png\\?v=[\\w-]{12}$`));
    expect([tags.get('og:image:type'), tags.get('og:image:width'), tags.get('og:image:height'), tags.get('twitter:card')])
      .toEqual(['image/png', '1200', '630', 'summary_large_image']);
    expect(await expectOgImage(tags)).toMatchObject({ width: 1200, height: 630 });
    const again = await get(`/api/cards/${DARK_MAGICIAN}/og.png`);
    expect([again.headers.get('cache-control'), again.headers.get('cross-origin-resource-policy')]).toEqual(['public, max-age=3600', 'cross-origin']);
  });

  test('an unknown card: the plain page, and 404 for its picture; a bad passcode 400', async () => {
    expect(await (await fetch(`${server.url}/cards/123`)).text()).toBe(INDEX);
    const unknown = await get('/api/cards/123/og.png');
    expect([unknown.status, (await unknown.json()).error]).toEqual([404, 'Card not found']);
    const bad = await get('/api/cards/abc/og.png');
    expect([bad.status, (await bad.json()).error]).toEqual([400, 'passcode: A card id is a number']);
  });

  test('the card’s own picture from the folder, as a JPEG of its own size; the base URL’s where the folder has none', async () => {
    fs.writeFileSync(path.join(imageDir, `${ASH_BLOSSOM}.jpg`), await sharp({ create: { width: 421, height: 614, channels: 3, background: '#885522' } }).jpeg().toBuffer());
    const own = await page(images.url, ASH_BLOSSOM);
    expect(own.get('og:image')).toBe(`${images.url}/api/cards/${ASH_BLOSSOM}/image`);
    expect([own.get('og:image:type'), own.get('og:image:width'), own.get('og:image:height'), own.get('twitter:card')]).toEqual(['image/jpeg', '421', '614', 'summary']);
    expect(await expectOgImage(own)).toMatchObject({ width: 421, height: 614 });

    const remote = await page(images.url, BLUE_EYES);
    expect([remote.get('og:image'), remote.get('og:image:type'), remote.has('og:image:width')])
      .toEqual([`https://images.example.test/images/cards/${BLUE_EYES}.jpg`, 'image/jpeg', false]);
  });

  test('a file whose bytes are not what its name says (an SVG named .png) is not offered: the base URL’s picture is', async () => {
    fs.writeFileSync(path.join(imageDir, `${CALLED_BY_THE_GRAVE}.png`), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const tags = await page(images.url, CALLED_BY_THE_GRAVE);
    expect([tags.get('og:image'), tags.get('og:image:type')]).toEqual([`https://images.example.test/images/cards/${CALLED_BY_THE_GRAVE}.jpg`, 'image/jpeg']);
  });
});
