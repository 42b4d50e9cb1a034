import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { TestClient } from '../../test/test-server.ts';
import { apiTest } from '../../test/api-test.ts';
import { parseLflist } from '../../../domain/banlists/lflist.ts';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { cardRowFromJson } from '../cards/card-import.ts';
import { officialCards } from '../cards/cdb-fixture.ts';
import * as CardsRepository from '../cards/cards-repository.ts';

const LFLISTS = new URL('../../../../../shared/data/lflists/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, LFLISTS), 'utf8');
const summary = JSON.parse(read('PARSED-SUMMARY.json')) as Record<
  string,
  { lists: { name: string; whitelist: boolean; entries: number; hash: number }[]; duplicateEntryLines: number }
>;
const MULTI = 'ygopro-multi-list-102-lists.lflist.conf';

const ADMIN = '201';
const OTHER_ADMIN = '202';
const PLAIN = '203';

const { server, anonymous: anon, admin, otherAdmin, plain } = apiTest(
  { admin: [ADMIN, 2, 'Ada Admin'], otherAdmin: [OTHER_ADMIN, 2, 'Grace Admin'], plain: [PLAIN, 0, 'Joey Plain'] },
  { FORMAT_NAME: 'Goat Format' },
);
beforeAll(async () => {
  await CardsRepository.upsertCards(server.database.db, officialCards().map(cardRowFromJson));
}, 120_000);

// ---- a model of what the server holds, from the files themselves --------------------------------------------
const cardsById = new Map(officialCards().map((c) => [c.id, c as typeof c & { cardType?: string }]));
/** Spec 1 §3 statuses of an EDOPro count, written out here rather than taken from the code under test. */
const status = (count: number) => (count <= 0 ? 'FORBIDDEN' : count === 1 ? 'LIMITED' : count === 2 ? 'SEMI_LIMITED' : 'UNLIMITED');
const model = { format: new Map<string, Map<number, number>>(), reference: new Map<string, Map<number, number>>() };

function chosenList(text: string, list?: string) {
  const { lists } = parseLflist(text);
  return list === undefined ? lists[0]! : lists.find((l) => l.name === list)!;
}

async function importList(client: TestClient, date: string, text: string, o: { list?: string; reference?: boolean } = {}) {
  const params = new URLSearchParams();
  if (o.list !== undefined) params.set('list', o.list);
  if (o.reference) params.set('reference', 'true');
  const res = await client.request('PUT', `/api/banlists/${date}${params.size ? `?${params}` : ''}`, { body: text });
  if (res.status === 200) {
    const list = chosenList(text, o.list);
    model[o.reference ? 'reference' : 'format'].set(date, new Map(list.entries.map((e) => [e.code, e.count])));
  }
  return res;
}

const latestBefore = (lists: Map<string, Map<number, number>>, pass: (d: string) => boolean) =>
  [...lists.keys()].filter(pass).sort().at(-1);

function expectedEntries(date: string) {
  const list = model.format.get(date)!;
  const prevDate = latestBefore(model.format, (d) => d < date);
  const refDate = latestBefore(model.reference, (d) => d <= date);
  const previous = prevDate ? model.format.get(prevDate)! : new Map<number, number>();
  const reference = refDate ? model.reference.get(refDate)! : new Map<number, number>();
  return [...list].map(([cardId, count]) => ({
    cardId,
    cardName: cardsById.get(cardId)?.name ?? `Card ${cardId}`,
    cardType: cardsById.get(cardId)?.cardType ?? 'UNKNOWN',
    formatStatus: status(count),
    advancedFormatStatus: reference.has(cardId) ? status(reference.get(cardId)!) : 'UNLIMITED',
    previousFormatStatus: previous.has(cardId) ? status(previous.get(cardId)!) : 'NONE',
  }));
}

async function entries(date: string): Promise<BanlistEntry[]> {
  const res = await anon.get(`/api/banlists/${date}`);
  expect(res.status).toBe(200);
  return res.json();
}
const core = (e: BanlistEntry) => ({
  cardId: e.cardId, cardName: e.cardName, cardType: e.cardType, formatStatus: e.formatStatus,
  advancedFormatStatus: e.advancedFormatStatus, previousFormatStatus: e.previousFormatStatus,
});
async function expectMatchesModel(date: string) {
  expect((await entries(date)).map(core)).toEqual(expectedEntries(date));
}

// ---- import ------------------------------------------------------------------------------------------------
describe('PUT /api/banlists/{date}: import', () => {
  test('a blacklist: answers what it stored, and the list reads back card for card', async () => {
    const text = read('2026.05-TCG.lflist.conf');
    const res = await importList(admin, '2026-05-01', text);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      date: '2026-05-01', name: '2026.05 TCG', whitelist: false, entries: summary['2026.05-TCG.lflist.conf']!.lists[0]!.entries,
      skippedLines: parseLflist(text).skippedLines, reference: false,
    });
    await expectMatchesModel('2026-05-01');
    expect(await (await anon.get('/api/banlists/dates')).json()).toContain('2026-05-01');
  });

  test('a whitelist: GOAT 2005.4 with its 1,704 cards', async () => {
    const res = await importList(admin, '2005-04-01', read('2005.4-GOAT.lflist.conf'));
    expect(await res.json()).toMatchObject({ name: '2005.4 GOAT', whitelist: true, entries: 1704 });
    expect(await entries('2005-04-01')).toHaveLength(1704);
    await expectMatchesModel('2005-04-01');
  });

  test('an era list of 6,177 cards (HAT) in one read', async () => {
    const res = await importList(admin, '2014-04-01', read('2014.4-HAT.lflist.conf'));
    expect(await res.json()).toMatchObject({ name: '2014.4 HAT', whitelist: true, entries: 6177 });
    await expectMatchesModel('2014-04-01');
  });

  test('a multi-list file: ?list= picks one, the first by default', async () => {
    const text = read(MULTI);
    const second = summary[MULTI]!.lists[1]!;
    const picked = await importList(admin, '2026-04-15', text, { list: second.name });
    expect(await picked.json()).toMatchObject({ name: '2026.5 TCG', whitelist: false, entries: second.entries });
    await expectMatchesModel('2026-04-15');
    const first = await importList(admin, '2026-04-20', text);
    expect(await first.json()).toMatchObject({ name: summary[MULTI]!.lists[0]!.name, entries: summary[MULTI]!.lists[0]!.entries });
    await expectMatchesModel('2026-04-20');
  });

  test('a multi-list file with a list name it does not hold is a 400 naming the lists', async () => {
    const res = await importList(admin, '2026-04-25', read(MULTI), { list: 'No Such List' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^list: no list named "No Such List".*2026\.7, 2026\.5 TCG/);
  });

  test('a reference list: listed under references, not among the format dates, and not a page of its own', async () => {
    const res = await importList(admin, '2026-01-01', read('2026.05-TCG.lflist.conf'), { reference: true });
    expect(await res.json()).toMatchObject({ date: '2026-01-01', name: '2026.05 TCG', reference: true });
    expect(await (await anon.get('/api/banlists/references')).json()).toContain('2026-01-01');
    expect(await (await anon.get('/api/banlists/dates')).json()).not.toContain('2026-01-01');
    expect((await anon.get('/api/banlists/2026-01-01')).status).toBe(404);
    // lists from that date on take their Advanced status from it
    await expectMatchesModel('2026-05-01');
  });

  test('a list dated before every reference list is all UNLIMITED in Advanced', async () => {
    const list = await entries('2005-04-01');
    expect(new Set(list.map((e) => e.advancedFormatStatus))).toEqual(new Set(['UNLIMITED']));
  });

  test('replacing a list keeps the reasons of cards that stay on it', async () => {
    const date = '2026-06-01';
    await importList(admin, date, read('2026.05-Worlds.lflist.conf'));
    const [first] = await entries(date);
    expect((await admin.request('PUT', `/api/banlists/${date}/entries/${first!.id}/reason`, { body: 'Kept across imports' })).status).toBe(200);
    await importList(otherAdmin, date, read('2026.05-Worlds.lflist.conf'));
    const after = await entries(date);
    const same = after.find((e) => e.cardId === first!.cardId)!;
    expect(same).toMatchObject({ reason: 'Kept across imports', poster: { discordId: ADMIN } });
    // entries without a reason now belong to the admin who imported again
    expect(after.find((e) => e.cardId !== first!.cardId)!.poster?.discordId).toBe(OTHER_ADMIN);
  });

  test.each([
    ['junk text', 'hello world\nthis is not a banlist\n', /^No list found/],
    ['entries with no "!" line', '21044178 0 --Abyss Dweller\n', /^No list found/],
    ['an empty body', '', /^No list found/],
  ])('a body with no list (%s) is a 400', async (_why, body, message) => {
    const res = await admin.request('PUT', '/api/banlists/2026-08-01', { body });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
    expect(await (await anon.get('/api/banlists/dates')).json()).not.toContain('2026-08-01');
  });

  test('a JSON body is a 400 saying to send the file as text', async () => {
    const res = await admin.request('PUT', '/api/banlists/2026-08-01', { body: { text: '!x' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/text\/plain/);
  });

  test.each(['2026-13-01', '2026-02-30', 'latest', '2026-1-1'])('a bad date (%s) is a 400 on every banlist endpoint', async (date) => {
    for (const res of [
      await admin.request('PUT', `/api/banlists/${date}`, { body: read('2026.05-TCG.lflist.conf') }),
      await anon.get(`/api/banlists/${date}`),
      await anon.get(`/api/banlists/${date}/lflist`),
      await anon.get(`/api/banlists/${date}/summary`),
      await admin.request('DELETE', `/api/banlists/${date}?adminId=${ADMIN}`),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^date: /);
    }
  });

  test('a bad reference flag is a 400', async () => {
    const res = await admin.request('PUT', '/api/banlists/2026-08-01?reference=maybe', { body: read('2026.05-TCG.lflist.conf') });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^reference: /);
  });

  test.each([
    ['signed out', () => anon, 401],
    ['a plain user', () => plain, 403],
  ])('%s cannot import (%s)', async (_why, who, code) => {
    const res = await who().request('PUT', '/api/banlists/2026-08-01', { body: read('2026.05-TCG.lflist.conf') });
    expect(res.status).toBe(code);
    expect(await (await anon.get('/api/banlists/dates')).json()).not.toContain('2026-08-01');
  });
});

// ---- statuses ----------------------------------------------------------------------------------------------
describe('statuses: format, previous and Advanced', () => {
  beforeAll(async () => {
    await importList(admin, '2200-02-01', read('2026.05-TCG.lflist.conf'));
    await importList(admin, '2200-02-15', read('2026.05-Worlds.lflist.conf'), { reference: true });
    await importList(admin, '2200-03-01', read('2026.07-OCG.lflist.conf'));
  });

  test.each([
    ['Droll & Lock Bird: OCG 1, TCG before 2, Worlds reference 1', 94145021, 'LIMITED', 'SEMI_LIMITED', 'LIMITED'],
    ['Mathmech Circular: OCG 2, TCG before 1, Worlds 1', 36521307, 'SEMI_LIMITED', 'LIMITED', 'LIMITED'],
    ['Called by the Grave: OCG 0, TCG before 1, Worlds 1', 24224830, 'FORBIDDEN', 'LIMITED', 'LIMITED'],
    ['Block Dragon: OCG 1, TCG before 0, Worlds 0', 94689206, 'LIMITED', 'FORBIDDEN', 'FORBIDDEN'],
    ['Amazoness Archer: not on the TCG list before, forbidden in Worlds', 91869203, 'FORBIDDEN', 'NONE', 'FORBIDDEN'],
    ['Geonator Transverser: on neither list', 52119435, 'FORBIDDEN', 'NONE', 'UNLIMITED'],
  ])('%s', async (_why, cardId, format, previous, advanced) => {
    const entry = (await entries('2200-03-01')).find((e) => e.cardId === cardId)!;
    expect(entry).toMatchObject({ formatStatus: format, previousFormatStatus: previous, advancedFormatStatus: advanced });
  });

  test('names and types come from the card table; unknown cards are "Card {id}" and UNKNOWN', async () => {
    await importList(admin, '2026-07-01', read('2026.07.01-Rush-Prereleases.lflist.conf'));
    const list = await entries('2026-07-01');
    const unknown = list.filter((e) => !cardsById.has(e.cardId));
    expect(unknown.length).toBeGreaterThan(0);
    for (const e of unknown) expect(e).toMatchObject({ cardName: `Card ${e.cardId}`, cardType: 'UNKNOWN' });
    const entry = (await entries('2200-03-01')).find((e) => e.cardId === 94145021)!;
    expect(entry).toMatchObject({ cardName: 'Droll & Lock Bird', cardType: 'MONSTER_EFFECT' });
  });

  test('entries carry their poster: the admin who imported the list', async () => {
    const [entry] = await entries('2200-03-01');
    expect(entry!.poster).toEqual({ discordId: ADMIN, username: expect.any(String), displayName: 'Ada Admin' });
    expect(entry!.reason).toBeNull();
  });

  test('every list stored so far reads back as the model of the files says', async () => {
    for (const date of model.format.keys()) await expectMatchesModel(date);
  });
});

// ---- download ----------------------------------------------------------------------------------------------
describe('GET /api/banlists/{date}/lflist: download', () => {
  test.each([
    // GOAT, Speed and Rush have lines a later line of the same card overrides; Genesys is a $genesys points list
    ['2005.4-GOAT.lflist.conf', undefined, '2300-01-01'],
    ['2026.05-TCG.lflist.conf', undefined, '2300-01-02'],
    ['2026.07.01-Rush-Prereleases.lflist.conf', undefined, '2300-01-03'],
    ['2026.06.08-Genesys-points.lflist.conf', undefined, '2300-01-04'],
    ['2010-04-24-Edison-startend.lflist.conf', undefined, '2300-01-05'],
    ['2019.7-TOSS.lflist.conf', undefined, '2300-01-06'],
    [MULTI, '2021.1', '2300-01-07'],
    ['2025.07-Speed.lflist.conf', undefined, '2300-01-08'],
  ])('%s %s: a valid EDOPro file with the original\'s EDOPro hash, that imports back to the same list', async (file, list, date) => {
    const original = chosenList(read(file), list);
    expect((await importList(admin, date, read(file), { list })).status).toBe(200);

    const res = await anon.get(`/api/banlists/${date}/lflist`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${date}_Goat Format\\.lflist\\.conf"`));
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual([`#[${original.name}]`, `!${original.name}`]);
    expect(lines.includes('$whitelist')).toBe(original.whitelist);
    expect(lines.includes('$genesys')).toBe(original.genesys);

    const back = parseLflist(text);
    expect(back.skippedLines).toBe(0);
    expect(back.lists).toHaveLength(1);
    expect(back.lists[0]).toMatchObject({ name: original.name, whitelist: original.whitelist });
    expect(new Map(back.lists[0]!.entries.map((e) => [e.code, e.count]))).toEqual(new Map(original.entries.map((e) => [e.code, e.count])));

    // the list's EDOPro hash (its identity between host and players, decision 027): the served file's is the
    // original file's, duplicate lines and all, and so is the API's
    const expected = summary[file]!.lists.find((l) => l.name === original.name)!;
    expect(back.lists[0]!.hash).toBe(expected.hash);
    const listSummary = await anon.get(`/api/banlists/${date}/summary`);
    expect(listSummary.status).toBe(200);
    expect(await listSummary.json()).toEqual({
      date, kind: 'format', name: original.name, whitelist: original.whitelist, entries: expected.entries, hash: expected.hash, points: original.genesys,
    });
    // a points list's entries carry their points, and no copy limit
    const counts = new Map(original.entries.map((e) => [e.code, e.count]));
    const stored = await entries(date);
    if (original.genesys) for (const e of stored) expect([e.points, e.formatStatus]).toEqual([counts.get(e.cardId), 'UNLIMITED']);
    else expect(stored.every((e) => e.points === null)).toBe(true);

    // a tournament hosted on the list serves the same file
    const hosted = await admin.post('/api/tournaments/host', { name: `On ${date}`, banlistDate: date });
    expect(hosted.status).toBe(201);
    const tournamentFile = await anon.get(`/api/tournaments/${(await hosted.json()).uid}/banlist`);
    expect(await tournamentFile.text()).toBe(text);

    // through the API again: the same cards with the same statuses
    const again = date.replace('2300-01', '2300-02');
    expect((await importList(admin, again, text)).status).toBe(200);
    expect((await (await anon.get(`/api/banlists/${again}/summary`)).json()).hash).toBe(expected.hash);
    const byCard = (es: BanlistEntry[]) => es.map((e) => [e.cardId, e.cardName, e.formatStatus]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(byCard(await entries(again))).toEqual(byCard(await entries(date)));
  }, 60_000);

  test('card lines carry the name from the card table', async () => {
    const text = await (await anon.get('/api/banlists/2300-01-02/lflist')).text();
    expect(text).toContain('\n4280258 0 --Apollousa, Bow of the Goddess\n');
    expect(text).toContain('\n#Forbidden\n');
  });

  test('an unknown date is a 404', async () => {
    for (const path of ['lflist', 'summary']) {
      const res = await anon.get(`/api/banlists/1999-01-01/${path}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('Banlist not found');
    }
  });
});

// ---- delete ------------------------------------------------------------------------------------------------
describe('DELETE /api/banlists/{date}?adminId=', () => {
  const date = '2150-01-01';
  beforeAll(async () => {
    await importList(admin, date, read('2026.05-TCG.lflist.conf'));
  });

  test.each([
    ['signed out', () => anon, ADMIN, 401],
    ['a plain user', () => plain, PLAIN, 403],
    ['an admin naming another admin as adminId', () => otherAdmin, ADMIN, 403],
  ])('%s is refused', async (_why, who, adminId, code) => {
    const res = await who().request('DELETE', `/api/banlists/${date}?adminId=${adminId}`);
    expect(res.status).toBe(code);
    expect((await res.json()).error).toBeTruthy();
    expect((await anon.get(`/api/banlists/${date}`)).status).toBe(200);
  });

  test('an admin deletes it; the dates no longer list it; a second delete is a 404', async () => {
    const res = await otherAdmin.request('DELETE', `/api/banlists/${date}?adminId=${OTHER_ADMIN}`);
    expect(res.status).toBe(204);
    model.format.delete(date);
    expect((await anon.get(`/api/banlists/${date}`)).status).toBe(404);
    expect(await (await anon.get('/api/banlists/dates')).json()).not.toContain(date);
    const again = await otherAdmin.request('DELETE', `/api/banlists/${date}?adminId=${OTHER_ADMIN}`);
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe('Banlist not found');
  });

  test('?reference=true deletes the reference list of that date instead', async () => {
    await importList(admin, '2150-02-01', read('2026.05-TCG.lflist.conf'), { reference: true });
    expect((await admin.request('DELETE', `/api/banlists/2150-02-01?adminId=${ADMIN}&reference=true`)).status).toBe(204);
    model.reference.delete('2150-02-01');
    expect(await (await anon.get('/api/banlists/references')).json()).not.toContain('2150-02-01');
  });
});

// ---- reasons -----------------------------------------------------------------------------------------------
describe('PUT /api/banlists/{date}/entries/{id}/reason', () => {
  const date = '2160-01-01';
  let entryId: number;
  beforeAll(async () => {
    await importList(admin, date, read('2026.05-TCG.lflist.conf'));
    entryId = (await entries(date))[0]!.id;
  });
  const putReason = (who: TestClient, body: string, id = entryId, query = '') =>
    who.request('PUT', `/api/banlists/${date}/entries/${id}/reason${query}`, { body });

  test.each([
    ['signed out', () => anon, 401],
    ['a plain user', () => plain, 403],
    ['another admin: only the poster may', () => otherAdmin, 403],
  ])('%s cannot edit it', async (_why, who, code) => {
    const res = await putReason(who(), 'Nope');
    expect(res.status).toBe(code);
    expect((await entries(date))[0]!.reason).toBeNull();
  });

  test('the poster naming someone else as requesterId is refused', async () => {
    expect((await putReason(admin, 'Nope', entryId, `?requesterId=${OTHER_ADMIN}`)).status).toBe(403);
  });

  test('blank after trimming is a 400', async () => {
    const res = await putReason(admin, '  \n\t ');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('reason: the reason must not be blank');
  });

  test('the poster saves it: the answer is the updated entry and the list shows it', async () => {
    const before = (await entries(date))[0]!;
    const res = await putReason(admin, '  Too strong in the current meta.  ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...before, reason: 'Too strong in the current meta.' });
    expect((await entries(date))[0]!.reason).toBe('Too strong in the current meta.');
  });

  test('an entry of another date, or no entry at all, is a 404; a bad id a 400', async () => {
    const other = (await entries('2026-05-01'))[0]!.id;
    expect((await putReason(admin, 'x', other)).status).toBe(404);
    expect((await putReason(admin, 'x', 999_999_999)).status).toBe(404);
    const bad = await admin.request('PUT', `/api/banlists/${date}/entries/abc/reason`, { body: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^id: /);
  });
});

// ---- caching -----------------------------------------------------------------------------------------------
describe('reads are revalidated with ETags and compressed; writes change them', () => {
  const date = '2170-01-01';
  beforeAll(async () => {
    await importList(admin, date, read('2005.4-GOAT.lflist.conf'));
  });

  test('entries: 304 on If-None-Match; a reason edit gives a new ETag', async () => {
    const first = await anon.get(`/api/banlists/${date}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const same = await anon.get(`/api/banlists/${date}`, { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');

    const [entry] = (await first.json()) as BanlistEntry[];
    await admin.request('PUT', `/api/banlists/${date}/entries/${entry!.id}/reason`, { body: 'Changed' });
    const changed = await anon.get(`/api/banlists/${date}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as BanlistEntry[])[0]!.reason).toBe('Changed');
  });

  test('entries: gzip and brotli when asked, the same JSON inside', async () => {
    const plainBody = await (await anon.get(`/api/banlists/${date}`)).text();
    const gz = await fetch(`${server.url}/api/banlists/${date}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/Accept-Encoding/i);
    // fetch decodes the body itself; check the wire size through the raw length instead
    expect(await gz.text()).toBe(plainBody);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${server.url}/api/banlists/${date}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
        }),
      );
    });
    expect(raw.length).toBeLessThan(plainBody.length / 3);
    expect(gunzipSync(raw).toString()).toBe(plainBody);
    const br = await fetch(`${server.url}/api/banlists/${date}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(plainBody);
  });

  test('dates: 304 until a list is added or deleted', async () => {
    const first = await anon.get('/api/banlists/dates');
    const etag = first.headers.get('etag')!;
    expect((await anon.get('/api/banlists/dates', { 'if-none-match': etag })).status).toBe(304);
    await importList(admin, '2170-02-01', read('2026.05-TCG.lflist.conf'));
    const after = await anon.get('/api/banlists/dates', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.json()).toContain('2170-02-01');
    await admin.request('DELETE', `/api/banlists/2170-02-01?adminId=${ADMIN}`);
    model.format.delete('2170-02-01');
    expect(await (await anon.get('/api/banlists/dates')).json()).not.toContain('2170-02-01');
  });

  test('a new list before a date changes that date\'s page (its previous statuses)', async () => {
    const etag = (await anon.get(`/api/banlists/${date}`)).headers.get('etag')!;
    // the list before was TCG; Worlds gives other previous statuses
    await importList(admin, '2169-12-01', read('2026.05-Worlds.lflist.conf'));
    const res = await anon.get(`/api/banlists/${date}`, { 'if-none-match': etag });
    expect(res.status).toBe(200);
    await expectMatchesModel(date);
  });

  test('lflist and summary: 304 on If-None-Match', async () => {
    for (const path of ['lflist', 'summary']) {
      const first = await anon.get(`/api/banlists/${date}/${path}`);
      expect((await anon.get(`/api/banlists/${date}/${path}`, { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    }
  });

  test('dates are newest first', async () => {
    const dates = (await (await anon.get('/api/banlists/dates')).json()) as string[];
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates).toEqual([...model.format.keys()].sort().reverse());
  });

  test('summaries list every list with its size and EDOPro hash', async () => {
    const all = (await (await anon.get('/api/banlists/summaries')).json()) as { date: string; kind: string; entries: number; hash: number }[];
    expect(all.find((s) => s.date === '2005-04-01' && s.kind === 'format')).toMatchObject({ name: '2005.4 GOAT', whitelist: true, entries: 1704 });
    expect(all.find((s) => s.date === '2026-05-01' && s.kind === 'format')).toMatchObject({ name: '2026.05 TCG', hash: 0xe7305861, points: false });
    // the same hash as the one list's read gives
    for (const s of all.filter((x) => x.kind === 'format').slice(0, 5)) {
      expect((await (await anon.get(`/api/banlists/${s.date}/summary`)).json()).hash).toBe(s.hash);
    }
    expect(all.filter((s) => s.kind === 'reference').map((s) => s.date).sort()).toEqual([...model.reference.keys()].sort());
  });
});
