import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { SERIES_DEFAULTS } from '../../../domain/series/defaults.ts';
import { presetByName } from '../../../domain/series/presets.ts';
import { createSeries } from '../../db/factories.ts';
import type { TestClient } from '../../test/test-server.ts';
import { apiTest, tempDir } from '../../test/api-test.ts';

const CURATOR = '201';
const ADMIN = '202';
const PLAIN = '203';

const dataDir = tempDir('fh-series-');
const { server, anonymous, curator, admin, plain } = apiTest(
  { curator: [CURATOR, 1, 'Curator'], admin: [ADMIN, 2, 'Admin'], plain: [PLAIN, 0, 'Plain'] },
  { DATA_DIR: dataDir },
);

const goat = presetByName('GOAT')!;
const mr1 = presetByName('Master Rule 1')!;
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

/** A multipart request as a browser sends it: cookie, our Origin, a `dto` JSON part and an optional image. */
function multipart(client: TestClient, method: string, url: string, dto: unknown, image?: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.append('dto', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
  if (image) form.append('image', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name);
  return fetch(new URL(url, server.url), { method, body: form, headers: { cookie: client.cookieHeader(), origin: server.url } });
}

const pngOf = (width: number, height: number, colour = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

describe('reading series', () => {
  test('summaries list id, name, description, picture and the banlist’s name (null: none), by name', async () => {
    const a = await createSeries(server.database.db, { name: 'AAA summary', description: 'first', picture: 'https://example.com/a.png' });
    const b = await createSeries(server.database.db, { name: 'AAB summary', banlist: '!2026.07 OCG\n55144522 0\n', banlistName: '2026.07 OCG' });
    const res = await json(await anonymous.get('/api/series/summaries'));
    expect(res.status).toBe(200);
    expect(res.body.find((s: { id: string }) => s.id === a.id)).toEqual({
      id: a.id, name: 'AAA summary', description: 'first', picture: 'https://example.com/a.png', banlistName: null,
    });
    expect(res.body.find((s: { id: string }) => s.id === b.id).banlistName).toBe('2026.07 OCG');
  });

  test('one series has every field of spec 2 §3 and its EDOPro numbers, for anyone', async () => {
    const s = await createSeries(server.database.db, { name: 'GOAT read', preset: 'GOAT', relay: true });
    const { status, body } = await json(await anonymous.get(`/api/series/${s.id}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: s.id, name: 'GOAT read', description: null, picture: null, manualDeckChecking: true, banlistName: null, banlist: null,
      playersTeam1: 1, playersTeam2: 1, bestOf: 3, relay: true, dontShuffleDeck: false, dontCheckDeckContents: false,
      dontCheckDeckSize: false, tcgSegocRulings: false, startingLp: 8000, startingHand: 5, cardsPerDraw: 1,
      minMainDeckSize: 40, maxMainDeckSize: 60, minExtraDeckSize: 0, maxExtraDeckSize: 15, minSideDeckSize: 0, maxSideDeckSize: 15,
      cardTypeFilters: [], preset: 'GOAT', forbiddenTypes: 0,
      duelFlags: String(0x7f80d072cn), roomDuelFlags: String(0x7f80d072cn | 0x80n),
    });
    expect([...body.ruleOptions].sort()).toEqual([...goat.rules].sort());
  });

  test('an unknown id is 404 Series not found', async () => {
    expect(await json(await anonymous.get('/api/series/nope'))).toEqual({ status: 404, body: { error: 'Series not found' } });
  });
});

describe('permissions on writes', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createSeries(server.database.db, { name: 'Guarded' })).id;
  });

  test.each([
    ['create', 'POST', '/api/series'],
    ['update', 'PUT', '/api/series/{id}'],
    ['delete', 'DELETE', '/api/series/{id}'],
  ])('%s: 401 signed out, 403 for auth 0', async (_what, method, template) => {
    const url = template.replace('{id}', id);
    const body = method === 'DELETE' ? undefined : { name: 'Hijack' };
    const signedOut = await anonymous.request(method, url, { body });
    expect(signedOut.status).toBe(401);
    const low = await plain.request(method, url, { body });
    expect(low.status).toBe(403);
    expect((await low.json()).error).toMatch(/auth level 1/);
    expect((await json(await anonymous.get(`/api/series/${id}`))).body.name).toBe('Guarded');
  });

  test.each([
    ['multipart create', '/api/series/upload'],
    ['multipart update', '/api/series/{id}/upload'],
  ])('%s: 401 signed out, 403 for auth 0', async (_what, template) => {
    const url = template.replace('{id}', id);
    expect((await multipart(anonymous, 'PUT', url, { name: 'x' })).status).toBe(401);
    expect((await multipart(plain, 'PUT', url, { name: 'x' })).status).toBe(403);
  });

  test("a body's discordId must be the signed-in user", async () => {
    const res = await json(await curator.post('/api/series', { name: 'Impostor', discordId: ADMIN }));
    expect(res).toEqual({ status: 403, body: { error: 'The acting user must be the signed-in user' } });
    const put = await curator.request('PUT', `/api/series/${id}`, { body: { name: 'x', discordId: PLAIN } });
    expect(put.status).toBe(403);
    expect((await multipart(curator, 'PUT', '/api/series/upload', { name: 'x', discordId: ADMIN })).status).toBe(403);
  });

  test('delete: a discordId in the query or X-Discord-Id must be the signed-in user', async () => {
    expect((await curator.request('DELETE', `/api/series/${id}?discordId=${ADMIN}`)).status).toBe(403);
    expect((await curator.request('DELETE', `/api/series/${id}`, { headers: { 'x-discord-id': ADMIN } })).status).toBe(403);
    expect((await anonymous.get(`/api/series/${id}`)).status).toBe(200);
  });

  test('a cross-site write is refused even when signed in', async () => {
    const res = await curator.request('POST', '/api/series', { body: { name: 'csrf' }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('create, update, delete (JSON)', () => {
  test('create with only a name takes the spec 2 §5 defaults and records the creator', async () => {
    const { status, body } = await json(await curator.post('/api/series', { name: '  Defaults  ', discordId: CURATOR }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...SERIES_DEFAULTS, name: 'Defaults', ruleOptions: [], cardTypeFilters: [], preset: 'Custom', duelFlags: '0', createdBy: CURATOR });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await json(await anonymous.get(`/api/series/${body.id}`))).body).toEqual(body);
  });

  test('create from a preset: the preset is detected and flags reported', async () => {
    const { body } = await json(await admin.post('/api/series', { name: 'MR1 cup', ruleOptions: mr1.rules, cardTypeFilters: mr1.filters }));
    expect(body).toMatchObject({ preset: 'Master Rule 1', duelFlags: String(0xd0700), forbiddenTypes: 0x5800000 });
  });

  test('digit strings from a form are converted to numbers', async () => {
    const { status, body } = await json(await curator.post('/api/series', { name: 'Strings', startingLp: '4000', bestOf: '1' }));
    expect(status).toBe(201);
    expect([body.startingLp, body.bestOf]).toEqual([4000, 1]);
  });

  test('update replaces every field (omitted ones take defaults) and re-detects the preset', async () => {
    const created = (await json(await curator.post('/api/series', {
      name: 'To edit', description: 'old', bestOf: 5, ruleOptions: goat.rules, banlistName: 'X', banlist: '!X\n12345 0\n',
    }))).body;
    const { status, body } = await json(await admin.request('PUT', `/api/series/${created.id}`, {
      body: { name: 'Edited', description: 'new', ruleOptions: [...goat.rules, 'NORMAL_SUMMON_FACEUP_DEFENSE'], discordId: ADMIN },
    }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: created.id, name: 'Edited', description: 'new', bestOf: 3, banlist: null, preset: 'Custom', createdBy: CURATOR });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
  });

  test('update of a missing series is 404; PUT without an id is 400 Series id required for update', async () => {
    expect(await json(await curator.request('PUT', '/api/series/missing', { body: { name: 'x' } }))).toEqual({
      status: 404, body: { error: 'Series not found' },
    });
    expect(await json(await curator.request('PUT', '/api/series', { body: { name: 'x' } }))).toEqual({
      status: 400, body: { error: 'Series id required for update' },
    });
  });

  test('delete removes it: 204, then 404', async () => {
    const { body } = await json(await curator.post('/api/series', { name: 'Doomed' }));
    const del = await curator.request('DELETE', `/api/series/${body.id}?discordId=${CURATOR}`);
    expect(del.status).toBe(204);
    expect((await anonymous.get(`/api/series/${body.id}`)).status).toBe(404);
    expect(await json(await curator.request('DELETE', `/api/series/${body.id}`))).toEqual({ status: 404, body: { error: 'Series not found' } });
  });
});

describe('validation: 400 naming the field', () => {
  test.each([
    ['no name', {}, 'name: Name is required'],
    ['a blank name', { name: '  ' }, 'name: Name is required'],
    ['a number as text', { name: 'x', bestOf: 'three' }, 'bestOf: must be a whole number'],
    ['a fraction', { name: 'x', startingLp: 10.5 }, 'startingLp: must be a whole number'],
    ['a negative hand', { name: 'x', startingHand: -1 }, 'startingHand: must be at least 0'],
    ['an unknown rule code', { name: 'x', ruleOptions: ['FIRST_TURN_DRAW', 'DOUBLE_SUMMON'] }, 'ruleOptions: unknown rule code "DOUBLE_SUMMON"'],
    ['an unknown filter code', { name: 'x', cardTypeFilters: ['NO_RITUAL'] }, 'cardTypeFilters: unknown filter code "NO_RITUAL"'],
    ['main deck bounds reversed', { name: 'x', minMainDeckSize: 60, maxMainDeckSize: 40 }, 'minMainDeckSize: Main Deck minimum (60) must not exceed the maximum (40)'],
    ['extra deck bounds reversed', { name: 'x', maxExtraDeckSize: -0, minExtraDeckSize: 1 }, 'minExtraDeckSize: Extra Deck minimum (1) must not exceed the maximum (0)'],
    ['a banlist that is no lflist', { name: 'x', banlist: 'hello' }, 'banlist: is not an EDOPro .lflist.conf: it needs a "!Name" line'],
    ['a javascript: picture', { name: 'x', picture: 'javascript:alert(1)' }, 'picture: must be an image uploaded to this site'],
  ])('create with %s', async (_why, body, message) => {
    expect(await json(await curator.post('/api/series', body))).toEqual({ status: 400, body: { error: message } });
  });

  test('update validates the same way', async () => {
    const { body } = await json(await curator.post('/api/series', { name: 'Valid' }));
    const res = await json(await curator.request('PUT', `/api/series/${body.id}`, { body: { name: 'Valid', minSideDeckSize: 20 } }));
    expect(res).toEqual({ status: 400, body: { error: 'minSideDeckSize: Side Deck minimum (20) must not exceed the maximum (15)' } });
  });

  test('malformed JSON and text/plain bodies are 4xx, never 500', async () => {
    const bad = await curator.request('POST', '/api/series', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const text = await curator.request('POST', '/api/series', { body: 'name=x' });
    expect(text.status).toBe(415);
  });
});

describe('multipart create and update with a picture', () => {
  test('PUT /api/series/upload creates with the picture, stored permanently and served', async () => {
    const png = await pngOf(64, 48);
    const res = await multipart(curator, 'PUT', '/api/series/upload', { name: 'Pictured', discordId: CURATOR, ruleOptions: mr1.rules, cardTypeFilters: mr1.filters }, { data: png, name: 'cover.png', type: 'image/png' });
    const { status, body } = await json(res);
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Pictured', preset: 'Master Rule 1' });
    expect(body.picture).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}$/); // permanent: no expiry, no signature

    const img = await fetch(new URL(body.picture, server.url));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
    expect(img.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).some((f) => body.picture.endsWith(f.replace(/\.png$/, '')))).toBe(true);

    const summaries = (await json(await anonymous.get('/api/series/summaries'))).body;
    expect(summaries.find((s: { id: string }) => s.id === body.id).picture).toBe(body.picture);
  });

  test('PUT /api/series/{id}/upload replaces the picture; without an image it keeps the old one', async () => {
    const first = (await json(await multipart(curator, 'PUT', '/api/series/upload', { name: 'Swap' }, { data: await pngOf(8, 8), name: 'a.png', type: 'image/png' }))).body;
    const swapped = await json(await multipart(admin, 'PUT', `/api/series/${first.id}/upload`, { name: 'Swapped', bestOf: 1 }, { data: await pngOf(16, 16, '#ff0000'), name: 'b.png', type: 'image/png' }));
    expect(swapped.status).toBe(200);
    expect(swapped.body).toMatchObject({ id: first.id, name: 'Swapped', bestOf: 1 });
    expect(swapped.body.picture).not.toBe(first.picture);
    expect((await fetch(new URL(swapped.body.picture, server.url))).status).toBe(200);

    const kept = await json(await multipart(admin, 'PUT', `/api/series/${first.id}/upload`, { name: 'No new image' }));
    expect(kept.body).toMatchObject({ name: 'No new image', picture: swapped.body.picture });
    const cleared = await json(await multipart(admin, 'PUT', `/api/series/${first.id}/upload`, { name: 'Cleared', picture: null }));
    expect(cleared.body.picture).toBeNull();
  });

  test('PUT /api/series/upload with an id in the dto updates that series', async () => {
    const { body } = await json(await curator.post('/api/series', { name: 'Dto id' }));
    const res = await json(await multipart(curator, 'PUT', '/api/series/upload', { id: body.id, name: 'Dto id updated' }));
    expect(res).toMatchObject({ status: 200, body: { id: body.id, name: 'Dto id updated' } });
  });

  test('a multipart update of a missing series is 404 and keeps no image', async () => {
    const before = fs.readdirSync(path.join(dataDir, 'uploads')).length;
    const res = await multipart(curator, 'PUT', '/api/series/missing/upload', { name: 'x' }, { data: await pngOf(8, 8), name: 'a.png', type: 'image/png' });
    expect(await json(res)).toEqual({ status: 404, body: { error: 'Series not found' } });
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).length).toBe(before);
  });

  test.each([
    ['a bad field', { name: 'x', bestOf: 'x' }, undefined, 400, 'bestOf: must be a whole number'],
    ['every bad field at once, as the JSON route says them', { name: '', bestOf: 'x', minMainDeckSize: 50, maxMainDeckSize: 40 }, undefined, 400, 'name: Name is required; bestOf: must be a whole number; minMainDeckSize: Main Deck minimum (50) must not exceed the maximum (40)'],
    ['a dto that is not an object', ['x'], undefined, 400, 'dto: must be a JSON object of the series fields'],
    ['an SVG as picture', { name: 'x' }, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'p.png', type: 'image/png' }, 415, 'image: only PNG, JPEG, WebP or GIF images are accepted'],
  ])('multipart with %s is refused and creates nothing', async (_why, dto, image, status, message) => {
    const count = (await json(await anonymous.get('/api/series/summaries'))).body.length;
    expect(await json(await multipart(curator, 'PUT', '/api/series/upload', dto, image))).toEqual({ status, body: { error: message } });
    expect((await json(await anonymous.get('/api/series/summaries'))).body.length).toBe(count);
  });

  test('a dto that is not JSON, or missing, is a 400', async () => {
    const form = new FormData();
    form.append('dto', '{"name":');
    const res = await fetch(new URL('/api/series/upload', server.url), { method: 'PUT', body: form, headers: { cookie: curator.cookieHeader(), origin: server.url } });
    expect(await json(res)).toEqual({ status: 400, body: { error: 'dto: is not valid JSON' } });
    const empty = new FormData();
    empty.append('other', 'x');
    const res2 = await fetch(new URL('/api/series/upload', server.url), { method: 'PUT', body: empty, headers: { cookie: curator.cookieHeader(), origin: server.url } });
    expect(await json(res2)).toEqual({ status: 400, body: { error: 'dto: the series fields are missing' } });
  });

  test('a dto sent as a plain text field works too', async () => {
    const form = new FormData();
    form.append('dto', JSON.stringify({ name: 'Text dto' }));
    const res = await fetch(new URL('/api/series/upload', server.url), { method: 'PUT', body: form, headers: { cookie: curator.cookieHeader(), origin: server.url } });
    expect(await json(res)).toMatchObject({ status: 201, body: { name: 'Text dto' } });
  });

  test('JSON to a multipart route is refused with 415', async () => {
    const res = await curator.request('PUT', '/api/series/upload', { body: { name: 'x' } });
    expect(res.status).toBe(415);
  });
});
